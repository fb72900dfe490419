import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build as esbuild } from 'esbuild';
import { minifyTemplatesEsbuildPlugin } from '../scripts/minify-templates.mjs';
const walk = d => readdirSync(d).flatMap(n => { const p = join(d, n); return statSync(p).isDirectory() ? walk(p) : [p]; });
const sources = walk('src').filter(p => p.endsWith('.ts') && !p.endsWith('.d.ts'));
await esbuild({ entryPoints: sources, outbase: 'src', outdir: 'dist', format: 'esm', target: 'es2022', sourcemap: true, tsconfig: 'tsconfig.json', logLevel: 'warning', plugins: [minifyTemplatesEsbuildPlugin()] });
