/**
 * The model test's clock. The BFF reads time through `Date.now` (quote
 * expiry, the unknown-outcome window, leases) and its config has no clock to
 * inject, so the test moves `Date.now` itself: real time plus a skew that
 * only grows. It must be installed before the BFF is created, because some
 * parts keep a reference to `Date.now` from when they were built. Timers
 * (`setTimeout`) keep real time: nothing waits longer for a jump.
 */
export interface SkewClock {
  /** Moves every later `Date.now()` of this process `ms` forward. */
  advance(ms: number): void;
  /** How far ahead of real time the process is. */
  readonly skewMs: number;
  /** Puts the real `Date.now` back. */
  restore(): void;
}

export function installSkewClock(): SkewClock {
  const real = Date.now;
  let skew = 0;
  Date.now = () => real() + skew;
  return {
    advance(ms) {
      if (ms < 0) throw new RangeError('the clock only moves forward');
      skew += ms;
    },
    get skewMs() {
      return skew;
    },
    restore() {
      Date.now = real;
    },
  };
}
