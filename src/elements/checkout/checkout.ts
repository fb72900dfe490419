import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { EstimateResponse } from '../../contract/estimate.js';
import type { Order } from '../../contract/order.js';
import { type ToteApi, isAbortError } from '../../state/api-client.js';
import type { CartLine, CartStore, LineIssue } from '../../state/cart-store.js';
import {
  type BagShippingChoice,
  applyCartShipping,
  choicesFromCart,
  choicesFromEstimate,
  estimateFor,
  placeOrder,
  prepareCartShipping,
} from '../../state/checkout-flow.js';
import { DirectOrderProblem, classifySubmitFailure, isBlocking, rejectedBags, summariseCart } from '../../state/checkout-order.js';
import {
  CHECKOUT_STEPS,
  type CheckoutFacts,
  type CheckoutMode,
  type CheckoutState,
  type CheckoutStep,
  CheckoutSession,
  type MaybeStorage,
  clampStep,
  stepIndex,
} from '../../state/checkout-session.js';
import { apiContext, cartContext, hostContext } from '../../state/context.js';
import '../address-form/address-form.js';
import type { ToteAddressForm } from '../address-form/address-form.js';
import '../cart/cart.js';
import type { ToteCart } from '../cart/cart.js';
import '../estimate/estimate.js';
import '../order-status/order-status.js';
import '../payment/payment.js';
import type { PaymentAdapter, TotePayment } from '../payment/payment.js';
import { createSandboxPaymentAdapter } from '../payment/sandbox-adapter.js';
import { createLazyStripeAdapter } from '../payment/stripe-lazy.js';
import '../shipping-step/shipping-step.js';
import { defineElement } from '../internal/define.js';
import type { MessageKey } from '../internal/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import { checkoutStyles } from './checkout.styles.js';
import '../internal/messages-checkout.js';

/** `tote-checkout-submit` (cancelable): "Place order" was pressed; `preventDefault()` stops the submit. */
export interface ToteCheckoutSubmitDetail {
  mode: CheckoutMode;
  idempotency_key: string;
  lines: readonly CartLine[];
}
/** `tote-checkout-complete`: the order was placed (some bags may have been rejected: see their status). */
export interface ToteCheckoutCompleteDetail {
  order: Order;
  access: string;
}
/** `tote-checkout-step`: the checkout moved to another step. */
export interface ToteCheckoutStepDetail {
  step: CheckoutStep;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tote-checkout-submit': CustomEvent<ToteCheckoutSubmitDetail>;
    'tote-checkout-complete': CustomEvent<ToteCheckoutCompleteDetail>;
    'tote-checkout-step': CustomEvent<ToteCheckoutStepDetail>;
  }
  interface HTMLElementTagNameMap {
    'tote-checkout': ToteCheckout;
  }
}

const STEP_LABEL: Record<CheckoutStep, MessageKey> = {
  review: 'stepReview',
  address: 'stepAddress',
  shipping: 'stepShipping',
  payment: 'stepPayment',
  confirm: 'stepConfirm',
  placed: 'stepPlaced',
};
const STEP_HEADING: Record<CheckoutStep, MessageKey> = {
  review: 'reviewHeading',
  address: 'addressHeading',
  shipping: 'shippingHeading',
  payment: 'paymentHeading',
  confirm: 'confirmHeading',
  placed: 'placedHeading',
};

/**
 * @summary The whole checkout: review the bags, address, shipping per bag, estimate, payment, a final review
 * and "Place order". `mode="cart"` runs the service's multi-step cart; `mode="direct"` sends one direct order.
 * Every attempt carries an `Idempotency-Key`, so a double click or a retry places one order. Errors land where
 * they belong: a SKU's next to its line, a declined card on the payment step, a rejected bag on that bag.
 * A reload comes back to the same step with nothing re-typed.
 *
 * @slot payment - Light-DOM home of the payment adapter's fields (created automatically).
 *
 * @event tote-checkout-submit - Cancelable, before an order is sent.
 * @event tote-checkout-complete - The order was placed.
 * @event tote-checkout-step - The step changed.
 *
 * @csspart base - The root.
 * @csspart steps - The step list.
 * @csspart error - The checkout's error message.
 * @csspart submit-button - "Place order".
 *
 * @cssproperty --tote-checkout-max-width - Maximum width (default 48rem).
 */
export class ToteCheckout extends ToteElement {
  static override styles = checkoutStyles;

  /** The BFF client; taken from `<tote-provider>` when not set. */
  @consume({ context: apiContext, subscribe: true })
  @property({ attribute: false })
  api?: ToteApi;

  /** The cart store; taken from `<tote-provider>` when not set. */
  @consume({ context: cartContext, subscribe: true })
  @property({ attribute: false })
  store?: CartStore;

  @consume({ context: hostContext, subscribe: true })
  @state()
  private host?: EventTarget;

  /** `cart` (multi-step service cart) or `direct` (one direct order submission). */
  @property({ reflect: true }) mode: CheckoutMode = 'cart';
  /**
   * `sandbox` mounts the sandbox's test cards, `stripe` Stripe's Payment Element (loaded on demand), when no
   * `paymentAdapter` is set.
   */
  @property() payment = '';
  /** `payment="stripe"`: the publishable key (`pk_…`) for direct orders; cart mode takes the service's from each quote. */
  @property({ attribute: 'stripe-key' }) stripeKey = '';
  /** The payment provider's adapter (wins over `payment`). */
  @property({ attribute: false }) paymentAdapter?: PaymentAdapter;
  /** Where the checkout keeps its progress; defaults to `sessionStorage`, `null` for memory only. */
  @property({ attribute: false }) storage?: MaybeStorage;
  /** Storage key, for two checkouts on one page. */
  @property({ attribute: 'session-key' }) sessionKey?: string;

  @state() private session?: CheckoutSession;
  @state() private checkout?: CheckoutState;
  @state() private lines: readonly CartLine[] = [];
  @state() private choices: BagShippingChoice[] = [];
  @state() private estimate?: EstimateResponse;
  @state() private cart?: Order;
  @state() private placedOrder?: Order;
  @state() private loadingData = false;
  @state() private dataError = '';
  @state() private working = false;
  @state() private submitting = false;
  @state() private error = '';
  @state() private paymentError = '';
  @state() private rejected: number[] = [];

  @query('tote-address-form') private addressForm?: ToteAddressForm;
  @query('tote-payment') private paymentEl?: TotePayment;
  @query('tote-cart') private cartEl?: ToteCart;

  private unsubscribeStore?: () => void;
  private unsubscribeSession?: () => void;
  private dataController?: AbortController;
  private pricing?: AbortController;
  private paymentContainer?: HTMLElement;
  private sandboxAdapter?: PaymentAdapter;
  private stripeAdapter?: PaymentAdapter;
  private lastStep?: CheckoutStep;
  private resumeChecked = false;
  private listenedHost?: EventTarget;

  override connectedCallback(): void {
    super.connectedCallback();
    this.ensurePaymentContainer();
    if (this.store) this.watchStore(this.store);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribeStore?.();
    this.unsubscribeStore = undefined;
    this.dataController?.abort();
    this.pricing?.abort();
    this.listenedHost?.removeEventListener('tote-checkout-start', this.handleHostStart);
    this.listenedHost = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!this.session || changed.has('mode') || changed.has('storage') || changed.has('sessionKey')) {
      this.unsubscribeSession?.();
      this.session = new CheckoutSession({ mode: this.mode, storage: this.storage, key: this.sessionKey });
      this.checkout = this.session.state;
      this.unsubscribeSession = this.session.subscribe((s) => (this.checkout = s));
      this.estimate = undefined;
      this.cart = undefined;
      this.choices = [];
    }
    if (changed.has('store') && this.store) this.watchStore(this.store);
    if (this.host !== this.listenedHost) {
      this.listenedHost?.removeEventListener('tote-checkout-start', this.handleHostStart);
      this.listenedHost = this.host;
      this.host?.addEventListener('tote-checkout-start', this.handleHostStart);
    }
  }

  /** The host page asked to start checking out (`<tote-provider>.startCheckout()`): bring the checkout into view. */
  private readonly handleHostStart = () => {
    if (this.step === 'placed') this.startOver();
    void this.updateComplete.then(() => {
      this.scrollIntoView?.({ block: 'start' });
      this.renderRoot.querySelector<HTMLElement>('h2')?.focus();
    });
  };

  protected override updated(): void {
    const step = this.step;
    if (step !== this.lastStep) {
      const first = this.lastStep === undefined;
      this.lastStep = step;
      void this.enterStep(step, !first);
    }
    this.resumePendingAttempt();
  }

  /**
   * A reload while "Place order" was in flight: resend that attempt (same key,
   * same body) so the BFF answers with the order it placed, never a second one.
   */
  private resumePendingAttempt(): void {
    if (this.resumeChecked || !this.api || !this.session) return;
    this.resumeChecked = true;
    const { attempt, step } = this.session.state;
    if (attempt?.status === 'pending' && step === 'confirm') void this.placeOrder({ sent: attempt.sent });
  }

  private ensurePaymentContainer(): void {
    if (this.paymentContainer?.parentNode === this) return;
    this.paymentContainer = this.querySelector<HTMLElement>(':scope > [slot="payment"]') ?? document.createElement('div');
    this.paymentContainer.slot = 'payment';
    if (this.paymentContainer.parentNode !== this) this.append(this.paymentContainer);
  }

  private watchStore(store: CartStore): void {
    this.unsubscribeStore?.();
    this.lines = store.lines;
    this.unsubscribeStore = store.subscribe((s) => {
      const before = this.lines;
      this.lines = s.lines;
      // Another tab or the cart changed what is bought: totals and shipping must be fetched again.
      if (buyableKey(before) !== buyableKey(s.lines)) {
        this.estimate = undefined;
        this.cart = undefined;
        if (this.step === 'shipping' || this.step === 'payment' || this.step === 'confirm') void this.loadData(this.step);
      }
    });
  }

  private get facts(): CheckoutFacts {
    const buyable = this.lines.filter((l) => !isBlocking(l));
    return {
      lineCount: this.lines.length,
      blockingLines: this.lines.length - buyable.length,
      merchantIds: [...new Set(buyable.map((l) => String(l.merchant_id)))],
    };
  }

  /** The step shown: the stored one unless something it needs is missing. */
  get step(): CheckoutStep {
    return this.checkout ? clampStep(this.checkout, this.facts) : 'review';
  }

  private get adapter(): PaymentAdapter | undefined {
    if (this.paymentAdapter) return this.paymentAdapter;
    if (this.payment === 'sandbox') return (this.sandboxAdapter ??= createSandboxPaymentAdapter({ locale: this.effectiveLocale }));
    if (this.payment === 'stripe') {
      return (this.stripeAdapter ??= createLazyStripeAdapter({ ...(this.stripeKey ? { publishableKey: this.stripeKey } : {}), messages: { failed: this.t('paymentError') } }));
    }
    return undefined;
  }

  private buyableLines(): CartLine[] {
    return this.lines.filter((l) => !isBlocking(l));
  }

  private async enterStep(step: CheckoutStep, moveFocus: boolean): Promise<void> {
    // Without a store the lines are unknown yet: keep the stored step for when they arrive.
    if (this.store && this.checkout && this.checkout.step !== step) this.session?.update({ step });
    this.emit('tote-checkout-step', { step });
    if (moveFocus) {
      await this.updateComplete;
      // The shopper may already be in a field of the new step; only a focus left on a button (or nowhere) moves.
      const active = (this.renderRoot as ShadowRoot).activeElement;
      if (!active || active.tagName === 'BUTTON') this.renderRoot.querySelector<HTMLElement>('h2')?.focus();
    }
    if (step === 'shipping' || step === 'payment' || step === 'confirm') await this.loadData(step);
  }

  /** Fetches what a step shows (after a reload, or after the cart changed): shipping choices and totals. */
  private async loadData(step: CheckoutStep): Promise<void> {
    const api = this.api;
    const session = this.session;
    if (!api || !session) return;
    this.dataController?.abort();
    const controller = new AbortController();
    this.dataController = controller;
    const signal = controller.signal;
    this.loadingData = true;
    this.dataError = '';
    const names = new Map(this.lines.map((l) => [l.merchant_id, l.merchant_name]));
    try {
      if (this.mode === 'direct') {
        if (!this.estimate) this.estimate = await estimateFor(api, this.buyableLines(), session.state.shipping, { signal });
        this.choices = choicesFromEstimate(this.estimate, names);
      } else {
        if (!this.cart || step === 'shipping') {
          const prepared = await prepareCartShipping(api, session.state, this.buyableLines(), { signal });
          if (session.state.cart?.id !== prepared.handle.id) session.update({ cart: prepared.handle });
          this.cart = prepared.cart;
          this.choices = choicesFromCart(prepared.cart, prepared.available, names);
        }
        if (step !== 'shipping' && this.cart && !this.cart.bags.every((b) => b.shipping_method)) {
          this.cart = await applyCartShipping(api, session.state.cart!, this.cart, session.state.selections, { signal });
        }
      }
      this.dropStaleSelections();
    } catch (e) {
      if (isAbortError(e) || signal.aborted) return;
      this.dataError = this.t(step === 'shipping' ? 'shippingError' : 'estimateError');
    } finally {
      if (this.dataController === controller) this.loadingData = false;
    }
  }

  /** A method chosen for an earlier address may no longer be offered. */
  private dropStaleSelections(): void {
    const session = this.session!;
    const selections = { ...session.state.selections };
    let changed = false;
    for (const choice of this.choices) {
      const key = String(choice.merchantId);
      if (selections[key] && !choice.methods.some((m) => m.id === selections[key])) {
        delete selections[key];
        changed = true;
      }
    }
    if (changed) session.update({ selections });
  }

  private goTo(step: CheckoutStep): void {
    this.error = '';
    this.session?.goTo(step, this.facts);
  }

  private async handleReviewContinue() {
    if (this.api && this.store) {
      this.working = true;
      try {
        await this.store.revalidate(this.api);
      } catch (e) {
        // The shop could not re-check the lines now; submit re-checks them anyway.
        if (isAbortError(e)) return;
      } finally {
        this.working = false;
      }
    }
    const flagged = this.lines.find(isBlocking);
    if (flagged) {
      this.error = this.t('fixLinesFirst');
      await this.cartEl?.focusLine(flagged.sku_id);
      return;
    }
    this.goTo('address');
  }

  private handleAddressChange() {
    const form = this.addressForm;
    if (!form || !this.session) return;
    this.session.update({ shipping: form.value, billing: form.billing, billingSameAsShipping: form.billingSameAsShipping });
    this.estimate = undefined;
  }

  private handleAddressContinue() {
    const form = this.addressForm;
    if (!form || !this.session) return;
    this.handleAddressChange();
    if (!form.reportValidity()) return;
    this.cart = undefined;
    this.goTo('shipping');
  }

  private handleShippingSelect(e: CustomEvent<{ merchant_id: number; shipping_method_id: string }>) {
    this.session?.selectShipping(e.detail.merchant_id, e.detail.shipping_method_id);
    if (this.mode === 'cart') void this.priceCartShipping();
  }

  /** Cart mode: once every bag has a choice, the cart is priced with it (tax can depend on shipping). */
  private async priceCartShipping(): Promise<Order | undefined> {
    const session = this.session;
    const handle = session?.state.cart;
    if (!this.api || !session || !handle || !this.cart || !this.allChosen()) return undefined;
    if (this.cart.bags.every((b) => b.shipping_method?.shipping_method_id === session.state.selections[String(b.merchant_id)])) return this.cart;
    this.pricing?.abort();
    const controller = new AbortController();
    this.pricing = controller;
    try {
      const cart = await applyCartShipping(this.api, handle, this.cart, session.state.selections, { signal: controller.signal });
      if (!controller.signal.aborted) this.cart = cart;
      return cart;
    } catch (e) {
      if (!isAbortError(e) && !controller.signal.aborted) this.dataError = this.t('estimateError');
      return undefined;
    }
  }

  private allChosen(): boolean {
    const selections = this.session?.state.selections ?? {};
    return this.choices.length > 0 && this.choices.every((c) => c.methods.some((m) => m.id === selections[String(c.merchantId)]));
  }

  private handleRemoveBag(e: CustomEvent<{ merchant_id: number }>) {
    for (const line of this.lines.filter((l) => l.merchant_id === e.detail.merchant_id)) this.store?.remove(line.sku_id);
  }

  private async handleShippingContinue() {
    if (!this.session || !this.api) return;
    if (!this.allChosen()) {
      this.error = this.t('chooseShippingEachBag');
      return;
    }
    this.working = true;
    try {
      if (this.mode === 'cart' && !(await this.priceCartShipping())) return;
      this.goTo('payment');
    } finally {
      this.working = false;
    }
  }

  private async handlePaymentContinue() {
    const el = this.paymentEl;
    if (!el || !this.session) return;
    this.working = true;
    try {
      const payment = await el.tokenize();
      this.paymentError = '';
      this.session.update({ payment });
      this.goTo('confirm');
    } catch {
      // tote-payment shows the adapter's error next to the fields.
    } finally {
      this.working = false;
    }
  }

  /** Places the order. A second press while one is in flight does nothing. */
  async placeOrder(resume?: { sent?: Record<string, unknown> }): Promise<void> {
    const session = this.session;
    const api = this.api;
    if (this.submitting || !session || !api) return;
    const payment = session.state.payment;
    if (!payment) return this.goTo('payment');
    const key = session.beginAttempt();
    const event = this.emit('tote-checkout-submit', { mode: this.mode, idempotency_key: key, lines: this.lines }, { cancelable: true });
    if (event.defaultPrevented) return;
    this.submitting = true;
    this.error = '';
    this.rejected = [];
    try {
      if (this.mode === 'direct' && !this.estimate && !resume?.sent) {
        this.estimate = await estimateFor(api, this.buyableLines(), session.state.shipping);
      }
      const placed = await placeOrder(api, {
        state: session.state,
        lines: this.buyableLines(),
        payment,
        idempotencyKey: key,
        estimate: this.estimate,
        onSend: (body) => session.recordSent(body),
        ...(resume ? { resume } : {}),
      });
      this.handlePlaced(placed.order, placed.access);
    } catch (e) {
      await this.handleSubmitFailure(e);
    } finally {
      this.submitting = false;
    }
  }

  private handlePlaced(order: Order, access: string) {
    const rejected = rejectedBags(order).map((b) => b.merchant_id);
    this.rejected = rejected;
    this.placedOrder = order;
    const ordered = this.buyableLines().filter((line) => !rejected.includes(line.merchant_id));
    // Placed first: the store changes below must not make the confirm step load again (a new estimate, or a new service cart).
    this.session!.markPlaced(order.id, access);
    // Lines of a rejected bag stay in the cart so the shopper can try again or remove them.
    for (const line of ordered) this.store?.remove(line.sku_id);
    this.emit('tote-checkout-complete', { order, access });
  }

  private async handleSubmitFailure(e: unknown): Promise<void> {
    const session = this.session!;
    if (e instanceof DirectOrderProblem) {
      session.failAttempt();
      this.error = this.t('chooseShippingEachBag');
      return;
    }
    const failure = classifySubmitFailure(e);
    switch (failure.kind) {
      case 'declined':
        session.failAttempt();
        session.update({ payment: undefined });
        this.paymentError = this.t('paymentDeclined');
        this.goTo('payment');
        return;
      case 'skus': {
        session.failAttempt();
        const issue: LineIssue = failure.code === 'price_changed' ? 'price_changed' : failure.code === 'out_of_stock' ? 'out_of_stock' : 'unavailable';
        const skuIds = failure.skus
          .map((s) => s.sku_id ?? this.cart?.bags.flatMap((b) => b.skus).find((o) => o.id === s.order_sku_id)?.sku_id)
          .filter((id): id is number => id !== undefined);
        for (const id of skuIds) this.store?.flag(id, issue);
        if (issue === 'price_changed' && this.api) await this.store?.revalidate(this.api).catch(() => undefined);
        this.estimate = undefined;
        this.cart = undefined;
        this.goTo('review');
        this.error = this.t('errorSkus');
        await this.updateComplete;
        if (skuIds[0] !== undefined) await this.cartEl?.focusLine(skuIds[0]);
        return;
      }
      case 'bag': {
        session.failAttempt();
        const merchant = this.lines.find((l) => l.merchant_id === failure.merchantId)?.merchant_name ?? '';
        if (failure.merchantId !== undefined) this.rejected = [failure.merchantId];
        this.error = this.t('errorBagRejected', { merchant });
        return;
      }
      case 'busy': {
        const merchant = this.lines.find((l) => l.merchant_id === failure.merchantId)?.merchant_name;
        this.error = merchant ? this.t('merchantBusy', { merchant }) : this.t('errorBusy');
        return;
      }
      case 'unknown':
        // The order may exist: keep the key, so pressing again returns that order instead of placing another.
        this.error = this.t('errorUnknown');
        return;
      default:
        session.failAttempt();
        this.error = this.t('errorOther', { message: failure.message });
    }
  }

  /** Starts a new checkout after an order was placed. */
  startOver(): void {
    this.placedOrder = undefined;
    this.rejected = [];
    this.estimate = undefined;
    this.cart = undefined;
    this.session?.reset();
  }

  override render() {
    const step = this.step;
    const index = stepIndex(step);
    return html`<div part="base">
      <nav aria-label=${this.t('checkoutSteps')}>
        <ol part="steps">
          ${CHECKOUT_STEPS.map(
            (s, i) => html`<li class=${i < index ? 'done' : ''} aria-current=${s === step ? 'step' : nothing}>${this.t(STEP_LABEL[s])}</li>`,
          )}
        </ol>
      </nav>
      <section aria-labelledby="step-heading" data-step=${step}>
        <h2 id="step-heading" tabindex="-1">${this.t(STEP_HEADING[step])}</h2>
        <p class="error" part="error" role="alert">${this.error}</p>
        ${this.renderStep(step)}
      </section>
    </div>`;
  }

  private renderStep(step: CheckoutStep) {
    switch (step) {
      case 'review':
        return this.renderReview();
      case 'address':
        return this.renderAddress();
      case 'shipping':
        return this.renderShipping();
      case 'payment':
        return this.renderPayment();
      case 'confirm':
        return this.renderConfirm();
      case 'placed':
        return this.renderPlaced();
    }
  }

  private renderActions(back: CheckoutStep | undefined, label: MessageKey, onNext: () => void, disabled = false) {
    return html`<div class="actions">
      ${back ? html`<button class="button secondary" type="button" @click=${() => this.goTo(back)}>${this.t('back')}</button>` : nothing}
      <button class="button" type="button" ?disabled=${disabled || this.working} aria-busy=${this.working ? 'true' : 'false'} @click=${onNext}>
        ${this.t(label)}
      </button>
    </div>`;
  }

  private renderReview() {
    const empty = this.lines.length === 0;
    return html`<tote-cart .store=${this.store} hide-checkout hide-title exportparts="line,issue"></tote-cart>
      ${empty ? html`<p class="status">${this.t('nothingToCheckOut')}</p>` : nothing}
      ${this.renderActions(undefined, 'continueToAddress', () => void this.handleReviewContinue(), empty)}`;
  }

  private renderAddress() {
    const s = this.checkout!;
    return html`<tote-address-form
        .value=${s.shipping}
        .billing=${s.billing}
        .billingSameAsShipping=${s.billingSameAsShipping}
        @change=${this.handleAddressChange}
        @input=${this.handleAddressChange}
      ></tote-address-form>
      ${this.renderActions('review', 'continueToShipping', () => this.handleAddressContinue())}`;
  }

  private renderSummary() {
    const selections = this.checkout!.selections;
    const priceOf = (merchantId: number, id: string) =>
      this.choices.find((c) => c.merchantId === merchantId)?.methods.find((m) => m.id === id)?.price;
    return this.mode === 'cart'
      ? html`<tote-estimate
          .bags=${this.cart ? summariseCart(this.cart, selections, priceOf) : []}
          .lines=${this.lines}
          .rejected=${this.rejected}
        ></tote-estimate>`
      : html`<tote-estimate
          .estimate=${this.estimate}
          .lines=${this.lines}
          .selections=${this.checkout!.selections}
          .rejected=${this.rejected}
        ></tote-estimate>`;
  }

  private renderDataState() {
    return this.dataError
      ? html`<p class="error" role="alert">
          ${this.dataError}
          <button class="button secondary" type="button" @click=${() => void this.loadData(this.step)}>${this.t('retryNow')}</button>
        </p>`
      : nothing;
  }

  private renderShipping() {
    return html`<tote-shipping-step
        .choices=${this.choices}
        .selections=${this.checkout!.selections}
        ?loading=${this.loadingData && !this.choices.length}
        @tote-shipping-select=${this.handleShippingSelect}
        @tote-shipping-remove-bag=${this.handleRemoveBag}
      ></tote-shipping-step>
      ${this.renderDataState()} ${this.choices.length ? this.renderSummary() : nothing}
      ${this.renderActions('address', 'continueToPayment', () => void this.handleShippingContinue(), this.loadingData)}`;
  }

  private renderPayment() {
    return html`<tote-payment .adapter=${this.adapter} .container=${this.paymentContainer} .error=${this.paymentError}>
        <slot name="payment" slot="payment"></slot>
      </tote-payment>
      ${this.renderDataState()} ${this.renderSummary()}
      ${this.renderActions('shipping', 'continueToReview', () => void this.handlePaymentContinue(), !this.adapter)}`;
  }

  private renderConfirm() {
    const s = this.checkout!;
    const a = s.shipping;
    const address = [
      `${a.first_name} ${a.last_name}`.trim(),
      a.address_1,
      a.address_2,
      [a.postal_code, a.city, a.state].filter(Boolean).join(' '),
      a.country,
      a.email,
      a.phone,
    ].filter(Boolean).join('\n');
    const shippingLines = this.choices
      .map((c) => {
        const m = c.methods.find((x) => x.id === s.selections[String(c.merchantId)]);
        return m ? `${c.merchantName ?? c.merchantId}: ${m.label}` : '';
      })
      .filter(Boolean)
      .join('\n');
    const pay = s.payment;
    const ready = !this.loadingData && !this.dataError && (this.mode === 'cart' ? !!this.cart : !!this.estimate);
    return html`<dl class="recap">
        <div>
          <dt>${this.t('shippingAddress')} <button class="link" type="button" @click=${() => this.goTo('address')}>${this.t('edit')}</button></dt>
          <dd>${address}</dd>
        </div>
        <div>
          <dt>${this.t('shipping')} <button class="link" type="button" @click=${() => this.goTo('shipping')}>${this.t('edit')}</button></dt>
          <dd>${shippingLines}</dd>
        </div>
        <div>
          <dt>${this.t('paymentMethod')} <button class="link" type="button" @click=${() => this.goTo('payment')}>${this.t('edit')}</button></dt>
          <dd>${pay?.brand && pay.last4 ? this.t('paidWith', { brand: pay.brand, last4: pay.last4 }) : pay?.payment_provider}</dd>
        </div>
      </dl>
      ${this.renderDataState()} ${this.renderSummary()}
      <div class="actions">
        <button class="button secondary" type="button" @click=${() => this.goTo('payment')}>${this.t('back')}</button>
        <p class="status" role="status">${this.submitting ? this.t('placingOrder') : ''}</p>
        <button
          class="button place"
          part="submit-button"
          type="button"
          ?disabled=${this.submitting || !ready}
          aria-busy=${this.submitting ? 'true' : 'false'}
          @click=${() => void this.placeOrder()}
        >
          ${this.submitting ? this.t('placingOrder') : this.t('placeOrder')}
        </button>
      </div>`;
  }

  private renderPlaced() {
    const placed = this.checkout!.placed!;
    return html`${this.placedOrder
        ? html`<tote-estimate .cart=${this.placedOrder} .rejected=${this.rejected}></tote-estimate>`
        : nothing}
      <tote-order-status order-id=${placed.orderId} access=${placed.access} .api=${this.api}></tote-order-status>
      <div class="actions">
        <button class="button secondary" type="button" @click=${() => this.startOver()}>${this.t('continueShopping')}</button>
      </div>`;
  }
}

function buyableKey(lines: readonly CartLine[]): string {
  return lines
    .filter((l) => !isBlocking(l))
    .map((l) => `${l.sku_id}x${l.quantity}`)
    .join(',');
}

defineElement('tote-checkout', ToteCheckout);
