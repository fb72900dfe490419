// The layers of src/ (README → Contributing), checked by `npm run lint:deps`:
//
//   browser:  root entries (index, define, define-split, headless), react → elements → stripe → state → core
//             the checkout is one folder, src/checkout/, read top-down: view (its elements) → controller (the flow,
//             its requests and timers) → rules (pure: the session's state machine, quote and order readings, address
//             checks); the view sits beside elements/ (it uses their shared internals), the controller beside state/
//             events (the registry of DOM events) names their types and runs none of their code
//             i18n holds every string (English beside each language) and msg(); it imports nothing else;
//             locales are the public entries that register a language up front
//   server:   bff, sandbox → contract → core; cli (the `tote` command) → bff → contract
//
// core is the zod-free part of contract/ that a browser may import at run time (money, statuses, the
// cancel window of a placed bag, the widget API's header names and `Retry-After` in wire.ts). A browser module may import any other contract module for its
// types only (`import type`), which the compiler erases. Type-only imports count for every other rule,
// circles included: a circle of types is still two modules that cannot be understood apart.
/** Contract modules a browser may import at run time: they import nothing but each other. */
const CORE = '^src/contract/(money|statuses|cancel-window|quote-limits|wire|delivery-dates|postal)[.]ts$';
const BROWSER = '^src/(elements|checkout|state|stripe|locales|i18n|react|events)/|^src/(index|define|define-split|headless)[.]ts$';
const SERVER = '^src/(bff|sandbox|contract|cli)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle, not even through type-only or dynamic imports.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-imports-only-core',
      severity: 'error',
      comment: 'core is what a browser may run: it imports nothing outside core (no zod, no schemas, no Node).',
      from: { path: CORE },
      to: { pathNot: CORE },
    },
    {
      name: 'browser-runs-no-schemas',
      severity: 'error',
      comment: 'Browser code runs only core of contract/; schema modules (zod) for their types only.',
      from: { path: BROWSER },
      to: { path: '^src/contract/', pathNot: CORE, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser-runs-no-zod',
      severity: 'error',
      comment: 'zod never reaches a shopper: browser code may name its types, never import it to run.',
      from: { path: BROWSER },
      to: { path: '(^|/)node_modules/zod/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser-imports-no-node',
      severity: 'error',
      comment: 'Browser code imports no Node module and no server layer.',
      from: { path: BROWSER },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-imports-no-server',
      severity: 'error',
      from: { path: BROWSER },
      to: { path: '^src/(bff|sandbox|cli)/' },
    },
    {
      name: 'server-imports-no-browser',
      severity: 'error',
      comment: 'The BFF, the sandbox and the contract never import widget code; the CLI only the strings (i18n export).',
      from: { path: SERVER },
      to: { path: BROWSER, pathNot: '^src/i18n/' },
    },
    {
      name: 'only-cli-reads-strings',
      severity: 'error',
      comment: 'Shopper strings stay out of the BFF, the sandbox and the contract (the BFF answers codes, the widget words).',
      from: { path: '^src/(bff|sandbox|contract)/' },
      to: { path: '^src/i18n/' },
    },
    {
      name: 'contract-below-bff-and-sandbox',
      severity: 'error',
      comment: 'contract/ is shared by the BFF and the sandbox: it imports neither.',
      from: { path: '^src/contract/' },
      to: { path: '^src/(bff|sandbox)/' },
    },
    {
      name: 'bff-and-sandbox-apart',
      severity: 'error',
      comment: 'The BFF talks to the service (or the sandbox) over HTTP only; neither imports the other.',
      from: { path: '^src/bff/' },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'sandbox-and-bff-apart',
      severity: 'error',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/bff/' },
    },
    {
      name: 'cli-apart-from-sandbox',
      severity: 'error',
      comment: 'tote works against the real service as well: it reads the BFF\'s environment and talks HTTP, never the sandbox\'s code.',
      from: { path: '^src/cli/' },
      to: { path: '^src/sandbox/' },
    },
    {
      name: 'cli-on-top',
      severity: 'error',
      comment: 'The command line is a leaf: the BFF, the sandbox and the contract never import it.',
      from: { path: '^src/(bff|sandbox|contract)/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'state-below-elements',
      severity: 'error',
      comment: 'state/ is plain TypeScript the elements use: it imports no element, adapter or translation.',
      from: { path: '^src/state/' },
      to: { path: '^src/(elements|checkout|stripe|locales|i18n|react)/|^src/[^/]+[.]ts$' },
    },
    {
      name: 'checkout-controller-below-view',
      severity: 'error',
      comment: 'The checkout\'s controller is plain TypeScript its view uses: it imports no element, adapter or translation.',
      from: { path: '^src/checkout/controller/' },
      to: { path: '^src/(elements|checkout/view|stripe|locales|i18n|react)/|^src/[^/]+[.]ts$' },
    },
    {
      name: 'checkout-rules-pure',
      severity: 'error',
      comment: 'The checkout\'s rules are pure: no element, no controller, no request or store (their types only).',
      from: { path: '^src/checkout/rules/' },
      to: { path: '^src/(elements|checkout/(view|controller)|stripe|locales|i18n|react)/|^src/[^/]+[.]ts$' },
    },
    {
      name: 'checkout-rules-run-no-state',
      severity: 'error',
      comment: 'Rules may name the state layer\'s types (the API a format is fetched through), never run it.',
      from: { path: '^src/checkout/rules/' },
      to: { path: '^src/state/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'stripe-below-elements',
      severity: 'error',
      comment: 'The Stripe adapter implements checkout/controller/payment-adapter; the checkout\'s view loads it, it never imports an element.',
      from: { path: '^src/stripe/' },
      to: { path: '^src/(elements|checkout/view|locales|react)/|^src/[^/]+[.]ts$' },
    },
    {
      name: 'events-declare-only',
      severity: 'error',
      comment: 'src/events/ declares the DOM events: it names the types of the layers that carry them and runs none of their code, so every browser layer may dispatch through it.',
      from: { path: '^src/events/' },
      to: { path: '^src/', pathNot: '^src/events/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'locales-hold-only-strings',
      severity: 'error',
      comment: 'A locale is translations: it imports no element, store or adapter.',
      from: { path: '^src/locales/' },
      to: { path: '^src/(elements|checkout|state|stripe|react)/|^src/[^/]+[.]ts$' },
    },
    {
      name: 'i18n-holds-only-strings',
      severity: 'error',
      comment: 'Strings and their lookup: i18n imports nothing outside itself, so any layer above may use it.',
      from: { path: '^src/i18n/' },
      to: { path: '^src/', pathNot: '^src/i18n/' },
    },
    {
      name: 'elements-below-entries',
      severity: 'error',
      comment: 'Elements never import the entry files or the framework wrappers that are built on them.',
      from: { path: '^src/(elements|checkout|state|stripe|locales|i18n)/' },
      to: { path: '^src/react/|^src/[^/]+[.]ts$' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
