/** Size: what a shopper downloads, minified, gzip and brotli, beside Buy Button's published bundle. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { figure, type Figure } from './stats.js';
import { stripeAdapterSizes } from './stripe-size.js';

const SECTION = 'size';
const BUY_BUTTON = 'node_modules/@shopify/buy-button-js/dist/buybutton.min.js';

export interface Sizes {
  min: number;
  gzip: number;
  brotli: number;
}

export function sizesOf(bytes: Uint8Array): Sizes {
  return {
    min: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function figures(id: string, name: string, s: Sizes): Figure[] {
  // Sizes do not vary from run to run: one measurement is the figure.
  return [
    figure(SECTION, `size.${id}.min`, `${name}, minified`, 'B', [s.min]),
    figure(SECTION, `size.${id}.gzip`, `${name}, gzip -9`, 'B', [s.gzip]),
    figure(SECTION, `size.${id}.brotli`, `${name}, brotli -q 11`, 'B', [s.brotli]),
  ];
}

function newest(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((latest, e) => {
    const p = join(dir, e.name);
    return Math.max(latest, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);
}

/** Runs `npm run build` when dist is missing or older than the sources. */
function ensureBuild(log: (m: string) => void): void {
  const out = 'dist/tote.js';
  const sources = Math.max(newest('src'), statSync('scripts/build.mjs').mtimeMs, statSync('package.json').mtimeMs);
  if (existsSync(out) && existsSync('dist/split/tote.js') && statSync(out).mtimeMs >= sources) return;
  log('size: dist missing or stale, running npm run build');
  execFileSync('npm', ['run', '-s', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** A module and the chunks it imports statically (what loads before anything is clicked), concatenated. */
function withStaticImports(entry: string): Uint8Array {
  return Buffer.concat(staticGraph(entry).map((f) => readFileSync(f)));
}

/** The files of a module's static import graph, entry first. */
export function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file);
    // `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`; not `import("./x.js")` (lazy).
    for (const m of code.toString('utf8').matchAll(/\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      visit(join(dirname(file), m[1]!));
    }
  };
  visit(entry);
  return [...seen];
}

/** Provider + grid + card bundled as a shop would, minified; only the entry's static graph loads up front. */
async function catalogFirstLoad(): Promise<Uint8Array> {
  const result = await build({
    stdin: {
      contents: [
        "import './src/elements/provider/provider.js';",
        "import './src/elements/offer-grid/offer-grid.js';",
        "import './src/elements/offer-card/offer-card.js';",
      ].join('\n'),
      resolveDir: process.cwd(),
      sourcefile: 'catalog-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    conditions: ['production'],
    outdir: 'bench-out',
    write: false,
    metafile: true,
    tsconfig: 'tsconfig.json',
    logLevel: 'error',
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((p) => outputs[p]!.entryPoint === 'catalog-entry.ts');
  if (!entry) throw new Error('catalog entry chunk not found');
  const eager = new Set<string>();
  const visit = (p: string) => {
    if (eager.has(p)) return;
    eager.add(p);
    for (const i of outputs[p]!.imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(entry);
  catalogComposition = composition(outputs, eager);
  const files = result.outputFiles.filter((f) => [...eager].some((p) => f.path.endsWith(p.replace(/^bench-out\//, '/'))));
  return Buffer.concat(files.map((f) => f.contents));
}

/** Bytes (minified) each source contributes to the catalog first load, largest first. */
export let catalogComposition: { input: string; bytes: number }[] = [];

function composition(outputs: Metafile['outputs'], eager: Set<string>) {
  const bytes = new Map<string, number>();
  for (const p of eager) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[p]!.inputs)) bytes.set(input, (bytes.get(input) ?? 0) + bytesInOutput);
  }
  return [...bytes].map(([input, n]) => ({ input, bytes: n })).sort((a, b) => b.bytes - a.bytes);
}

export async function measureSize(log: (m: string) => void): Promise<Figure[]> {
  const out: Figure[] = [];
  const buyButton = sizesOf(readFileSync(BUY_BUTTON));
  const versus = (id: string, name: string, s: Sizes) =>
    figure(SECTION, `size.${id}.vs_buy_button`, `${name} / Buy Button, brotli`, '×', [s.brotli / buyButton.brotli]);
  try {
    ensureBuild(log);
    const oneFile = sizesOf(readFileSync('dist/tote.js'));
    const split = sizesOf(withStaticImports('dist/split/tote.js'));
    out.push(
      ...figures('tote', 'dist/tote.js (one file, sanitizer inlined)', oneFile),
      ...figures('tote_eager', 'dist/split/tote.js + static chunks (what loads up front)', split),
      versus('tote_eager', 'dist/split/tote.js up front', split),
      ...stripeAdapterSizes(),
    );
  } catch (e) {
    log(`size: dist/tote.js not measured: ${(e as Error).message.split('\n')[0]}`);
  }
  const catalog = sizesOf(await catalogFirstLoad());
  out.push(
    ...figures('catalog', 'catalog-only first load (provider + grid + card)', catalog),
    versus('catalog', 'catalog-only first load', catalog),
    ...figures('buy_button', '@shopify/buy-button-js dist/buybutton.min.js', buyButton),
  );
  return out;
}
