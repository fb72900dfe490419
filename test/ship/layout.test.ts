// The source layout the project keeps (README, Contributing): one element per folder, its class in
// `<name>.component.ts` and its registration in `<name>.ts` (in src/elements and in the checkout's view,
// src/checkout/view), and no file there over 400 lines
// (issue 14: an element that grows past that is holding state that belongs in a controller). Which
// layer may import which is .dependency-cruiser.cjs's, checked by layers.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where elements live: the shared ones, and the checkout's (its folder reads view → controller → rules). */
const ELEMENT_DIRS = ['src/elements', 'src/checkout/view'];
const MAX_LINES = 400;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

describe('source layout', () => {
  it(`no file in ${ELEMENT_DIRS.join(' or ')} is over ${MAX_LINES} lines`, () => {
    const long = ELEMENT_DIRS.flatMap(filesUnder)
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length }))
      .filter((f) => f.lines > MAX_LINES);
    assert.deepEqual(long, []);
  });

  it('each element folder holds one element: <name>.component.ts and the <name>.ts that registers it', () => {
    const folders = ELEMENT_DIRS.flatMap((dir) => readdirSync(dir).map((n) => [dir, n] as const)).filter(([dir, n]) => n !== 'internal' && statSync(join(dir, n)).isDirectory());
    assert.ok(folders.length > 15);
    for (const [dir, folder] of folders) {
      const files = readdirSync(join(dir, folder));
      assert.deepEqual(files.filter((f) => f.endsWith('.component.ts')), [`${folder}.component.ts`], folder);
      assert.ok(files.includes(`${folder}.ts`), `${folder}/${folder}.ts registers the tag`);
      assert.match(readFileSync(join(dir, folder, `${folder}.ts`), 'utf8'), /customElements\.define|defineElement|define\(/, `${folder}/${folder}.ts`);
    }
  });

  it('the checkout is one folder: its view, controller and rules, nothing of it left in elements/ or state/', () => {
    assert.deepEqual(readdirSync('src/checkout').sort(), ['controller', 'rules', 'view']);
    const stray = [...filesUnder('src/elements'), ...filesUnder('src/state')].filter((f) => /checkout|place-attempt|payment-adapter|address-adapter/.test(f));
    assert.deepEqual(stray, []);
  });
});
