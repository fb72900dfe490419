// `npm run build`: per-module ESM + .d.ts for npm consumers, the one-file
// script-tag bundle (lit bundled), its code-split twin, and the manifest.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

// 2. Declarations.
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
log('declarations');

// 3. The script-tag bundles: dist/tote.js (one file) and dist/split/ (sanitizer loaded on demand).
const bundle = (outDir, oneFile) =>
  vite({
    configFile: false,
    logLevel: 'warn',
    build: {
      target: 'es2022',
      outDir,
      emptyOutDir: false,
      sourcemap: true,
      minify: true,
      lib: { entry: 'src/define.ts', formats: ['es'], fileName: () => 'tote.js' },
      rolldownOptions: { output: { inlineDynamicImports: oneFile, minify: true } },
    },
  });
await bundle('dist', true);
await bundle('dist/split', false);
log('script-tag bundles');

// 4. The custom elements manifest, referenced by package.json `customElements`.
execFileSync('npm', ['run', '-s', 'manifest'], { stdio: 'inherit' });
log('custom-elements.json');
