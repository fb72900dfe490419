/**
 * Fetches one offer for an element given `offer-id` instead of an offer:
 * loading, not found, failed (retry), and busy (a 429 retried by itself
 * after the BFF's `retry_after`).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WidgetOffer } from '../../contract/api.js';
import { ApiRequestError, isAbortError, type ToteApi } from '../../state/api-client.js';
import { BusyWait } from './busy-wait.js';

export type OfferLoadStatus = 'idle' | 'loading' | 'ready' | 'not-found' | 'error' | 'busy';

export class OfferLoader implements ReactiveController {
  status: OfferLoadStatus = 'idle';
  offer?: WidgetOffer;
  /** While busy: the wait the BFF asked for. */
  readonly wait: BusyWait;

  #api?: ToteApi;
  #offerId?: number;
  #controller?: AbortController;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
    this.wait = new BusyWait(host);
  }

  /** Loads `offerId` through `api` unless that is what is already loaded or loading. */
  set(api: ToteApi | undefined, offerId: number | undefined): void {
    if (api === this.#api && offerId === this.#offerId && this.status !== 'idle') return;
    this.#api = api;
    this.#offerId = offerId;
    void this.#load();
  }

  retry(): void {
    void this.#load();
  }

  hostDisconnected(): void {
    this.#stop();
    this.status = 'idle';
  }

  #stop(): void {
    this.#controller?.abort();
    this.wait.stop();
  }

  async #load(): Promise<void> {
    this.#stop();
    const api = this.#api;
    const offerId = this.#offerId;
    if (!api || !offerId) {
      this.status = 'idle';
      return;
    }
    const controller = new AbortController();
    this.#controller = controller;
    this.status = 'loading';
    this.host.requestUpdate();
    try {
      this.offer = await api.getOffer(offerId, { signal: controller.signal });
      this.status = 'ready';
    } catch (e) {
      if (isAbortError(e)) return;
      const err = e instanceof ApiRequestError ? e : undefined;
      if (err?.status === 404) this.status = 'not-found';
      else if (err?.rateLimited) {
        this.status = 'busy';
        this.wait.start(err, api, () => void this.#load());
      } else this.status = 'error';
    }
    this.host.requestUpdate();
  }
}
