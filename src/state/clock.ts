/**
 * The widget's clock where it waits on time: the quote's debounce (the checkout's quote task and
 * `<tote-estimate>`). A test swaps in a clock it drives itself (test/clock.ts), so that no test
 * waits out a real debounce and the debounce itself is tested by moving time, not by sleeping.
 * A page never swaps it.
 */
export interface Clock {
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  wait(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  wait: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const t = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
    }),
};

let clock = realClock;

/** Tests only: the clock every later wait uses (`realClock` puts the real one back). */
export function setClock(next: Clock): void {
  clock = next;
}

/** Waits `ms` on the current clock. */
export const wait = (ms: number, signal?: AbortSignal): Promise<void> => clock.wait(ms, signal);
