/**
 * Where the log's lines go by default: stdout, in batches. Unbatched, each
 * line of the two or more a quote writes (the request, each service call)
 * was its own write to the descriptor: 8 % of the BFF's busy time under load
 * (issue 30, docs/benchmarks.md). Lines are now written once they make
 * `BATCH_BYTES`, or at the latest `FLUSH_MS` after the first one waiting, so
 * a quiet BFF's last lines are not held back; pino ends the stream (what is
 * waiting written) when the process exits.
 */
import { pino, type DestinationStream } from 'pino';

/** About a dozen request and call lines. */
const BATCH_BYTES = 4096;
/** Lines wait at most this long for others to fill a batch. */
const FLUSH_MS = 200;

/** Lines to `fd` (stdout by default) in batches. */
export function batchedDestination(fd = 1): DestinationStream & { flush(cb?: (error?: Error) => void): void } {
  const stream = pino.destination({ dest: fd, minLength: BATCH_BYTES, sync: false });
  let waiting: NodeJS.Timeout | undefined;
  const flush = (cb?: (error?: Error) => void) => {
    clearTimeout(waiting);
    waiting = undefined;
    // A stdout that was closed (EPIPE) throws on flush; there is nothing left to write to.
    if ((stream as { destroyed?: boolean }).destroyed) return void cb?.();
    stream.flush(cb);
  };
  return {
    write(line: string) {
      stream.write(line);
      waiting ??= setTimeout(flush, FLUSH_MS).unref();
    },
    // pino's `logger.flush()`: what waits is written at once.
    flush,
  };
}
