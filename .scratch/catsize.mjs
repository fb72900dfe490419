import { build } from 'esbuild';
import { brotliCompressSync, constants } from 'node:zlib';
const r = await build({ stdin: { contents: ["import './dist/elements/provider/provider.js';","import './dist/elements/offer-grid/offer-grid.js';","import './dist/elements/offer-card/offer-card.js';"].join('\n'), resolveDir: process.cwd(), sourcefile: 'catalog-entry.js', loader: 'js' }, bundle: true, splitting: true, format: 'esm', minify: true, target: 'es2022', conditions: ['production'], outdir: 'bench-out', write: false, metafile: true, logLevel: 'error' });
const outs = r.metafile.outputs; const entry = Object.keys(outs).find(p => outs[p].entryPoint === 'catalog-entry.js');
const eager = new Set(); const visit = p => { if (eager.has(p)) return; eager.add(p); for (const i of outs[p].imports) if (i.kind === 'import-statement') visit(i.path); }; visit(entry);
let b = 0, m = 0; for (const f of r.outputFiles) if ([...eager].some(p => f.path.endsWith(p.replace(/^bench-out\//, '/')))) { m += f.contents.length; b += brotliCompressSync(f.contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length; }
console.log('catalog min', m, 'brotli', b);
