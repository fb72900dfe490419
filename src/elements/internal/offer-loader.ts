/**
 * Fetches one offer for an element given `offer-id` instead of an offer:
 * loading, not found, failed (retry), and busy (a 429 retried by itself
 * after the BFF's `retry_after`).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WidgetOffer } from '../../contract/api.js';
import { ApiRequestError, isAbortError, type ToteApi } from '../../state/api-client.js';

const DEFAULT_RETRY_SECONDS = 5;

export type OfferLoadStatus = 'idle' | 'loading' | 'ready' | 'not-found' | 'error' | 'busy';

export class OfferLoader implements ReactiveController {
  status: OfferLoadStatus = 'idle';
  offer?: WidgetOffer;
  /** While busy: the wait the BFF asked for, seconds until the retry, and the merchant's name when known. */
  retrySeconds = 0;
  secondsLeft = 0;
  merchantName?: string;

  private api?: ToteApi;
  private offerId?: number;
  private controller?: AbortController;
  private ticker?: ReturnType<typeof setInterval>;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Loads `offerId` through `api` unless that is what is already loaded or loading. */
  set(api: ToteApi | undefined, offerId: number | undefined): void {
    if (api === this.api && offerId === this.offerId && this.status !== 'idle') return;
    this.api = api;
    this.offerId = offerId;
    void this.load();
  }

  retry(): void {
    void this.load();
  }

  hostDisconnected(): void {
    this.stop();
    this.status = 'idle';
  }

  private stop(): void {
    this.controller?.abort();
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private async load(): Promise<void> {
    this.stop();
    const { api, offerId } = this;
    if (!api || !offerId) {
      this.status = 'idle';
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    this.status = 'loading';
    this.host.requestUpdate();
    try {
      this.offer = await api.getOffer(offerId, { signal: controller.signal });
      this.status = 'ready';
    } catch (e) {
      if (isAbortError(e)) return;
      const err = e instanceof ApiRequestError ? e : undefined;
      if (err?.status === 404) this.status = 'not-found';
      else if (err?.rateLimited) this.startBusy(err, api);
      else this.status = 'error';
    }
    this.host.requestUpdate();
  }

  private startBusy(err: ApiRequestError, api: ToteApi): void {
    this.status = 'busy';
    this.retrySeconds = Math.max(1, Math.ceil(err.retryAfter ?? DEFAULT_RETRY_SECONDS));
    const until = Date.now() + this.retrySeconds * 1000;
    this.secondsLeft = Math.ceil((until - Date.now()) / 1000);
    this.merchantName = undefined;
    if (err.merchantId !== undefined) {
      api.merchants().then(
        (list) => {
          this.merchantName = list.find((m) => m.id === err.merchantId)?.name;
          this.host.requestUpdate();
        },
        () => undefined,
      );
    }
    this.ticker = setInterval(() => {
      this.secondsLeft = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      this.host.requestUpdate();
      if (this.secondsLeft === 0) void this.load();
    }, 250);
  }
}
