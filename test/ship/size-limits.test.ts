// No file of src/ over 400 lines and no function over 80 (scripts/size-limits.mjs, run by CI): the
// check passes on src/ as it is, and catches what it forbids when a copy of a file is planted with
// one function of 81 lines and padded to 401 lines.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
// @ts-expect-error: a plain .mjs script without types
import { findOffenders, judge, MAX_FILE_LINES, MAX_FUNCTION_LINES } from '../../scripts/size-limits.mjs';

const run = promisify(execFile);
type Offender = { key: string; lines: number };

describe('size limits (npm run lint:size)', () => {
  it('src/ has no offender beyond the known list, and every known one still offends', async () => {
    const { stdout } = await run(process.execPath, ['scripts/size-limits.mjs', 'src']);
    assert.match(stdout, /^0 new offenders/m);
    assert.doesNotMatch(stdout, /no longer over its limit/);
  });

  it('catches a planted long function, a planted long file and a known function that grew', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tote-size-'));
    try {
      mkdirSync(join(dir, 'src/bff'), { recursive: true });
      // Its first line, `let n`, the sums, `return n` and its last line: one over the limit.
      const sums = Array.from({ length: MAX_FUNCTION_LINES - 3 }, (_, i) => `  n += ${i};`).join('\n');
      const fn = `export function planted(): number {\n  let n = 0;\n${sums}\n  return n;\n}\n`;
      const short = 'export const short = () => 1;\n';
      writeFileSync(join(dir, 'src/bff/planted.ts'), fn);
      writeFileSync(join(dir, 'src/bff/long.ts'), short.repeat(MAX_FILE_LINES + 1));
      writeFileSync(join(dir, 'src/bff/fine.ts'), short.repeat(MAX_FILE_LINES));
      const offenders = findOffenders(join(dir, 'src'), dir) as Offender[];
      assert.deepEqual(
        offenders.map((o) => [o.key, o.lines]),
        [
          ['src/bff/long.ts', MAX_FILE_LINES + 1],
          ['src/bff/planted.ts planted', MAX_FUNCTION_LINES + 1],
        ],
      );
      assert.equal(judge(offenders, {}).failures.length, 2, 'both are new');
      assert.deepEqual(judge(offenders, { 'src/bff/long.ts': 401, 'src/bff/planted.ts planted': 81 }).failures, [], 'both known');
      assert.equal(judge(offenders, { 'src/bff/long.ts': 401, 'src/bff/planted.ts planted': 80 }).failures.length, 1, 'a known one that grew fails');
      assert.deepEqual(judge([], { 'src/bff/gone.ts': 500 }).stale, ['src/bff/gone.ts'], 'an entry that no longer offends is stale');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
