// No HTML parser or sanitiser in the shopper's browser (issue 30): merchant descriptions come from the
// BFF as structure (contract/shopper-description.ts) rendered with templates, so the built browser code
// carries neither DOMPurify nor Lit's unsafeHTML (nor any other way to parse merchant markup).
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureBuilt, repo } from './support.js';

/** Every browser script the build writes (Node entries such as bff/ and sandbox/ aside). */
function browserScripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return /^(bff|sandbox|ssr|node)$/.test(name) ? [] : browserScripts(p);
    return /\.(m?js)$/.test(name) ? [p] : [];
  });
}

describe('the built bundles have no HTML parser for merchant data', () => {
  let scripts: string[];
  before(async () => {
    await ensureBuilt();
    scripts = browserScripts(join(repo, 'dist'));
  });

  it('no DOMPurify, unsafeHTML or DOMParser in any browser bundle', () => {
    assert.ok(scripts.some((s) => s.endsWith('tote.js')), `the build has a tote.js (${scripts.length} scripts)`);
    const found: string[] = [];
    for (const file of scripts) {
      const code = readFileSync(file, 'utf8');
      for (const [what, pattern] of [
        ['DOMPurify', /dompurify|DOMPurify|purify\.js/],
        ['unsafeHTML', /unsafeHTML|unsafe-html/],
        // (Lit itself writes its own static template strings through innerHTML; no merchant text reaches those.)
        ['DOMParser', /new DOMParser/],
      ] as const) {
        if (pattern.test(code)) found.push(`${relative(repo, file)}: ${what}`);
      }
    }
    assert.deepEqual(found, []);
  });
});
