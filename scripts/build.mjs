// `npm run build`: per-module ESM + .d.ts for npm consumers, the one-file
// script-tag bundle (lit bundled) and its code-split twin, the custom
// elements manifest and the API tables made from it, and the server package's dist (packages/server). Prints bundle sizes.
import { spawn } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { minify as terser } from 'terser';
import { build as vite } from 'vite';
import { minifyTemplatesEsbuildPlugin, minifyTemplatesPlugin } from './minify-templates.mjs';
import { writeServerPackage } from './server-package.mjs';
import { writeWidgetIgnores } from './widget-package.mjs';

const started = Date.now();
const log = (m) => console.log(`build: ${m} (${Date.now() - started} ms)`);

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

rmSync('dist', { recursive: true, force: true });

// 1. One ESM file per source module, so importing one element costs one element.
const sources = walk('src').filter((p) => p.endsWith('.ts') && !p.endsWith('.d.ts'));
/**
 * A translation (`src/i18n/<lang>/<area>.ts`, not English) carries its own copy of `plural` (`i18n/format.ts`, 63 B):
 * imported, it is shared by the catalogue and every language's lazy strings, so a shop's bundler gives it a chunk of
 * its own, one more file in the catalogue's first load (83 B brotli where inside the catalogue's chunk it costs 30).
 * A page loads one language besides English, so the copy costs a translated page those bytes once.
 */
const translation = (p) => /^src\/i18n\/(?!en\/|areas\/)[a-z-]+\/[a-z]+\.ts$/.test(p);
const perModule = {
  outbase: 'src',
  outdir: 'dist',
  format: 'esm',
  target: 'es2022',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
  // Kept as written: the BFF imports its address data `with { type: 'json' }`, which Node requires.
  supported: { 'import-attributes': true },
  plugins: [minifyTemplatesEsbuildPlugin()],
};
const inlineFormat = {
  name: 'tote-inline-plural',
  setup(build) {
    // Every import of a translation but `../format.js` stays an import.
    build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'entry-point' || /\/format\.js$/.test(args.path) ? undefined : { external: true }));
    build.onResolve({ filter: /\/format\.js$/ }, (args) => ({ path: join(args.resolveDir, args.path.replace(/\.js$/, '.ts')) }));
  },
};
await Promise.all([
  esbuild({ ...perModule, entryPoints: sources.filter((p) => !translation(p)) }),
  esbuild({ ...perModule, entryPoints: sources.filter(translation), bundle: true, plugins: [inlineFormat, ...perModule.plugins] }),
]);
log(`${sources.length} modules`);
// Data files the server modules read beside themselves (the BFF's address data, `src/bff/address/countries.json`).
for (const p of walk('src').filter((f) => f.endsWith('.json'))) cpSync(p, join('dist', p.slice('src/'.length)));

// 2. Declarations, in parallel with the bundles. `--noCheck`: `npm run typecheck` checks; this only emits.
const declarations = run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--noCheck']).then(() =>
  log('declarations'),
);

// 3. The script-tag bundles: dist/tote.js (one file) and dist/split/ (see src/define-split.ts for what loads when).
/**
 * Everything the split entry imports statically goes into the entry file itself: one request up front, and
 * `tote-provider` defined before the elements that consume its context (default chunking put cart.ts in a
 * shared chunk that ran first). No lit directive rides in it: the journey uses none (lit's `live` and the
 * directive code under it, 1.5 KB, were only for two inputs, which now set their value themselves). So do the zod-free
 * `src/contract/` helpers (150 B): the checkout group takes in what its modules import, and `statuses.ts` there
 * made the operator chunks import the whole checkout chunk for one status test.
 */
function initialChunk() {
  const initial = new Set();
  return {
    plugin: {
      name: 'tote-initial-modules',
      buildEnd() {
        const visit = (id) => {
          if (initial.has(id)) return;
          initial.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
        };
        for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
      },
    },
    // The cancel window is only for the pages after the order (issue 28): it rides in their own chunks.
    group: { name: 'tote', priority: 2, test: (id) => initial.has(id) || (/\/src\/contract\//.test(id) && !/\/cancel-window\.ts$/.test(id)) },
  };
}

/**
 * The checkout flow is one lazy chunk: its steps share their state modules, and a chunk shared between them
 * would cost the first "Check out" a second round trip. The variant picker rides in it: a chunk of its own cost
 * the shopper journey about 1 KB brotli more (two files compress worse than one), and the first "Choose options"
 * then brings the flow, so the "Check out" after it fetches nothing (docs/benchmarks.md has the load figures). The order page (`<tote-order-status>`, a later visit
 * than the buying journey) is not in it: it loads as a chunk of its own and needs nothing of the checkout's.
 * The Stripe adapter
 * with its Stripe.js loader: the real service takes payments through Stripe only, so every checkout that pays
 * loads it, and inside the flow's chunk it costs 470 B less than as a chunk of its own and no round trip at the
 * payment step (js.stripe.com itself still loads only when a Stripe payment mounts). The sandbox's test
 * cards stay apart: only the demo and tests pay with them.
 */
const checkoutGroup = {
  name: 'checkout',
  priority: 1,
  test: (id) =>
    /\/src\/(checkout\/|elements\/variant-picker\/|i18n\/(en|areas)\/(checkout|picker)|stripe\/)/.test(id) &&
    !/\/sandbox-adapter\.ts$/.test(id),
};

const bundle = (entry, outDir, oneFile) => {
  const initial = initialChunk();
  return vite({
    configFile: false,
    logLevel: 'warn',
    plugins: [minifyTemplatesPlugin(), ...(oneFile ? [] : [initial.plugin])],
    build: {
      target: 'es2022',
      outDir,
      emptyOutDir: false,
      sourcemap: true,
      minify: true,
      reportCompressedSize: false,
      lib: { entry, formats: ['es'], fileName: () => 'tote.js' },
      rolldownOptions: {
        // Lets the group named like the entry merge into the entry file.
        preserveEntrySignatures: 'allow-extension',
        output: {
          codeSplitting: oneFile ? false : { groups: [initial.group, checkoutGroup] },
          minify: true,
          // No comments: `/* @__PURE__ */` marks are for a bundler that reads the file again, a browser only pays for them
          // (57 B brotli on the journey). The minifier already dropped the others (lit's license headers included).
          comments: false,
          // Lazy chunks keep their module's name (checkout, merchant-health), a language's strings are
          // `locale-<lang>-<area>`, code shared by lazy chunks is `shared-*`.
          chunkFileNames: (chunk) => {
            const locale = chunk.facadeModuleId?.match(/\/i18n\/([\w-]+)\/(\w+)\.ts$/);
            if (locale) return `locale-${locale[1]}-${locale[2]}-[hash].js`;
            return chunk.isDynamicEntry || chunk.name === checkoutGroup.name ? '[name]-[hash].js' : 'shared-[hash].js';
          },
        },
      },
    },
  });
};
await Promise.all([bundle('src/define.ts', 'dist', true), bundle('src/define-split.ts', 'dist/split', false)]);
log('script-tag bundles');

/**
 * A second minifier over the script-tag bundles, after oxc's: terser (three compress passes, its own mangler with
 * names ranked by frequency) takes 406 B brotli off the shopper journey that oxc leaves (measured on session 17's
 * build: 51,472 → 51,066 B); terser alone, instead of oxc, did worse (51,705). Exports keep their names (`module`),
 * and each source map is chained through, so the per-module breakdown of `npm run bench` stays true.
 */
async function minifyAgain(file) {
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const out = await terser(readFileSync(file, 'utf8'), {
    module: true,
    ecma: 2022,
    compress: { passes: 3 },
    format: { comments: false },
    sourceMap: { content: map, url: `${file.split('/').pop()}.map` },
  });
  writeFileSync(file, out.code);
  writeFileSync(`${file}.map`, JSON.stringify({ ...JSON.parse(out.map), sourcesContent: map.sourcesContent }));
}
// dist/split only: what the budgets count and a shop's page loads; the one-file dist/tote.js (no budget) keeps oxc's
// output alone, as terser over its 230 KB would double the build's time.
await Promise.all(walk('dist/split').filter((f) => f.endsWith('.js')).map(minifyAgain));
log('terser over dist/split');

// 4. The custom elements manifest (package.json `customElements`), then docs/api.md from it.
await run('node_modules/.bin/cem', ['analyze', '--quiet']); // custom-elements-manifest.config.mjs
await run(process.execPath, ['scripts/api-tables.mjs']);
log('custom-elements.json, docs/api.md');
await declarations;
log(`packages/server/dist: ${writeServerPackage()} files`);
log(`the widget ships ${writeWidgetIgnores()} contract modules as code (dist/contract/.npmignore)`);

// A bundle that lost an element (a module dropped as "side-effect free") must fail the build, not ship.
const tags = [...readFileSync('src/define.ts', 'utf8').matchAll(/elements\/([a-z-]+)\/\1\.js/g)].map((m) => `tote-${m[1]}`);
const oneFile = readFileSync('dist/tote.js', 'utf8');
const missing = tags.filter((t) => !new RegExp(`["'\`]${t}["'\`]`).test(oneFile));
if (missing.length) throw new Error(`dist/tote.js does not define ${missing.join(', ')}`);

const size = (file) => {
  const b = readFileSync(file);
  return `${file} ${(b.length / 1024).toFixed(1)} KB, gzip ${(gzipSync(b, { level: 9 }).length / 1024).toFixed(1)} KB, brotli ${(brotliCompressSync(b).length / 1024).toFixed(1)} KB`;
};
console.log(size('dist/tote.js'));
for (const f of readdirSync('dist/split').filter((f) => f.endsWith('.js'))) console.log(size(join('dist/split', f)));
writeFileSync('dist/.built', new Date().toISOString()); // lets test/ship reuse this build
log(`done, ${tags.length} elements in dist/tote.js`);
