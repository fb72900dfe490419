/**
 * The checkout's flow as a reactive controller: the step, what the shopper
 * typed and chose (a `CheckoutSession`), the quote the BFF priced for those
 * inputs and the attempt to place it. The element that hosts it only renders
 * and forwards events.
 *
 * - Every change of the quote's inputs (lines, address, a shipping pick)
 *   asks for a new quote through a `Task`: debounced, the stale request
 *   aborted. The quote flags lines that went stale, picks the cheapest method
 *   per bag, and says when a shop is busy: then it is asked again by itself
 *   after the shop's `retry_after`.
 * - "Place order" is one `POST /checkout/place` with the attempt's
 *   `Idempotency-Key`, kept with the exact body in the session until the
 *   answer is definite: a 202 "still placing", a busy shop or a reload mid-
 *   submit resend that same key and body, never a second order.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Task, initialState } from '@lit/task';
import type { PlaceRequest, QuoteRequest, QuoteResponse } from '../contract/checkout-api.js';
import type { Order } from '../contract/order.js';
import { ApiRequestError, type ToteApi, isAbortError } from './api-client.js';
import type { CartLine, CartStore } from './cart-store.js';
import { applyQuote } from './line-issues.js';
import { classifyPlaceFailure, isBlocking, orderTotalsProblem, rejectedBags } from './checkout-order.js';
import {
  type QuoteChange,
  busyMerchants,
  checkoutCurrency,
  chosenMethods,
  quoteChanges,
  quoteKey,
  quoteRequest,
  quoteTotalsDisagree,
} from './checkout-quote.js';
import {
  type CheckoutFacts,
  type CheckoutMode,
  type CheckoutPayment,
  type CheckoutState,
  type CheckoutStep,
  CheckoutSession,
  type MaybeStorage,
  clampStep,
} from './checkout-session.js';
import type { PaymentAdapter } from './payment-adapter.js';

/** Inputs are quoted once they have held still this long (typing an address). */
export const QUOTE_DEBOUNCE_MS = 250;
/** A busy shop at "Place order" is waited for this many times before the shopper is asked. */
const MAX_BUSY_RETRIES = 5;

/** What the checkout tells the shopper besides the step itself; the element words it. */
export type CheckoutNotice =
  | { kind: 'declined' }
  | { kind: 'payment_required' }
  | { kind: 'quote_changed' }
  | { kind: 'quote_expired' }
  | { kind: 'placed_elsewhere' }
  | { kind: 'unknown' }
  | { kind: 'busy'; merchantId?: number }
  | { kind: 'confirm_failed'; message?: string }
  | { kind: 'other'; code: string };

export type PlacingState = 'idle' | 'sending' | 'pending' | 'confirming' | 'busy';

export interface CheckoutControllerOptions {
  api(): ToteApi | undefined;
  store(): CartStore | undefined;
  mode(): CheckoutMode;
  /** The provider's `currency`, if any. */
  currency(): string | undefined;
  adapter(): PaymentAdapter | undefined;
  storage(): MaybeStorage | undefined;
  sessionKey(): string | undefined;
  /** Dispatches a Tote event from the host; returns it (to read `defaultPrevented`). */
  emit<T>(name: string, detail: T, init?: { cancelable?: boolean }): CustomEvent<T>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason)), { once: true });
  });

export class CheckoutController implements ReactiveController {
  session: CheckoutSession;
  lines: readonly CartLine[] = [];
  /** The last quote answered (kept while a newer one loads, so totals do not flicker). */
  quote?: QuoteResponse;
  quoteFailed = false;
  /** A shop cannot price the order in the chosen currency (`currency_mismatch`). */
  currencyRefused = false;
  /** Busy shops: merchant id → epoch ms when they are asked again. */
  readonly busy = new Map<number, number>();
  placing: PlacingState = 'idle';
  /** Epoch ms of the next resend while placing waits (busy shop, 202). */
  placeRetryAt?: number;
  notice?: CheckoutNotice;
  /** After a 409 `quote_changed`: what differs from the quote the shopper saw. */
  changes: QuoteChange[] = [];
  placedOrder?: Order;

  readonly quoteTask: Task<[string], QuoteResponse | typeof initialState>;
  /** After a reload on the confirmation: the placed order, read back with its access handle. */
  readonly orderTask: Task<[number, string], Order | typeof initialState>;

  #unsubscribeStore?: () => void;
  #watchedStore?: CartStore;
  #retryTimer?: ReturnType<typeof setTimeout>;
  #ticker?: ReturnType<typeof setInterval>;
  #placeAbort?: AbortController;
  #sessionFor: readonly unknown[];
  #resumed = false;
  #connected?: boolean;
  #creatingCart?: Promise<void>;

  readonly #host: ReactiveControllerHost;
  readonly #options: CheckoutControllerOptions;

  constructor(host: ReactiveControllerHost, options: CheckoutControllerOptions) {
    this.#host = host;
    this.#options = options;
    this.#sessionFor = this.#sessionInputs();
    this.session = this.#newSession();
    host.addController(this);
    this.quoteTask = new Task(host, {
      args: () => [this.#wantsQuote() ? quoteKey(this.#request()) : ''] as [string],
      task: async ([key], { signal }) => {
        const api = this.#options.api();
        if (!key || !api || !this.#request()) return initialState;
        await sleep(QUOTE_DEBOUNCE_MS, signal);
        // Read after the wait: the first cart-mode quote may have brought the cart's token meanwhile.
        const req = this.#request();
        if (!req) return initialState;
        if (req.mode === 'cart' && !req.quote_token) {
          // The first cart-mode quote creates the service cart: it is never abandoned midway (a newer quote
          // would create a second cart beside it); newer quotes wait for it and update that cart.
          if (!this.#creatingCart) return this.#createCart(api, req, signal);
          await this.#creatingCart.catch(() => undefined);
          signal.throwIfAborted();
        }
        return api.quote(this.#request() ?? req, { signal });
      },
      onComplete: (quote) => {
        if (typeof quote === 'object') this.#acceptQuote(quote);
      },
      onError: (e) => this.#quoteError(e),
    });
    this.orderTask = new Task(host, {
      args: () => {
        const placed = this.session.state.placed;
        return (placed && !this.placedOrder ? [placed.orderId, placed.access] : [0, '']) as [number, string];
      },
      task: async ([id, access], { signal }) => {
        const api = this.#options.api();
        if (!id || !api) return initialState;
        return api.getOrder({ id, access }, { signal });
      },
    });
  }

  hostConnected(): void {
    const again = this.#connected === false && this.quoteTask !== undefined;
    this.#connected = true;
    this.#watchStore();
    // Back on the page (moved in the DOM): the quote aborted on the way out is asked for again.
    if (again) this.requote();
  }

  hostDisconnected(): void {
    this.#unsubscribeStore?.();
    this.#unsubscribeStore = undefined;
    this.#watchedStore = undefined;
    this.#connected = false;
    this.#placeAbort?.abort();
    // A checkout taken off the page asks for nothing more.
    this.quoteTask.abort();
    this.#stopTimers();
    // A reconnect resumes an attempt still in flight.
    this.#resumed = false;
  }

  hostUpdate(): void {
    // A new mode or storage key is another checkout.
    const inputs = this.#sessionInputs();
    if (inputs.some((v, i) => v !== this.#sessionFor[i])) {
      this.#sessionFor = inputs;
      this.session = this.#newSession();
      this.quote = undefined;
      this.placedOrder = undefined;
    }
    if (this.#options.store() !== this.#watchedStore) this.#watchStore();
    this.#resumePendingAttempt();
  }

  #sessionInputs(): readonly unknown[] {
    return [this.#options.mode(), this.#options.sessionKey(), this.#options.storage()];
  }

  #newSession(): CheckoutSession {
    return new CheckoutSession({ mode: this.#options.mode(), storage: this.#options.storage(), key: this.#options.sessionKey() });
  }

  #watchStore(): void {
    this.#unsubscribeStore?.();
    const store = this.#options.store();
    this.#watchedStore = store;
    this.lines = store?.lines ?? [];
    this.#unsubscribeStore = store?.subscribe((s) => {
      this.lines = s.lines;
      this.#host.requestUpdate();
    });
  }

  get state(): CheckoutState {
    return this.session.state;
  }

  get buyableLines(): CartLine[] {
    return this.lines.filter((l) => !isBlocking(l));
  }

  get facts(): CheckoutFacts {
    const buyable = this.buyableLines;
    return {
      lineCount: this.lines.length,
      blockingLines: this.lines.length - buyable.length,
      merchantIds: [...new Set(buyable.map((l) => String(l.merchant_id)))],
    };
  }

  /** The step shown: the stored one unless something it needs is missing. Without a store the lines are unknown yet. */
  get step(): CheckoutStep {
    return this.#options.store() || this.state.placed ? clampStep(this.state, this.facts) : this.state.step;
  }

  /** The currency the checkout quotes in (docs/checkout.md). */
  get currency(): string | undefined {
    return this.quote?.currency ?? checkoutCurrency(this.#options.currency(), this.lines);
  }

  /** True when "Place order" may be pressed: a current, ready quote whose totals add up. */
  get canPlace(): boolean {
    const q = this.quote;
    return !!q && q.ready && !this.quoteLoading && !this.quoteFailed && !quoteTotalsDisagree(q) && this.placing === 'idle';
  }

  get quoteLoading(): boolean {
    return this.quoteTask.status === 1; // TaskStatus.PENDING
  }

  #wantsQuote(): boolean {
    return !!this.#connected && !!this.#options.api() && !this.state.placed && this.buyableLines.length > 0;
  }

  #request() {
    return quoteRequest({
      mode: this.#options.mode(),
      currency: checkoutCurrency(this.#options.currency(), this.lines),
      lines: this.buyableLines,
      state: this.state,
      payment: this.#options.mode() === 'cart' ? this.#options.adapter()?.quotePayment : undefined,
    });
  }

  #createCart(api: ToteApi, req: QuoteRequest, signal: AbortSignal): Promise<QuoteResponse> {
    const first = api.quote(req);
    this.#creatingCart = first
      .then((q) => {
        if (!this.state.quoteToken) this.session.update({ quoteToken: q.quote_token });
      })
      // Its failure is the run's own (reported through the task); the runs waiting on it just go on.
      .catch(() => undefined)
      .finally(() => (this.#creatingCart = undefined));
    return first.then((q) => {
      signal.throwIfAborted();
      return q;
    });
  }

  /** Asks for the quote again now (a "Try again", a busy shop's wait is over). */
  requote(): void {
    void this.quoteTask.run();
  }

  #acceptQuote(quote: QuoteResponse): void {
    this.quote = quote;
    this.quoteFailed = false;
    this.currencyRefused = false;
    const offered = new Map(quote.bags.map((b) => [String(b.merchant_id), b.shipping_methods.map((m) => m.shipping_method_id)]));
    // A pick made for an earlier address may not be offered any more: the quote's default stands.
    const selections = Object.fromEntries(Object.entries(this.state.selections).filter(([m, id]) => offered.get(m)?.includes(id)));
    const patch: Partial<CheckoutState> = { quoted: chosenMethods(quote) };
    if (Object.keys(selections).length !== Object.keys(this.state.selections).length) patch.selections = selections;
    if (quote.mode === 'cart') patch.quoteToken = quote.quote_token;
    this.session.update(patch);
    this.#scheduleBusy(busyMerchants(quote));
    const adapter = this.#options.adapter();
    adapter?.quoted?.(quote);
    if (quote.payment) void adapter?.prepare?.(quote.payment);
    const store = this.#options.store();
    if (store) applyQuote(store, quote);
    this.#host.requestUpdate();
  }

  #quoteError(e: unknown): void {
    if (isAbortError(e)) return;
    if (e instanceof ApiRequestError && e.rateLimited) {
      // The whole quote waited on a busy shop: say which, and ask again when it has room.
      this.#scheduleBusy(new Map([[e.merchantId ?? 0, Math.max(1, e.retryAfter ?? 5)]]));
      return;
    }
    this.quoteFailed = true;
    this.currencyRefused = e instanceof ApiRequestError && e.code === 'currency_mismatch';
    this.#host.requestUpdate();
  }

  #scheduleBusy(waits: ReadonlyMap<number, number>): void {
    this.busy.clear();
    clearTimeout(this.#retryTimer);
    if (!waits.size) return this.#syncTicker();
    const now = Date.now();
    for (const [merchant, seconds] of waits) this.busy.set(merchant, now + seconds * 1000);
    const soonest = Math.min(...waits.values());
    this.#retryTimer = setTimeout(() => {
      this.busy.clear();
      this.#syncTicker();
      this.requote();
    }, soonest * 1000);
    this.#syncTicker();
  }

  /** A once-a-second redraw while something counts down (a busy shop, a resend). */
  #syncTicker(): void {
    const counting = this.busy.size > 0 || this.placeRetryAt !== undefined;
    if (counting && !this.#ticker) this.#ticker = setInterval(() => this.#host.requestUpdate(), 1000);
    if (!counting && this.#ticker) {
      clearInterval(this.#ticker);
      this.#ticker = undefined;
    }
    this.#host.requestUpdate();
  }

  #stopTimers(): void {
    clearTimeout(this.#retryTimer);
    clearInterval(this.#ticker);
    this.#ticker = undefined;
  }

  goTo(step: CheckoutStep): void {
    this.notice = undefined;
    this.session.goTo(step, this.facts);
    this.#host.requestUpdate();
  }

  updateAddress(patch: Pick<CheckoutState, 'shipping' | 'billing' | 'billingSameAsShipping'>): void {
    this.session.update(patch);
    this.#host.requestUpdate();
  }

  selectShipping(merchantId: number, methodId: string): void {
    this.session.selectShipping(merchantId, methodId);
    this.#host.requestUpdate();
  }

  removeBag(merchantId: number): void {
    const store = this.#options.store();
    for (const line of this.lines.filter((l) => l.merchant_id === merchantId)) store?.remove(line.sku_id);
  }

  setPayment(payment: CheckoutPayment): void {
    this.session.update({ payment });
    this.goTo('confirm');
  }

  /** A reload while "Place order" was in flight: resend that attempt (same key, same body). */
  #resumePendingAttempt(): void {
    if (this.#resumed || !this.#options.api()) return;
    this.#resumed = true;
    const { attempt, step } = this.state;
    if (attempt?.status === 'pending' && attempt.sent && step === 'confirm') void this.#send(attempt.key, attempt.sent);
  }

  /** "Place order". A press while an attempt is in flight does nothing. */
  async place(): Promise<void> {
    if (this.placing !== 'idle') return;
    const payment = this.state.payment;
    if (!payment) return this.goTo('payment');
    const quote = this.quote;
    if (!quote || !this.canPlace) return;
    const key = this.session.beginAttempt();
    const event = this.#options.emit(
      'tote-checkout-submit',
      { mode: this.#options.mode(), idempotency_key: key, lines: this.lines },
      { cancelable: true },
    );
    if (event.defaultPrevented) return;
    const body: PlaceRequest = {
      quote_token: quote.quote_token,
      payment: { token: payment.token, payment_provider: payment.payment_provider, ...(payment.type ? { type: payment.type } : {}) },
      currency: quote.currency,
    };
    this.session.recordSent(body);
    await this.#send(key, body);
  }

  async #send(key: string, first: PlaceRequest): Promise<void> {
    const api = this.#options.api();
    if (!api || this.placing !== 'idle') return;
    let body = first;
    const controller = new AbortController();
    this.#placeAbort = controller;
    const { signal } = controller;
    this.placing = 'sending';
    this.notice = undefined;
    this.changes = [];
    this.#host.requestUpdate();
    let busyTries = 0;
    try {
      for (;;) {
        let wait: number;
        try {
          const res = await api.place(body, { idempotencyKey: key, signal });
          if (res.status === 'placed') return this.#placed(res.order, res.access);
          if (res.status === 'pending') {
            this.placing = 'pending';
            wait = Math.max(0.05, res.retry_after);
          } else {
            this.placing = 'confirming';
            this.#host.requestUpdate();
            const adapter = this.#options.adapter();
            if (!adapter?.confirm) throw new ApiRequestError({ status: 400, code: 'confirm_unsupported', message: 'The payment adapter cannot confirm' });
            body = { ...body, payment: await adapter.confirm(res) };
            this.session.recordSent(body);
            this.placing = 'sending';
            continue;
          }
        } catch (e) {
          const failure = classifyPlaceFailure(e);
          if (failure.kind !== 'busy' || signal.aborted || ++busyTries > MAX_BUSY_RETRIES) throw e;
          // The shop asked for a moment: the same attempt goes again then, with a countdown meanwhile.
          this.placing = 'busy';
          this.notice = { kind: 'busy', merchantId: failure.merchantId };
          wait = failure.retryAfter;
        }
        this.placeRetryAt = Date.now() + wait * 1000;
        this.#syncTicker();
        await sleep(wait * 1000, signal);
        this.placeRetryAt = undefined;
        this.#syncTicker();
      }
    } catch (e) {
      if (signal.aborted) return;
      this.#placeFailed(e);
    } finally {
      if (this.#placeAbort === controller) {
        this.placing = 'idle';
        this.placeRetryAt = undefined;
        this.#syncTicker();
      }
    }
  }

  #placed(order: Order, access: string): void {
    const rejected = new Set(rejectedBags(order).map((b) => b.merchant_id));
    this.placedOrder = order;
    const ordered = this.buyableLines.filter((l) => !rejected.has(l.merchant_id));
    // Placed first: the store changes below must not ask for another quote.
    this.session.markPlaced(order.id, access, this.state.shipping.email.trim() || undefined);
    this.quote = undefined;
    this.busy.clear();
    // Lines of a rejected bag stay in the cart, to try again or remove.
    const store = this.#options.store();
    for (const line of ordered) store?.remove(line.sku_id);
    this.#options.emit('tote-checkout-complete', { order, access });
    this.#host.requestUpdate();
  }

  #placeFailed(e: unknown): void {
    const failure = classifyPlaceFailure(e);
    const session = this.session;
    if (!(e instanceof ApiRequestError)) {
      // The payment adapter's confirm step failed (a declined card, a refused 3-D Secure check …): nothing was
      // placed. Back to the payment step with the provider's message, to try again or use another card.
      session.failAttempt();
      session.update({ payment: undefined });
      this.goTo('payment');
      this.notice = { kind: 'confirm_failed', ...(e instanceof Error && e.name === 'PaymentInputError' ? { message: e.message } : {}) };
      return;
    }
    if (e instanceof ApiRequestError && e.code === 'quote_changed' && e.quote) {
      session.failAttempt();
      this.changes = this.quote ? quoteChanges(this.quote, e.quote) : [];
      this.#acceptQuote(e.quote);
      this.notice = { kind: 'quote_changed' };
      return;
    }
    switch (failure.kind) {
      case 'declined':
      case 'payment_required':
        session.failAttempt();
        session.update({ payment: undefined });
        this.goTo('payment');
        this.notice = { kind: failure.kind };
        return;
      case 'requote':
        session.failAttempt();
        this.notice = { kind: 'quote_expired' };
        this.requote();
        return;
      case 'placed_elsewhere':
        // Another tab's attempt holds this quote: say so, rather than "prices refreshed". Its placed lines leave
        // this tab's cart through the shared storage, and what is left is quoted again.
        session.failAttempt();
        this.notice = { kind: 'placed_elsewhere' };
        return;
      case 'busy':
        // Still busy after waiting: the key stays, the next press resends the same attempt.
        this.notice = { kind: 'busy', merchantId: failure.merchantId };
        return;
      case 'unknown':
        // The order may exist: keep the key, so pressing again returns that order instead of placing another.
        this.notice = { kind: 'unknown' };
        return;
      default:
        session.failAttempt();
        this.notice = e.code === 'confirm_unsupported' ? { kind: 'confirm_failed' } : { kind: 'other', code: failure.code };
    }
  }

  /** The order placed, as answered or read back after a reload. */
  get order(): Order | undefined {
    const loaded = this.orderTask.value;
    return this.placedOrder ?? (loaded && loaded !== initialState ? loaded : undefined);
  }

  /** Why the placed order's totals cannot be trusted, if they cannot (issue 15.11). */
  get orderTotalsProblem(): 'currency' | 'total' | undefined {
    const order = this.order;
    return order ? orderTotalsProblem(order) : undefined;
  }

  /** Starts a new checkout after an order was placed (the address is kept). */
  startOver(): void {
    this.placedOrder = undefined;
    this.changes = [];
    this.notice = undefined;
    this.session.reset();
    this.#host.requestUpdate();
  }
}
