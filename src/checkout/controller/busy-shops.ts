/**
 * Shops the quote found busy (a `merchant_busy` problem, a 429): when each is
 * asked again, one timer that asks for a new quote when the soonest wait is
 * over, and a once-a-second redraw while anything counts down (a busy shop,
 * a resend of "Place order").
 */
export class BusyShops {
  /** Merchant id → epoch ms when it is asked again. */
  readonly until = new Map<number, number>();
  #retryTimer?: ReturnType<typeof setTimeout>;
  #ticker?: ReturnType<typeof setInterval>;
  #placeCounting = false;

  constructor(
    private readonly redraw: () => void,
    private readonly requote: () => void,
  ) {}

  /** The waits (seconds per merchant) of the latest answer replace the earlier ones. */
  schedule(waits: ReadonlyMap<number, number>): void {
    this.until.clear();
    clearTimeout(this.#retryTimer);
    const now = Date.now();
    for (const [merchant, seconds] of waits) this.until.set(merchant, now + seconds * 1000);
    if (waits.size) {
      this.#retryTimer = setTimeout(() => {
        this.until.clear();
        this.#sync();
        this.requote();
      }, Math.min(...waits.values()) * 1000);
    }
    this.#sync();
  }

  /** "Place order" waits to resend (the countdown is drawn each second meanwhile). */
  placeCounting(on: boolean): void {
    this.#placeCounting = on;
    this.#sync();
  }

  stop(): void {
    clearTimeout(this.#retryTimer);
    clearInterval(this.#ticker);
    this.#ticker = undefined;
  }

  #sync(): void {
    const counting = this.until.size > 0 || this.#placeCounting;
    if (counting && !this.#ticker) this.#ticker = setInterval(this.redraw, 1000);
    if (!counting && this.#ticker) {
      clearInterval(this.#ticker);
      this.#ticker = undefined;
    }
    this.redraw();
  }
}
