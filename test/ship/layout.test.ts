// The source layout the project keeps (README, Contributing): one element per folder, its class in
// `<name>.component.ts` and its registration in `<name>.ts`, and no file in src/elements over 400 lines
// (issue 14: an element that grows past that is holding state that belongs in a controller). Which
// layer may import which is .dependency-cruiser.cjs's, checked by layers.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ELEMENTS = 'src/elements';
const MAX_LINES = 400;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

describe('source layout', () => {
  it(`no file in ${ELEMENTS} is over ${MAX_LINES} lines`, () => {
    const long = filesUnder(ELEMENTS)
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length }))
      .filter((f) => f.lines > MAX_LINES);
    assert.deepEqual(long, []);
  });

  it('each element folder holds one element: <name>.component.ts and the <name>.ts that registers it', () => {
    for (const folder of readdirSync(ELEMENTS).filter((n) => n !== 'internal' && statSync(join(ELEMENTS, n)).isDirectory())) {
      const files = readdirSync(join(ELEMENTS, folder));
      assert.deepEqual(files.filter((f) => f.endsWith('.component.ts')), [`${folder}.component.ts`], folder);
      assert.ok(files.includes(`${folder}.ts`), `${folder}/${folder}.ts registers the tag`);
      assert.match(readFileSync(join(ELEMENTS, folder, `${folder}.ts`), 'utf8'), /customElements\.define|defineElement|define\(/, `${folder}/${folder}.ts`);
    }
  });
});
