// Clocks a browser test drives (src/state/clock.ts): the widget's waits on time (the quote's
// debounce) end when the test says, not after real milliseconds. `setClock` puts one in place;
// a test file puts `realClock` back when it is done.
import type { Clock } from '../src/state/clock.js';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

export interface ManualClock extends Clock {
  /** Lets pending work reach its wait, moves time on by `ms`, ends each wait due, and lets what it resumes run. */
  advance(ms: number): Promise<void>;
}

/** A clock that stands still until the test moves it: the debounce tested by moving time, not by sleeping. */
export function manualClock(): ManualClock {
  let now = 0;
  let waits: { at: number; resolve: () => void }[] = [];
  return {
    wait(ms, signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const entry = { at: now + ms, resolve };
        waits.push(entry);
        signal?.addEventListener('abort', () => ((waits = waits.filter((w) => w !== entry)), reject(signal.reason)), { once: true });
      });
    },
    async advance(ms) {
      await nextTask();
      now += ms;
      const due = waits.filter((w) => w.at <= now);
      waits = waits.filter((w) => w.at > now);
      due.forEach((w) => w.resolve());
      await nextTask();
    },
  };
}
