/**
 * The checkout's flow as a reactive controller: the step, what the shopper
 * typed and chose (a `CheckoutSession`), the quote the BFF priced for those
 * inputs and the attempt to place it. The element that hosts it only renders
 * and forwards events.
 *
 * - Every change of the quote's inputs (lines, address, a shipping pick)
 *   asks for a new quote through a `Loader` (shaped like `Task`): debounced, the stale request
 *   aborted. The quote flags lines that went stale, picks the cheapest method
 *   per bag, and says when a shop is busy: then it is asked again by itself
 *   after the shop's `retry_after`.
 * - "Place order" is one `POST /checkout/place` with the attempt's
 *   `Idempotency-Key`, kept with the exact body in the session until the
 *   answer is definite; `place-attempt.ts` resends that same key and body
 *   (a lost answer, a 202, a busy shop) and a reload mid-submit resumes it:
 *   never a second order, and a new key only after a definite "not placed".
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Loader, initialState } from '../../state/loader.js';
import type { QuoteResponse } from '../../contract/checkout-api.js';
import type { ShopperOrder as Order } from '../../contract/shopper-order.js';
import { ApiRequestError, isAbortError } from '../../state/api-client.js';
import type { CartLine, CartStore } from '../../state/cart-store.js';
import { applyQuote } from '../rules/line-issues.js';
import { isBlocking, rejectedBags } from '../rules/checkout-order.js';
import { BusyShops } from './busy-shops.js';
import { createQuoteTask } from './checkout-quote-task.js';
import { deviceId } from './device-id.js';
import { PlaceFlow, type PlaceOptions } from './checkout-place.js';
export type { CheckoutNotice, PlacingState } from './checkout-place.js';
import {
  busyMerchants,
  checkoutCurrency,
  chosenMethods,
  quoteRequest,
} from '../rules/checkout-quote.js';
import {
  type CheckoutFacts,
  type CheckoutMode,
  type CheckoutPayment,
  type CheckoutState,
  type CheckoutStep,
  CheckoutSession,
  type MaybeStorage,
  clampStep,
  stepIndex,
} from '../rules/checkout-session.js';

export { QUOTE_DEBOUNCE_MS } from './checkout-quote-task.js';

export interface CheckoutControllerOptions extends PlaceOptions {
  store(): CartStore | undefined;
  /** The provider's `currency`, if any. */
  currency(): string | undefined;
  storage(): MaybeStorage | undefined;
  sessionKey(): string | undefined;
  /** The shopper's language: the BFF writes the address lines' country name in it. */
  locale(): string;
}

const ADDRESS_PATH = /^(shipping|billing)_address\.([a-z_0-9]+)$/;

/** A quote's 400 that names address fields, as `shipping.<field>` → the BFF's code; undefined for any other failure. */
function addressRefusals(e: unknown): Record<string, string> | undefined {
  if (!(e instanceof ApiRequestError) || e.status !== 400) return undefined;
  const out: Record<string, string> = {};
  for (const f of e.fields) {
    const m = ADDRESS_PATH.exec(f.path);
    if (m) out[`${m[1]}.${m[2]}`] = f.message;
  }
  return Object.keys(out).length ? out : undefined;
}

export class CheckoutController implements ReactiveController {
  session: CheckoutSession;
  lines: readonly CartLine[] = [];
  /** The last quote answered (kept while a newer one loads, so totals do not flicker). */
  quote?: QuoteResponse;
  quoteFailed = false;
  /** The BFF's refusals of the last quote's address fields, keyed `shipping.<field>` / `billing.<field>`. */
  addressErrors: Record<string, string> = {};
  /** A shop cannot price the order in the chosen currency (`currency_mismatch`). */
  currencyRefused = false;
  readonly busyShops = new BusyShops(
    () => this.#host.requestUpdate(),
    () => this.requote(),
  );
  placedOrder?: Order;

  readonly quoteTask: Loader<[string], QuoteResponse>;
  /** After a reload on the confirmation: the placed order, read back with its access handle. */
  readonly orderTask: Loader<[number, string], Order>;

  #unsubscribeStore?: () => void;
  #watchedStore?: CartStore;
  #sessionFor: readonly unknown[];
  #resumed = false;
  #connected?: boolean;

  /** "Place order": the attempt, what the shopper is told of it (`notice`), the question it may ask. */
  readonly placer: PlaceFlow;
  readonly #host: ReactiveControllerHost;
  readonly #options: CheckoutControllerOptions;

  constructor(host: ReactiveControllerHost, options: CheckoutControllerOptions) {
    this.#host = host;
    this.#options = options;
    this.placer = new PlaceFlow(this, options, host);
    this.#sessionFor = this.#sessionInputs();
    this.session = this.#newSession();
    host.addController(this);
    this.quoteTask = createQuoteTask(host, {
      api: () => this.#options.api(),
      request: () => (this.#wantsQuote() ? this.#request() : undefined),
      cartCreated: (token) => {
        if (!this.state.quoteToken) this.session.update({ quoteToken: token });
      },
      accept: (quote) => this.acceptQuote(quote),
      failed: (e) => this.#quoteError(e),
    });
    this.orderTask = new Loader(host, {
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
    this.placer.stop();
    // A checkout taken off the page asks for nothing more.
    this.quoteTask.abort();
    this.busyShops.stop();
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
    // A reload while "Place order" was in flight resends that attempt (same key, same body).
    if (!this.#resumed && this.#options.api()) {
      this.#resumed = true;
      this.placer.resume();
    }
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

  /** True when "Place order" may be pressed: a current, ready quote (the BFF's `ready` includes totals that add up). */
  get canPlace(): boolean {
    return !!this.quote?.ready && !this.quoteLoading && !this.quoteFailed && this.placer.placing === 'idle';
  }

  get quoteLoading(): boolean {
    return this.quoteTask.status === 1; // pending
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
      deviceId: deviceId(),
      locale: this.#options.locale(),
    });
  }

  /** Asks for the quote again now (a "Try again", a busy shop's wait is over). */
  requote(): void {
    void this.quoteTask.run();
  }

  acceptQuote(quote: QuoteResponse): void {
    this.quote = quote;
    this.quoteFailed = false;
    this.addressErrors = {};
    this.currencyRefused = false;
    const offered = new Map(quote.bags.map((b) => [String(b.merchant_id), b.shipping_methods.map((m) => m.shipping_method_id)]));
    // A pick made for an earlier address may not be offered any more: the quote's default stands.
    const selections = Object.fromEntries(Object.entries(this.state.selections).filter(([m, id]) => offered.get(m)?.includes(id)));
    const patch: Partial<CheckoutState> = { quoted: chosenMethods(quote) };
    if (Object.keys(selections).length !== Object.keys(this.state.selections).length) patch.selections = selections;
    if (quote.mode === 'cart') patch.quoteToken = quote.quote_token;
    this.session.update(patch);
    this.busyShops.schedule(busyMerchants(quote));
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
      this.busyShops.schedule(new Map([[e.merchantId ?? 0, Math.max(1, e.retryAfter ?? 5)]]));
      return;
    }
    const refused = addressRefusals(e);
    if (refused) {
      // The BFF refused a field of the address (postcode, phone, region): the shopper fixes it on the address step.
      this.addressErrors = refused;
      if (stepIndex(this.step) > stepIndex('address')) this.goTo('address');
      this.#host.requestUpdate();
      return;
    }
    this.quoteFailed = true;
    this.currencyRefused = e instanceof ApiRequestError && e.code === 'currency_mismatch';
    this.#host.requestUpdate();
  }

  /** Busy shops of the quote: merchant id → epoch ms when they are asked again. */
  get busy(): ReadonlyMap<number, number> {
    return this.busyShops.until;
  }

  goTo(step: CheckoutStep): void {
    // Leaving a busy shop's question ends that attempt: its last answer was a known "not placed".
    this.placer.leave();
    this.session.goTo(step, this.facts);
    this.#host.requestUpdate();
  }

  updateAddress(patch: Pick<CheckoutState, 'shipping' | 'billing' | 'billingSameAsShipping'>): void {
    this.session.update(patch);
    this.#host.requestUpdate();
  }

  /** The shopper's discount codes (kept in the session, sent with each quote). */
  setCodes(codes: string[]): void {
    this.session.update({ codes });
    this.#host.requestUpdate();
  }

  selectShipping(merchantId: number, methodId: string): void {
    this.session.selectShipping(merchantId, methodId);
    this.#host.requestUpdate();
  }

  /**
   * Removes one shop's lines (it does not ship here, or it is busy); the rest is quoted again. While "Place order"
   * waits on that busy shop, the wait ends first: its last answer was a known "not placed", so the attempt ends.
   */
  removeBag(merchantId: number): void {
    if (this.placer.dropShop(merchantId)) return;
    const store = this.#options.store();
    for (const line of this.lines.filter((l) => l.merchant_id === merchantId)) store?.remove(line.sku_id);
  }

  setPayment(payment: CheckoutPayment): void {
    this.session.update({ payment });
    this.goTo('confirm');
  }

  /** The attempt placed `order`. */
  placed(order: Order, access: string): void {
    const rejected = new Set(rejectedBags(order).map((b) => b.merchant_id));
    this.placedOrder = order;
    const ordered = this.buyableLines.filter((l) => !rejected.has(l.merchant_id));
    // Placed first: the store changes below must not ask for another quote.
    this.session.markPlaced(order.id, access, this.quote?.shipping_address_lines);
    this.quote = undefined;
    this.busyShops.schedule(new Map());
    // Lines of a rejected bag stay in the cart, to try again or remove.
    const store = this.#options.store();
    for (const line of ordered) store?.remove(line.sku_id);
    this.#options.emit('tote-checkout-complete', { order, access });
    this.#host.requestUpdate();
  }

  /** The order placed, as answered or read back after a reload. */
  get order(): Order | undefined {
    const loaded = this.orderTask.value;
    return this.placedOrder ?? loaded;
  }

  /** Starts a new checkout after an order was placed (the address is kept). */
  startOver(): void {
    this.placedOrder = undefined;
    this.placer.changes = [];
    this.placer.notice = undefined;
    this.session.reset();
    this.#host.requestUpdate();
  }
}
