// What `npm publish` would upload of each package, from `npm pack --dry-run --json`. The widget (`tote-checkout`,
// the root): its build (code, types, source maps, which carry their sources), the elements manifest, README,
// LICENSE and CHANGELOG; no server code (bff, sandbox, cli, the contract's zod schemas as code). The server
// (`tote-checkout-server`, packages/server): the BFF, contract, sandbox and CLI, what they import and the BFF's
// address data, nothing of the widget's elements or state. Both: every file their exports reach is in the tarball, and every package their
// code imports by name is one they depend on.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { closure, entryFiles } from '../../scripts/package-closure.mjs';
import { ensureBuilt, repo } from './support.js';

const run = promisify(execFile);
const SHIPPED = /^(dist\/.+\.(js|d\.ts|js\.map)|custom-elements\.json|CHANGELOG\.md|LICENSE|README\.md|package\.json)$/;
/** The server's data files (read beside its modules, not imported): the BFF's address data. */
const SERVER_DATA = /^dist\/bff\/address\/countries\.json$/;
/** The widget's entry that runs on a server: it renders with @lit-labs/ssr and checks the BFF's answers with the contract's schemas. */
const SSR_ENTRY = 'dist/ssr/index.js';

interface Manifest {
  name: string;
  exports: Record<string, string | Record<string, string>>;
  bin?: Record<string, string>;
  unpkg?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

async function dryRun(dir: string): Promise<{ pkg: Manifest; files: string[] }> {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], { cwd: dir });
  const [info] = JSON.parse(stdout) as { files: { path: string }[] }[];
  return { pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest, files: info!.files.map((f) => f.path) };
}

function checkClosure(dir: string, pkg: Manifest, files: string[]) {
  const named = [
    ...Object.values(pkg.exports).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v))),
    ...Object.values(pkg.bin ?? {}),
    ...(pkg.unpkg ? [pkg.unpkg] : []),
  ].filter((p) => !p.includes('*')).map((p) => p.replace(/^\.\//, ''));
  assert.deepEqual(named.filter((p) => !files.includes(p)), [], 'every file an export, the bin or `unpkg` names');
  const reached = closure(dir, entryFiles(pkg, files));
  assert.deepEqual(reached.files.filter((f) => !files.includes(f)), [], 'every file the entries import is shipped');
  const allowed = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {}), 'lit-html']);
  assert.deepEqual(reached.packages.filter((p) => !allowed.has(p)), [], `${pkg.name} imports only what it depends on`);
  return reached;
}

describe('npm pack --dry-run', { timeout: 300_000 }, () => {
  let widget: { pkg: Manifest; files: string[] };
  let server: { pkg: Manifest; files: string[] };
  const serverDir = join(repo, 'packages/server');

  before(async () => {
    await ensureBuilt();
    [widget, server] = await Promise.all([dryRun(repo), dryRun(serverDir)]);
  });

  it('the widget lists only code, types, maps, the manifest, README, LICENSE and CHANGELOG', () => {
    assert.equal(widget.pkg.name, 'tote-checkout');
    assert.deepEqual(widget.files.filter((f) => !SHIPPED.test(f)), []);
    for (const f of ['LICENSE', 'CHANGELOG.md', 'README.md', 'package.json', 'custom-elements.json', 'dist/index.js', 'dist/index.d.ts', 'dist/index.js.map', 'dist/tote.js', 'dist/define.d.ts', 'dist/analytics/index.js', 'dist/react/index.d.ts', 'dist/headless.js', 'dist/locales/de.js', 'dist/elements/cart/cart.js']) {
      assert.ok(widget.files.includes(f), `${f} is shipped`);
    }
    assert.ok(widget.files.some((f) => /^dist\/split\/.+\.js$/.test(f)), 'the code-split bundle');
  });

  it('the widget ships no server code: no BFF, sandbox or CLI, and of the contract only the modules its entries run', () => {
    assert.deepEqual(widget.files.filter((f) => /^dist\/(bff|sandbox|cli)\//.test(f)), []);
    const runs = closure(repo, entryFiles(widget.pkg, widget.files), { types: false }).files;
    assert.deepEqual(widget.files.filter((f) => /^dist\/contract\/.+\.js$/.test(f) && !runs.includes(f)), [], 'no contract code no entry runs');
    assert.ok(!widget.files.includes('dist/contract/client.js') && !widget.files.includes('dist/contract/token.js'), 'no service client');
    assert.equal(widget.pkg.bin, undefined, 'the `tote` command is the server package\'s');
    for (const sub of ['./bff', './sandbox', './contract']) assert.equal(widget.pkg.exports[sub], undefined, `no ${sub} export`);
  });

  it('the widget: every file its exports reach is shipped; its browser code runs no server dependency (of the contract, zod-free modules only)', () => {
    checkClosure(repo, widget.pkg, widget.files);
    const serverDeps = Object.keys(server.pkg.dependencies ?? {});
    assert.deepEqual(Object.keys(widget.pkg.dependencies ?? {}).filter((d) => serverDeps.includes(d)), [], 'no server dependency');
    const browser = closure(repo, entryFiles(widget.pkg, widget.files).filter((f) => f !== SSR_ENTRY), { types: false });
    assert.deepEqual(browser.packages.filter((p) => serverDeps.includes(p) || p === '@lit-labs/ssr'), [], 'the browser entries run no server dependency, zod included');
    // tote-checkout/ssr runs on the storefront's server: what it needs beyond the widget are optional peers.
    const ssr = closure(repo, [SSR_ENTRY], { types: false });
    const optional = Object.keys(widget.pkg.peerDependenciesMeta ?? {}).filter((p) => widget.pkg.peerDependenciesMeta![p]!.optional);
    assert.deepEqual(ssr.packages.filter((p) => !Object.keys(widget.pkg.dependencies ?? {}).includes(p) && !optional.includes(p)), []);
    const map = JSON.parse(readFileSync(`${repo}/dist/index.js.map`, 'utf8')) as { sources: string[]; sourcesContent?: string[] };
    assert.equal(map.sourcesContent?.length, map.sources.length, 'maps work without src/ in the package');
  });

  it('the server lists the BFF, contract, sandbox and CLI with their types and maps, and nothing of the widget', () => {
    assert.equal(server.pkg.name, 'tote-checkout-server');
    assert.deepEqual(server.files.filter((f) => !(SHIPPED.test(f) || SERVER_DATA.test(f)) || f === 'custom-elements.json'), []);
    for (const f of ['LICENSE', 'CHANGELOG.md', 'README.md', 'package.json', 'dist/bff/address/countries.json', 'dist/bff/index.js', 'dist/bff/index.d.ts', 'dist/bff/index.js.map', 'dist/contract/index.js', 'dist/sandbox/index.js', 'dist/cli/main.js']) {
      assert.ok(server.files.includes(f), `${f} is shipped`);
    }
    assert.deepEqual(server.files.filter((f) => /^dist\/(elements|state|react|analytics|locales|split|stripe)\/|^dist\/(tote|define|index|headless)\./.test(f)), []);
  });

  it('the server: every file its exports and the bin reach is shipped, nothing else, and it imports only what it depends on', () => {
    const reached = checkClosure(serverDir, server.pkg, server.files);
    const code = server.files.filter((f) => f.startsWith('dist/') && !SERVER_DATA.test(f));
    assert.deepEqual(code.filter((f) => !reached.files.includes(f)), [], 'no file no entry reaches');
    const map = JSON.parse(readFileSync(`${serverDir}/dist/bff/index.js.map`, 'utf8')) as { sources: string[]; sourcesContent?: string[] };
    assert.equal(map.sourcesContent?.length, map.sources.length, 'maps work without src/ in the package');
  });
});
