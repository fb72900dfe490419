// Events are declared once, in src/events/registry.ts (README → Contributing). This fails when anything
// else drifts from it: a dispatch in src/ of an event the registry lacks (or from an element it does not
// name), a registered event nothing dispatches, an element said to render another that does not, an element's JSDoc `@event` (the custom-elements manifest,
// docs/api.md) the registry does not give it, a React wrapper without its events, or src/react/event-props.ts
// and docs/events.md not what `npm run docs:events` writes. Each kind of drift is planted once to show it is caught.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_FILE, REACT_FILE, eventsHeardOn, generatedEventFiles, propName, registry, tagsWithEvents, type Registry } from '../../scripts/events.js';

/** Server code sends webhooks, not DOM events: its `emit(` is another thing. */
const SERVER = /^src\/(bff|sandbox|cli|contract|i18n|locales)\//;
const REACT_INDEX = 'src/react/index.ts';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

interface Tree {
  /** Browser source files: path → text. */
  sources: Map<string, string>;
  /** Generated files as they are on disk: path → text. */
  generated: Record<string, string>;
}

function readTree(): Tree {
  const sources = new Map(
    filesUnder('src')
      .filter((p) => p.endsWith('.ts') && !SERVER.test(p))
      .map((p) => [p, readFileSync(p, 'utf8')] as const),
  );
  return { sources, generated: Object.fromEntries([REACT_FILE, DOCS_FILE].map((p) => [p, readFileSync(p, 'utf8')])) };
}

/** `src/elements/cart/cart.component.ts` → `tote-cart`: the element whose folder holds a file, if any. */
function elementOf(path: string, tags: Set<string>): string | undefined {
  const dir = /([a-z-]+)\/[^/]+$/.exec(path)?.[1];
  return dir && tags.has(`tote-${dir}`) ? `tote-${dir}` : undefined;
}

/** Every event a file dispatches by a literal name: `emit('…'`, `dispatchToteEvent(target, '…'`, `new (Custom)Event('…'`. */
const dispatched = (text: string) =>
  [...text.matchAll(/\b(?:emit\(|dispatchToteEvent\([^,()]+,|new (?:Custom)?Event\()\s*['"]([a-z][a-z-]*)['"]/g)].map((m) => m[1]!);

/** The file that declares an element's class: `'tote-cart': ToteCart;` in `HTMLElementTagNameMap`. */
const declares = (text: string) => [...text.matchAll(/^\s+'(tote-[a-z-]+)': Tote[A-Za-z]+;$/gm)].map((m) => m[1]!);

function drift(tree: Tree, reg: Registry = registry): string[] {
  const problems: string[] = [];
  const tags = new Set([...tagsWithEvents(reg), ...[...tree.sources.values()].flatMap(declares)]);
  const seen = new Set<string>();

  for (const [path, text] of tree.sources) {
    const element = elementOf(path, tags);
    for (const name of dispatched(text)) {
      seen.add(name);
      const tote = reg.toteEvents[name];
      const native = Object.entries(reg.nativeEvents).filter(([, events]) => name in events).map(([tag]) => tag);
      if (!tote && !native.length) problems.push(`${path} dispatches ${name}, which src/events/registry.ts does not declare`);
      else if (element && !(tote?.from.includes(element) || native.includes(element))) problems.push(`${path} dispatches ${name} from ${element}, which the registry does not name among its \`from\``);
    }
    // The element's JSDoc `@event` lines make the manifest's `events`: each must be heard on it, and each it fires must be there.
    for (const tag of declares(text)) {
      const documented = new Set([...text.matchAll(/^ \* @event ([a-z-]+)/gm)].map((m) => m[1]!));
      const heard = eventsHeardOn(tag, reg);
      for (const name of documented) if (!heard.includes(name)) problems.push(`${path}: @event ${name} on ${tag}, not heard there by the registry`);
      const own = [...Object.entries(reg.toteEvents).filter(([, s]) => s.from.includes(tag)).map(([n]) => n), ...Object.keys(reg.nativeEvents[tag] ?? {})];
      for (const name of own) if (!documented.has(name)) problems.push(`${path}: ${tag} fires ${name} but its JSDoc has no @event for it`);
    }
  }
  for (const name of Object.keys(reg.toteEvents)) if (!seen.has(name)) problems.push(`${name} is registered but nothing in src/ dispatches it`);
  // Each `renders` pair is real: a file of the outer element's folder has the inner tag in a template.
  for (const [outer, inners] of Object.entries(reg.renders)) {
    const folder = [...tree.sources].filter(([path]) => elementOf(path, tags) === outer).map(([, text]) => text);
    for (const inner of inners) if (!folder.some((text) => text.includes(`<${inner}`))) problems.push(`the registry says ${outer} renders ${inner}, which its folder does not`);
  }

  // Each element with events has a React wrapper, and the wrapper takes the generated props for its tag.
  const index = tree.sources.get(REACT_INDEX) ?? '';
  for (const tag of tagsWithEvents(reg)) {
    const wrapper = new RegExp(`tagName: '${tag}',\\n\\s+elementClass: \\w+,\\n\\s+events: eventProps\\['${tag}'\\],`);
    if (!wrapper.test(index)) problems.push(`${REACT_INDEX}: no wrapper of ${tag} with events: eventProps['${tag}']`);
  }
  try {
    const expected = generatedEventFiles((path) => (path in tree.generated ? tree.generated[path]! : readFileSync(path, 'utf8')), reg);
    for (const [path, text] of Object.entries(expected)) if (tree.generated[path] !== text) problems.push(`${path} is not what \`npm run docs:events\` writes`);
  } catch (err) {
    problems.push(`npm run docs:events fails: ${(err as Error).message}`);
  }
  return problems;
}

/** The React props of each wrapper before the registry (public: they stay as they are). */
const PUBLIC_PROPS: Record<string, string[]> = {
  'tote-provider': ['onToteCartAdd', 'onToteSkuSelect', 'onToteOfferView', 'onToteCartOpen', 'onToteCheckoutStart'],
  'tote-offer-grid': ['onToteCartAdd', 'onToteSkuSelect', 'onToteOfferView', 'onToteOfferListView'],
  'tote-offer-card': ['onToteCartAdd', 'onToteSkuSelect', 'onToteOfferView'],
  'tote-variant-picker': ['onToteCartAdd', 'onToteSkuSelect', 'onToteOfferView'],
  'tote-cart': ['onToteCartCheckout', 'onToteCartRemove', 'onToteCartQuantity', 'onToteCartOpen'],
  'tote-address-form': ['onChange', 'onInput'],
  'tote-shipping-step': ['onToteShippingSelect', 'onToteShippingRemoveBag'],
  'tote-estimate': ['onToteEstimateChange'],
  'tote-checkout': ['onToteCheckoutSubmit', 'onToteCheckoutComplete', 'onToteCheckoutStep', 'onToteCheckoutContinue'],
  'tote-order-status': ['onToteOrderCancel'],
  'tote-order-lookup': ['onToteOrderFound', 'onToteOrderCancel'],
  'tote-merchant-health': ['onToteHealthRefresh'],
  'tote-merchant-onboarding': ['onToteOnboardingSave'],
};

describe('events: one registry', () => {
  it('src/, the elements’ @event docs, the React wrappers and docs/events.md agree with src/events/registry.ts', () => {
    assert.deepEqual(drift(readTree()), []);
  });

  it('keeps every React event prop that was public, and adds the ones that were missing', () => {
    const props = (tag: string) => eventsHeardOn(tag, registry).map(propName);
    for (const [tag, names] of Object.entries(PUBLIC_PROPS)) assert.deepEqual(names.filter((n) => !props(tag).includes(n)), [], tag);
    assert.deepEqual(props('tote-discount-codes'), ['onToteDiscountApply', 'onToteDiscountRemove']);
    assert.deepEqual(props('tote-currency-select'), ['onChange']);
    // What tote-checkout/analytics listens to is heard on the provider, the one wrapper around them all.
    for (const name of ['onToteOfferListView', 'onToteCartRemove', 'onToteCartQuantity', 'onToteCartCheckout', 'onToteCheckoutStep', 'onToteCheckoutComplete', 'onToteDiscountApply']) {
      assert.ok(props('tote-provider').includes(name), name);
    }
  });

  describe('a planted drift is caught', () => {
    const plant = (edit: (tree: Tree) => void) => {
      const tree = readTree();
      edit(tree);
      return drift(tree);
    };

    it('an unregistered event dispatched by an element', () => {
      const problems = plant((t) => t.sources.set('src/elements/cart/planted.ts', "this.emit('tote-cart-planted', {});\n"));
      assert.deepEqual(problems, ['src/elements/cart/planted.ts dispatches tote-cart-planted, which src/events/registry.ts does not declare']);
    });

    it('a registered event dispatched by an element the registry does not name', () => {
      const problems = plant((t) => t.sources.set('src/checkout/view/estimate/planted.ts', "dispatchToteEvent(this, 'tote-cart-open', {});\n"));
      assert.match(problems.join('\n'), /planted\.ts dispatches tote-cart-open from tote-estimate/);
    });

    it('a registered event nothing dispatches any more', () => {
      const problems = plant((t) => {
        const path = 'src/checkout/view/discount-codes/discount-codes.component.ts';
        t.sources.set(path, t.sources.get(path)!.replace("this.emit('tote-discount-remove'", 'void ('));
      });
      assert.deepEqual(problems, ['tote-discount-remove is registered but nothing in src/ dispatches it']);
    });

    it('an @event in an element’s JSDoc that the registry does not give it', () => {
      const problems = plant((t) => {
        const path = 'src/checkout/view/estimate/estimate.component.ts';
        t.sources.set(path, t.sources.get(path)!.replace(' * @event tote-estimate-change', ' * @event tote-cart-remove - planted.\n * @event tote-estimate-change'));
      });
      assert.deepEqual(problems, ['src/checkout/view/estimate/estimate.component.ts: @event tote-cart-remove on tote-estimate, not heard there by the registry']);
    });

    it('an element the registry says renders another, which no longer does', () => {
      const planted: Registry = { ...registry, renders: { ...registry.renders, 'tote-estimate': ['tote-cart'] } };
      assert.ok(drift(readTree(), planted).includes('the registry says tote-estimate renders tote-cart, which its folder does not'));
    });

    it('a React prop missing from the generated props', () => {
      const problems = plant((t) => {
        t.generated[REACT_FILE] = t.generated[REACT_FILE]!.replace("    onToteDiscountApply: on('tote-discount-apply'),\n", '');
      });
      assert.deepEqual(problems, [`${REACT_FILE} is not what \`npm run docs:events\` writes`]);
    });

    it('a React wrapper that does not take its element’s events', () => {
      const problems = plant((t) => t.sources.set(REACT_INDEX, t.sources.get(REACT_INDEX)!.replace("  events: eventProps['tote-cart'],\n", '')));
      assert.deepEqual(problems, [`${REACT_INDEX}: no wrapper of tote-cart with events: eventProps['tote-cart']`]);
    });

    it('docs/events.md edited by hand', () => {
      const problems = plant((t) => {
        t.generated[DOCS_FILE] = t.generated[DOCS_FILE]!.replace('the shopper removed a discount code', 'the shopper removed a code');
      });
      assert.deepEqual(problems, [`${DOCS_FILE} is not what \`npm run docs:events\` writes`]);
    });

    it('an event added to the registry and not generated', () => {
      const planted: Registry = {
        ...registry,
        toteEvents: { ...registry.toteEvents, 'tote-cart-planted': { from: ['tote-cart'], when: 'planted' } },
      };
      const problems = drift(readTree(), planted);
      assert.ok(problems.includes('tote-cart-planted is registered but nothing in src/ dispatches it'), problems.join('\n'));
      assert.ok(problems.some((p) => p.includes('tote-cart fires tote-cart-planted but its JSDoc has no @event')), problems.join('\n'));
      assert.ok(problems.includes('npm run docs:events fails: src/events/registry.ts: no `detail: {} as …` for tote-cart-planted'), problems.join('\n'));
    });
  });
});
