/**
 * The log's default destination (issue 30): stdout, written in batches to save a write per line. An
 * operator tailing a quiet BFF must still see each line without waiting for other lines to fill a batch.
 * (What waits is also written at exit: pino ends the stream then.)
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { batchedDestination } from '../../src/bff/observability/log-destination.js';

const dir = mkdtempSync(join(tmpdir(), 'tote-log-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The file's lines once it holds `count` of them (polled: the batch is written on its own, later). */
async function linesOnceThere(file: string, count: number): Promise<Record<string, unknown>[]> {
  for (;;) {
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    if (lines.length >= count) return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    await sleep(20);
  }
}

describe('the log on stdout, in batches', () => {
  it("writes a quiet BFF's lines without waiting for more lines to fill a batch", { timeout: 10_000 }, async () => {
    const file = join(dir, 'quiet.log');
    const log = pino({ base: undefined }, batchedDestination(openSync(file, 'w')));
    log.info({ msg: 'first', request_id: 'quiet-1' });
    log.info({ msg: 'second', request_id: 'quiet-2' });
    // Two short lines are far from a batch, and nothing else is logged: they must still arrive.
    const lines = await linesOnceThere(file, 2);
    assert.deepEqual(lines.map((l) => l.request_id), ['quiet-1', 'quiet-2']);
  });

  it("writes what waits at once when the logger is flushed", async () => {
    const file = join(dir, 'flushed.log');
    const log = pino({ base: undefined }, batchedDestination(openSync(file, 'w')));
    log.info({ msg: 'one', request_id: 'flushed-1' });
    await new Promise<void>((resolve, reject) => log.flush((error) => (error ? reject(error) : resolve())));
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).request_id, 'flushed-1');
  });
});
