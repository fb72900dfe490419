// `npm run build`: per-module ESM + .d.ts for npm consumers, the one-file
// script-tag bundle (lit bundled) and its code-split twin, the custom
// elements manifest and the API tables made from it. Prints bundle sizes.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as vite } from 'vite';

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
await esbuild({
  entryPoints: sources,
  outbase: 'src',
  outdir: 'dist',
  format: 'esm',
  target: 'es2022',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
log(`${sources.length} modules`);

// 2. Declarations, in parallel with the bundles. `--noCheck`: `npm run typecheck` checks; this only emits.
const declarations = run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--noCheck']).then(() =>
  log('declarations'),
);

// 3. The script-tag bundles: dist/tote.js (one file) and dist/split/ (operator elements and the sanitiser loaded on demand).
const bundle = (entry, outDir, oneFile) =>
  vite({
    configFile: false,
    logLevel: 'warn',
    build: {
      target: 'es2022',
      outDir,
      emptyOutDir: false,
      sourcemap: true,
      minify: true,
      reportCompressedSize: false,
      lib: { entry, formats: ['es'], fileName: () => 'tote.js' },
      rolldownOptions: {
        output: {
          codeSplitting: !oneFile,
          minify: true,
          // Lazy chunks keep their module's name (merchant-health, purify); code shared with them is `shared-*`.
          chunkFileNames: (chunk) => (chunk.isDynamicEntry ? '[name]-[hash].js' : 'shared-[hash].js'),
        },
      },
    },
  });
await Promise.all([bundle('src/define.ts', 'dist', true), bundle('src/define-split.ts', 'dist/split', false)]);
log('script-tag bundles');

// 4. The custom elements manifest (package.json `customElements`), then docs/api.md from it.
await run('node_modules/.bin/cem', ['analyze', '--quiet']); // custom-elements-manifest.config.mjs
await run(process.execPath, ['scripts/api-tables.mjs']);
log('custom-elements.json, docs/api.md');
await declarations;

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
