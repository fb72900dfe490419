/**
 * "Place order" in the checkout: an attempt's key and exact body kept in the
 * session, sent and resent by `place-attempt.ts` until a definite answer, and
 * what the shopper is told of each answer (a `CheckoutNotice`, worded by the
 * element). A new key is made only by a press after a definite "not placed";
 * a reload mid-attempt resumes the same one (docs/checkout.md, "The attempt's states").
 */
import type { ReactiveControllerHost } from 'lit';
import type { PlaceRequest, QuoteChange, QuoteResponse } from '../../contract/checkout-api.js';
import type { ShopperOrder as Order } from '../../contract/shopper-order.js';
import { ApiRequestError, type ToteApi } from '../../state/api-client.js';
import type { BusyShops } from './busy-shops.js';
import type { CartLine } from '../../state/cart-store.js';
import { classifyPlaceFailure } from '../rules/checkout-order.js';
import type { CheckoutMode, CheckoutSession, CheckoutStep } from '../rules/checkout-session.js';
import type { PaymentAdapter } from './payment-adapter.js';
import { type AttemptHooks, type AttemptPhase, runAttempt } from './place-attempt.js';
import type { ToteEventDetail, ToteEventInit, ToteEventName } from '../../events/registry.js';

/** What the checkout tells the shopper besides the step itself; the element words it. */
export type CheckoutNotice =
  | { kind: 'declined' }
  | { kind: 'payment_required' }
  | { kind: 'quote_changed' }
  /** `quote_expired` / `quote_invalid`: not placed, nothing charged; prices refreshed, press again. */
  | { kind: 'quote_expired' }
  | { kind: 'placed_elsewhere' }
  /** The shop stayed busy past `PLACE_BUSY_BOUND_S`: nothing was placed; try again or remove its items. */
  | { kind: 'busy'; merchantId?: number }
  /** 409 `duplicate_order`: "Place another order?" */
  | { kind: 'duplicate' }
  | { kind: 'confirm_failed'; message?: string }
  | { kind: 'other'; code: string };

export type PlacingState = 'idle' | AttemptPhase;

/** What placing is given by the page (the checkout controller's options). */
export interface PlaceOptions {
  api(): ToteApi | undefined;
  adapter(): PaymentAdapter | undefined;
  mode(): CheckoutMode;
  /** Dispatches a Tote event (src/events/registry.ts) from the host; returns it (to read `defaultPrevented`). */
  emit<K extends ToteEventName>(name: K, detail: ToteEventDetail<K>, ...init: ToteEventInit<K>): CustomEvent<ToteEventDetail<K>>;
}

/** What placing reads of the checkout around it (the checkout controller). */
export interface PlaceFlowHost {
  readonly session: CheckoutSession;
  readonly lines: readonly CartLine[];
  readonly quote?: QuoteResponse;
  /** A current, ready quote whose totals add up, and nothing in flight. */
  readonly canPlace: boolean;
  readonly busyShops: Pick<BusyShops, 'placeCounting'>;
  goTo(step: CheckoutStep): void;
  requote(): void;
  removeBag(merchantId: number): void;
  acceptQuote(quote: QuoteResponse): void;
  placed(order: Order, access: string): void;
}

export class PlaceFlow {
  placing: PlacingState = 'idle';
  /** Epoch ms of the next resend while placing waits (lost answer, busy shop, 202). */
  retryAt?: number;
  /** The shop whose 429 "Place order" waits on. */
  busyMerchant?: number;
  notice?: CheckoutNotice;
  /** After a 409 `quote_changed`: what differs from the quote the shopper saw (the BFF lists it with the fresh quote). */
  changes: QuoteChange[] = [];
  #placeAbort?: AbortController;
  /** Ends the wait before the next resend (the shopper removed the busy shop). */
  #wake?: () => void;
  /** The busy shop the shopper chose to remove while "Place order" waited on it. */
  #dropAfterBusy?: number;
  readonly #flow: PlaceFlowHost;
  readonly #options: PlaceOptions;
  readonly #host: ReactiveControllerHost;

  constructor(flow: PlaceFlowHost, options: PlaceOptions, host: ReactiveControllerHost) {
    this.#flow = flow;
    this.#options = options;
    this.#host = host;
  }

  /** A reload while "Place order" was in flight: resend that attempt (same key, same body). */
  resume(): void {
    const { attempt, step } = this.#flow.session.state;
    if (attempt?.status === 'pending' && attempt.sent && step === 'confirm') void this.#send(attempt.key, attempt.sent);
  }

  /** The checkout left the page: the attempt stops and stays in the session, to be resumed. */
  stop(): void {
    this.#placeAbort?.abort();
  }

  /**
   * The shopper removes a shop's items. While "Place order" waits on that busy shop, the wait ends first (its last
   * answer was a known "not placed", so the attempt ends) and true is returned: the items go when it has ended.
   */
  dropShop(merchantId: number): boolean {
    if (this.placing === 'busy') {
      this.#dropAfterBusy = merchantId;
      this.#wake?.();
      return true;
    }
    // Leaving a busy shop's question ends that attempt the same way.
    this.leave();
    return false;
  }

  /** The shopper moved on (another step, another shop's items): the notice goes; a busy shop's attempt ends. */
  leave(): void {
    if (this.notice?.kind === 'busy') this.#flow.session.failAttempt();
    this.notice = undefined;
  }

  /**
   * "Place order". An attempt that may have been sent (or that a busy shop held back) goes again with its key
   * and exact body; only after a definite "not placed" does a press make a new attempt. `confirmDuplicate`: the
   * shopper answered "Place another order" to a 409 `duplicate_order`. A press while one is in flight does nothing.
   */
  async place(opts: { confirmDuplicate?: boolean } = {}): Promise<void> {
    if (this.placing !== 'idle') return;
    const attempt = this.#flow.session.state.attempt;
    if (attempt?.status === 'pending' && attempt.sent) return this.#send(attempt.key, attempt.sent);
    const payment = this.#flow.session.state.payment;
    if (!payment) return this.#flow.goTo('payment');
    const quote = this.#flow.quote;
    if (!quote || !this.#flow.canPlace) return;
    const key = this.#flow.session.beginAttempt();
    const event = this.#options.emit(
      'tote-checkout-submit',
      { mode: this.#options.mode(), idempotency_key: key, lines: this.#flow.lines },
      { cancelable: true },
    );
    if (event.defaultPrevented) return;
    const body: PlaceRequest = {
      quote_token: quote.quote_token,
      payment: { token: payment.token, payment_provider: payment.payment_provider, ...(payment.type ? { type: payment.type } : {}) },
      currency: quote.currency,
      ...(opts.confirmDuplicate ? { confirm_duplicate: true as const } : {}),
    };
    this.#flow.session.recordSent(body);
    await this.#send(key, body);
  }

  async #send(key: string, body: PlaceRequest): Promise<void> {
    const api = this.#options.api();
    if (!api || this.placing !== 'idle') return;
    const controller = new AbortController();
    this.#placeAbort = controller;
    this.notice = undefined;
    this.changes = [];
    this.#host.requestUpdate();
    const outcome = await runAttempt(api, key, body, this.#attemptHooks, controller.signal);
    if (this.#placeAbort !== controller) return;
    this.#phase('idle');
    const drop = this.#dropAfterBusy;
    this.#dropAfterBusy = undefined;
    switch (outcome.kind) {
      case 'placed':
        return this.#flow.placed(outcome.order, outcome.access);
      case 'refused':
        this.#placeFailed(outcome.error);
        return this.#host.requestUpdate();
      case 'busy':
        // Known not placed; the key stays for "Place order" to try again, unless the shopper drops that shop.
        this.notice = { kind: 'busy', merchantId: outcome.merchantId };
        if (drop !== undefined) this.#flow.removeBag(drop);
        return this.#host.requestUpdate();
    }
  }

  readonly #attemptHooks: AttemptHooks = {
    phase: (phase, retryAt, merchantId) => this.#phase(phase, retryAt, merchantId),
    // An adapter that cannot confirm fails like a refused confirm step: back to the payment step.
    confirm: (action) => this.#options.adapter()!.confirm!(action),
    recordSent: (body) => this.#flow.session.recordSent(body),
    giveUpBusy: () => this.#dropAfterBusy !== undefined,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, ms);
        this.#wake = () => (clearTimeout(t), resolve());
        signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
      }),
    now: () => Date.now(),
  };

  #phase(phase: PlacingState, retryAt?: number, merchantId?: number): void {
    this.placing = phase;
    this.retryAt = retryAt;
    this.busyMerchant = merchantId;
    this.#flow.busyShops.placeCounting(retryAt !== undefined);
  }

  /** A definite refusal: nothing was placed. Where the shopper goes next depends on why. */
  #placeFailed(e: unknown): void {
    const session = this.#flow.session;
    session.failAttempt();
    if (!(e instanceof ApiRequestError)) {
      // The payment adapter's confirm step failed (a declined card, a refused 3-D Secure check …): nothing was
      // placed. Back to the payment step with the provider's message, to try again or use another card.
      session.update({ payment: undefined });
      this.#flow.goTo('payment');
      this.notice = { kind: 'confirm_failed', ...(e instanceof Error && e.name === 'PaymentInputError' ? { message: e.message } : {}) };
      return;
    }
    if (e.code === 'quote_changed' && e.quote) {
      this.changes = e.quote.changes ?? [];
      this.#flow.acceptQuote(e.quote);
      this.notice = { kind: 'quote_changed' };
      return;
    }
    const failure = classifyPlaceFailure(e);
    switch (failure.kind) {
      case 'declined':
      case 'payment_required':
        session.update({ payment: undefined });
        this.#flow.goTo('payment');
        this.notice = { kind: failure.kind };
        return;
      case 'requote':
        // Not placed (a key the BFF has a record of is answered from it, whatever the token): new prices, a new press.
        this.notice = { kind: 'quote_expired' };
        this.#flow.requote();
        return;
      case 'placed_elsewhere':
        // Another tab's attempt holds this quote: say so, rather than "prices refreshed". Its placed lines leave
        // this tab's cart through the shared storage, and what is left is quoted again.
        this.notice = { kind: 'placed_elsewhere' };
        return;
      case 'duplicate':
        // Nothing was sent; the shopper decides (`place({ confirmDuplicate: true })` or `dismiss()`).
        this.notice = { kind: 'duplicate' };
        return;
      default:
        this.notice = { kind: 'other', code: e.code };
    }
  }

  /** "Cancel" on a question (a second order of the same items): nothing happens. */
  dismiss(): void {
    this.notice = undefined;
    this.#host.requestUpdate();
  }
}
