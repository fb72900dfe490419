/**
 * The quote's CPU, tree against tree (issue 30): on a machine this loaded, two bench runs minutes apart
 * differ more than one cut does, so a cut is measured against the tree before it in the same run:
 *   node --import tsx bench/quote-ab.ts <tree> <tree>…   (each a checkout of the repo with node_modules)
 * starts one sandbox and one bare proxy (bench/bare-proxy.ts), and each tree's bench BFF
 * (bench/serve.ts) in its own process, then loads them in turn, `ROUNDS` times (default 5) `QUOTES`
 * quotes each (default 2,000), the bare proxy with the same estimate, and prints each BFF's CPU per quote
 * (user + system, /proc) and its mean latency (autocannon, 10 connections), each with the median of its
 * per-round ratios to the bare proxy's. Beside them, from this tree, the quote's floor
 * (bench/minimal-quote.ts: only what a correct quote must do beyond the proxy's two exchanges). Each
 * target first serves `WARMUP` requests (default 3,000): with 1,000, the first round still ran partly
 * unoptimised code, the bare proxy's too (its CPU per request 1.5–2× its later rounds').
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { cpuMs, load } from './bff.js';
import { SERVICE_HEADERS } from './servers.js';

const trees = process.argv.slice(2).map((t) => resolve(t));
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const QUOTES = Number(process.env.QUOTES ?? 2000);
const WARMUP = Number(process.env.WARMUP ?? 3000);
if (!trees.length) throw new Error('usage: bench/quote-ab.ts <tree> [<tree>…]');

function serve(cwd: string, args: string[], script = 'bench/serve.ts'): Promise<{ pid: number; info: Record<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  process.once('exit', () => child.kill());
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`${script} ${args[0]} in ${cwd} exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (l) => done({ pid: child.pid!, info: JSON.parse(l) }));
  });
}

const sandbox = (await serve(trees[0]!, ['sandbox'])).info.sandbox!;
const bare = await serve(trees[0]!, ['bare', sandbox]);
// The floor from this tree, whichever trees are compared.
const floor = await serve(resolve(import.meta.dirname, '..'), [sandbox], 'bench/minimal-quote.ts');
const bffs = await Promise.all(trees.map((tree) => serve(tree, ['bff', sandbox])));
const page = (await (await fetch(`${bffs[0]!.info.cached}/api/offers?merchant_id=1001&size=20`)).json()) as { offers: { skus: { id: number }[] }[] };
const lines = [{ sku_id: page.offers[0]!.skus[0]!.id, quantity: 1 }];
const address = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' };
const quote = JSON.stringify({ lines, shipping_address: address });
const estimate = JSON.stringify({ skus: lines, shipping_address: address, discounts: [], base_currency: 'USD' });
const targets = [
  ...bffs.map((b, i) => ({ name: trees[i]!, pid: b.pid, go: (n: number) => load(`${b.info.cached}/api/checkout/quote`, { method: 'POST', body: quote, requests: n }) })),
  { name: 'floor', pid: floor.pid, go: (n: number) => load(`${floor.info.floor}/api/checkout/quote`, { method: 'POST', body: quote, requests: n }) },
  { name: 'bare proxy', pid: bare.pid, go: (n: number) => load(`${bare.info.bare}/v1/orders/estimate`, { method: 'POST', body: estimate, headers: SERVICE_HEADERS, requests: n }) },
];
for (const t of targets) await t.go(WARMUP);
const cpu = new Map(targets.map((t) => [t.name, [] as number[]]));
const latency = new Map(targets.map((t) => [t.name, [] as number[]]));
for (let round = 0; round < ROUNDS; round++) {
  for (const t of targets) {
    const before = cpuMs(t.pid)!;
    const loaded = await t.go(QUOTES);
    cpu.get(t.name)!.push((cpuMs(t.pid)! - before) / loaded.total);
    latency.get(t.name)!.push(loaded.mean);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const bareCpu = cpu.get('bare proxy')!;
const bareLatency = latency.get('bare proxy')!;
for (const [name, xs] of cpu) {
  const ratio = median(xs.map((x, i) => x / bareCpu[i]!));
  const ms = latency.get(name)!;
  const latencyRatio = median(ms.map((x, i) => x / bareLatency[i]!));
  console.log(`${name}: CPU per request ${median(xs).toFixed(3)} ms (${xs.map((x) => x.toFixed(2)).join(' ')}), ${ratio.toFixed(2)}× the bare proxy`);
  console.log(`${' '.repeat(name.length)}  mean latency ${median(ms).toFixed(2)} ms (${ms.map((x) => x.toFixed(2)).join(' ')}), ${latencyRatio.toFixed(2)}× the bare proxy's`);
}
process.exit(0);
