/**
 * A shop that answered 429: the wait it asked for (`retry_after`), counted
 * down for the eye, the shop named when its name can be found, then one
 * retry. Shared by the offer grid and the one-offer loader (card, picker).
 */
import { html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { ApiRequestError, ToteApi } from '../../state/api-client.js';
import type { Translate as T } from '../../i18n/localize.js';
import '../../i18n/areas/catalog.js';

/** When a 429 carries no `retry_after`. */
const DEFAULT_RETRY_SECONDS = 5;

export class BusyWait implements ReactiveController {
  /** The wait the shop asked for, in whole seconds: what screen readers hear, once. */
  seconds = 0;
  secondsLeft = 0;
  merchantName?: string;
  #ticker?: ReturnType<typeof setInterval>;
  #current?: ApiRequestError;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  get active(): boolean {
    return this.#ticker !== undefined;
  }

  /** Waits as `err` asks, then calls `retry`. `known` names a merchant without asking the BFF. */
  start(err: ApiRequestError, api: ToteApi, retry: () => void, known?: (merchantId: number) => string | undefined): void {
    this.stop();
    this.#current = err;
    this.seconds = Math.max(1, Math.ceil(err.retryAfter ?? DEFAULT_RETRY_SECONDS));
    this.secondsLeft = this.seconds;
    const until = Date.now() + this.seconds * 1000;
    const id = err.merchantId;
    this.merchantName = id === undefined ? undefined : known?.(id);
    if (id !== undefined && !this.merchantName) {
      api.merchants().then(
        (list) => {
          if (this.#current !== err) return;
          this.merchantName = list.find((m) => m.id === id)?.name;
          this.host.requestUpdate();
        },
        () => undefined,
      );
    }
    this.#ticker = setInterval(() => {
      this.secondsLeft = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      this.host.requestUpdate();
      if (this.secondsLeft > 0) return;
      this.stop();
      retry();
    }, 250);
    this.host.requestUpdate();
  }

  stop(): void {
    clearInterval(this.#ticker);
    this.#ticker = undefined;
  }

  hostDisconnected(): void {
    this.stop();
  }
}

/** The busy notice's text: read out once, while the countdown ticks for the eye. */
export function renderBusyText(wait: BusyWait, t: T) {
  const merchant = wait.merchantName || t('thisShop');
  return html`<p class="sr-only" role="status">${t('rateLimited', { merchant, seconds: wait.seconds })}</p>
    <p aria-hidden="true">
      ${wait.secondsLeft > 0 ? t('rateLimited', { merchant, seconds: wait.secondsLeft }) : t('retryingNow', { merchant })}
    </p>`;
}
