/** docs/go-live.md lists the topics the BFF consumes from the one list in code, no more, no fewer. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CONSUMED_WEBHOOK_TOPICS } from '../../src/contract/index.js';

describe('docs/go-live.md', () => {
  it('lists exactly CONSUMED_WEBHOOK_TOPICS, in its order', () => {
    const doc = readFileSync('docs/go-live.md', 'utf8');
    const table = /<!-- topics -->([\s\S]*?)<!-- \/topics -->/.exec(doc)?.[1] ?? '';
    const listed = [...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    assert.deepEqual(listed, [...CONSUMED_WEBHOOK_TOPICS]);
    assert.equal(listed.length, 21);
  });
});
