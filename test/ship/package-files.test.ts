// What `npm publish` would upload, from `npm pack --dry-run --json`: the build (code, types, source maps, the BFF's address data, which
// carry their sources), the elements manifest, README, LICENSE and CHANGELOG — nothing else (no src/, tests,
// stories, examples, build stamps).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { ensureBuilt, repo } from './support.js';

const run = promisify(execFile);
const SHIPPED = /^(dist\/.+\.(js|d\.ts|js\.map)|dist\/bff\/address\/countries\.json|custom-elements\.json|CHANGELOG\.md|LICENSE|README\.md|package\.json)$/;

describe('npm pack --dry-run', { timeout: 300_000 }, () => {
  let files: string[];

  before(async () => {
    await ensureBuilt();
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], { cwd: repo });
    const [info] = JSON.parse(stdout) as { files: { path: string }[] }[];
    files = info!.files.map((f) => f.path);
  });

  it('lists only code, types, maps, the manifest, README, LICENSE and CHANGELOG', () => {
    assert.deepEqual(files.filter((f) => !SHIPPED.test(f)), []);
    for (const f of ['LICENSE', 'CHANGELOG.md', 'README.md', 'package.json', 'custom-elements.json', 'dist/index.js', 'dist/index.d.ts', 'dist/index.js.map', 'dist/tote.js', 'dist/define.d.ts', 'dist/analytics/index.js', 'dist/react/index.d.ts', 'dist/cli/main.js']) {
      assert.ok(files.includes(f), `${f} is shipped`);
    }
    assert.ok(files.some((f) => /^dist\/split\/.+\.js$/.test(f)), 'the code-split bundle');
  });

  it('every file an export, the bin or `unpkg` names is in it, and every source map carries its sources', () => {
    const pkg = JSON.parse(readFileSync(`${repo}/package.json`, 'utf8')) as {
      exports: Record<string, string | Record<string, string>>;
      bin: Record<string, string>;
      unpkg: string;
    };
    const named = [
      ...Object.values(pkg.exports).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v))),
      ...Object.values(pkg.bin),
      pkg.unpkg,
    ].filter((p) => !p.includes('*')).map((p) => p.replace(/^\.\//, ''));
    assert.deepEqual(named.filter((p) => !files.includes(p)), []);
    const map = JSON.parse(readFileSync(`${repo}/dist/bff/index.js.map`, 'utf8')) as { sources: string[]; sourcesContent?: string[] };
    assert.equal(map.sourcesContent?.length, map.sources.length, 'maps work without src/ in the package');
  });
});
