// Server-side rendering: every subpath of the built package imports in a
// fresh Node process without a DOM, neither throwing nor reading `window`,
// `document` & co. from Tote's own code (lit and zod feature-detect them,
// which is fine), and leaves no browser globals behind. React and Vue trees
// of Tote's components render to HTML on the server.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureBuilt, repo } from './support.js';

const run = promisify(execFile);

interface Probe {
  exports: string[];
  present: string[];
  touched: { name: string; by: string }[];
  after: Record<string, string>;
  html: string;
}

async function probe(spec: string, render?: 'react' | 'vue'): Promise<Probe> {
  // No --import tsx and no loaders: exactly what a Node server gets.
  const { stdout } = await run(process.execPath, ['test/ship/ssr-probe.mjs', spec, ...(render ? [render] : [])], { cwd: repo, env: { PATH: process.env.PATH } });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Probe;
}

function subpaths(): string[] {
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  const elements = readdirSync(join(repo, 'dist/elements')).filter((n) => existsSync(join(repo, 'dist/elements', n, `${n}.js`)));
  const locales = readdirSync(join(repo, 'dist/locales')).filter((n) => n.endsWith('.js')).map((n) => n.replace(/\.js$/, ''));
  return Object.keys(pkg.exports)
    .filter((k) => !k.endsWith('.json') && k !== './tote.js')
    .flatMap((k) => (k === './elements/*' ? elements.map((e) => `./elements/${e}`) : k === './locales/*' ? locales.map((l) => `./locales/${l}`) : [k]))
    .map((k) => `tote-checkout${k.slice(1)}`);
}

describe('SSR: importing the package in Node', { timeout: 300_000 }, () => {
  before(ensureBuilt);

  it('covers every exported subpath, including each element', () => {
    const all = subpaths();
    assert.ok(all.includes('tote-checkout'));
    assert.ok(all.includes('tote-checkout/elements/checkout'));
    assert.ok(all.includes('tote-checkout/react'));
    assert.ok(all.length >= 20, all.join(', '));
  });

  it('each subpath imports without a DOM, and Tote never reads a browser global', async () => {
    const specs = subpaths();
    // Two at a time: the machine has two cores.
    for (let i = 0; i < specs.length; i += 2) {
      await Promise.all(
        specs.slice(i, i + 2).map(async (spec) => {
          const p = await probe(spec);
          assert.ok(p.exports.length > 0 || spec.includes('/locales/'), `${spec} exports something`);
          assert.deepEqual(p.present.filter((n) => n === 'window' || n === 'document'), [], 'Node itself has no DOM');
          const ours = p.touched.filter((t) => t.by.includes('/dist/') && !t.by.includes('node_modules'));
          assert.deepEqual(ours, [], `${spec}: Tote's own code read a browser global`);
          assert.deepEqual(p.after, { window: 'trap', document: 'trap' }, `${spec} left window/document alone`);
        }),
      );
    }
  });

  it('renders a React tree of the wrappers to HTML on the server', async () => {
    const p = await probe('tote-checkout/react', 'react');
    // @lit/react sets element properties (endpoint, variant) from an effect on the client, so the server sends bare tags.
    assert.equal(p.html, '<tote-provider><tote-cart></tote-cart></tote-provider>');
    assert.deepEqual(p.touched.filter((t) => t.by.includes('/dist/') && !t.by.includes('node_modules')), []);
  });

  it('renders a Vue tree with Tote elements on the server', async () => {
    const p = await probe('tote-checkout/define', 'vue');
    assert.match(p.html, /<tote-provider endpoint="\/api"><tote-cart variant="mini"><\/tote-cart><\/tote-provider>/);
  });
});
