/**
 * Where the BFF's CPU goes on one hot path, to find what to cut (issue 30):
 *   node --import tsx bench/profile.ts quote|offers [requests]
 * starts the sandbox and the bench's BFF (bench/serve.ts) in their own processes, warms the path,
 * profiles the BFF (node:inspector) while autocannon loads it, and prints the functions with the most
 * self time and the BFF's own functions by total time (the profile is left in the system's temporary
 * folder, for Chrome's DevTools).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const [what = 'quote', count = '3000'] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'tote-profile-'));

async function serve(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; info: Record<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const info = await new Promise<Record<string, string>>((resolve) => createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l))));
  return { child, info };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

const sandbox = await serve(['sandbox']);
const file = join(dir, `${what}.cpuprofile`);
const bff = await serve(['bff', sandbox.info.sandbox!], { BENCH_CPU_PROFILE: file });
const base = bff.info.cached!;
const { offers } = (await (await fetch(`${base}/api/offers?merchant_id=1001&size=20`)).json()) as { offers: { skus: { id: number }[] }[] };
const address = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' };
const body = JSON.stringify({ lines: [{ sku_id: offers[0]!.skus[0]!.id, quantity: 1 }], shipping_address: address });
const target =
  what === 'offers'
    ? { url: `${base}/api/offers?merchant_id=1001&size=20` }
    : { url: `${base}/api/checkout/quote`, method: 'POST' as const, body, headers: { 'content-type': 'application/json' } };
await autocannon({ ...target, connections: 10, amount: 1000 });
bff.child.kill('SIGUSR2');
await new Promise((r) => setTimeout(r, 200));
const result = await autocannon({ ...target, connections: 10, amount: Number(count) });
console.log(`${what}: ${result.requests.total} requests, mean ${result.latency.average} ms, ${result.non2xx} non-2xx`);
// SIGINT: the BFF writes the profile and exits.
await new Promise<void>((resolve) => {
  bff.child.once('exit', () => resolve());
  bff.child.kill('SIGINT');
});
sandbox.child.kill();

const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  return `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}`;
};
const self = new Map<string, number>();
const total = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  self.set(name(byId.get(id)!), (self.get(name(byId.get(id)!)) ?? 0) + ms);
  // Total time: once per function on the stack.
  const seen = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
    const key = name(byId.get(n)!);
    if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + ms);
    seen.add(key);
  }
});
const busy = [...self].filter(([k]) => !k.startsWith('(idle)')).reduce((a, [, ms]) => a + ms, 0);
console.log(`profile: ${file} (${busy.toFixed(0)} ms busy, ${(busy / result.requests.total).toFixed(3)} ms per request)`);
const top = (m: Map<string, number>, keep: (k: string) => boolean, n: number) =>
  [...m].filter(([k]) => keep(k)).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => `${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${k}`);
console.log('self time:');
for (const line of top(self, (k) => !k.startsWith('(idle)'), 25)) console.log(line);
console.log('total time, the BFF and contract code:');
for (const line of top(total, (k) => / src\//.test(k), 30)) console.log(line);
