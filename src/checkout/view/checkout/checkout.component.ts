import { html, nothing } from 'lit';
import type { ToteApi } from '../../../state/api-client.js';
import type { CartStore } from '../../../state/cart-store.js';
import { CheckoutController } from '../../controller/checkout-controller.js';
import { isBlocking } from '../../rules/checkout-order.js';
import type { CheckoutMode, CheckoutStep, MaybeStorage } from '../../rules/checkout-session.js';
import type { ProvidedName } from '../../../elements/internal/provider-controller.js';
import type { ToteAddressForm } from '../address-form/address-form.js';
import type { ToteCart } from '../../../elements/cart/cart.js';
import type { PaymentAdapter, TotePayment } from '../payment/payment.js';
import { AdapterByName } from '../payment/named-adapter.js';
import type { MessageKey } from '../../../i18n/localize.js';
import { ToteElement } from '../../../elements/internal/tote-element.js';
import { checkoutStyles } from './checkout.styles.js';
import '../../../i18n/areas/checkout.js';
import { renderConfirmation } from './confirmation.js';
import { totalsAnnouncer } from './live-region.js';
import { renderAddressForm, storeAddress } from './address-step.js';
import type { AddressAdapter } from '../../controller/address-adapter.js';
import { clearStickyBar } from './sticky-bar.js';
import { renderRecap, renderStepNav, renderSummary } from './steps.js';
import { noticeText, renderAnswers } from './notices.js';
import type { ToteShippingRemoveBagDetail, ToteShippingSelectDetail } from '../../../events/registry.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-checkout': ToteCheckout;
  }
}

/**
 * @summary The whole checkout: the cart, address, shipping per shop, payment, a final review and "Place
 * order", beside one order summary (a collapsible bar on narrow screens). Every change asks the BFF for a
 * signed quote; "Place order" places that quote with one request and an `Idempotency-Key`, so a double click,
 * a retry or a reload places one order. `mode="cart"` prices a service cart, `mode="direct"` a direct order.
 *
 * @slot payment - Light-DOM home of the payment adapter's fields, and of the address adapter's on the address step (created automatically).
 *
 * @event tote-checkout-submit - Cancelable, before an order is sent.
 * @event tote-checkout-complete - The order was placed.
 * @event tote-checkout-step - The step changed.
 * @event tote-checkout-continue - Cancelable: "Continue shopping" was pressed on the confirmation.
 *
 * @csspart base - The root.
 * @csspart steps - The step list.
 * @csspart summary - The order summary column (the bar on narrow screens).
 * @csspart error - The checkout's error message.
 * @csspart submit-button - "Place order".
 * @csspart continue-button - "Continue shopping" on the confirmation.
 *
 * @cssproperty --tote-checkout-max-width - Maximum width (default 72rem).
 * @cssproperty --tote-checkout-sticky-top - Offset of the sticky summary from the top (default 1rem).
 * @cssproperty --tote-checkout-bar-background - Background of the sticky button bar on narrow screens (default the surface colour).
 */
export class ToteCheckout extends ToteElement {
  static override styles = checkoutStyles;

  static override properties = {
    api: { attribute: false },
    store: { attribute: false },
    currency: { attribute: false },
    host: { state: true },
    mode: { reflect: true },
    payment: {},
    stripeKey: { attribute: 'stripe-key' },
    wallets: { type: Boolean },
    paymentAdapter: { attribute: false },
    addressAdapter: { attribute: false },
    storage: { attribute: false },
    sessionKey: { attribute: 'session-key' },
    summaryOpen: { state: true },
    working: { state: true },
    error: { state: true },
  };

  static override provided: readonly ProvidedName[] = ['api', 'store', 'currency', 'host'];

  /** The BFF client; taken from `<tote-provider>` when not set. */
  declare api?: ToteApi;

  /** The cart store; taken from `<tote-provider>` when not set. */
  declare store?: CartStore;

  /** The shopper's currency; taken from `<tote-provider currency>` when not set. */
  declare currency?: string;

  declare private host?: EventTarget;

  /** `cart` (the service's cart) or `direct` (one direct order). */
  mode: CheckoutMode = 'cart';
  /** `sandbox` (the sandbox's test cards) or `stripe` (Stripe's Payment Element, loaded on demand); `paymentAdapter` wins. */
  payment = '';
  /** `payment="stripe"`: the publishable key (`pk_…`) for direct orders; cart mode takes the service's from each quote. */
  stripeKey = '';
  /** `payment="stripe"`, cart mode: offer Apple Pay / Google Pay (Stripe's Express Checkout) where the browser has one. */
  wallets = false;
  /** The payment provider's adapter (wins over `payment`). */
  declare paymentAdapter?: PaymentAdapter;
  /** An address provider with autocomplete (Stripe's Address Element); default: Tote's fields and the browser's autofill. */
  declare addressAdapter?: AddressAdapter;
  /** Where the checkout keeps its progress; defaults to `sessionStorage`, `null` for memory only. */
  declare storage?: MaybeStorage;
  /** Storage key, for two checkouts on one page. */
  declare sessionKey?: string;

  private summaryOpen = false;
  private working = false;
  private error = '';

  // Lookups as getters, not lit's `@query`: the shopper's bundles then carry no query decorator at all.
  get #addressForm(): ToteAddressForm | null {
    return this.renderRoot.querySelector('tote-address-form');
  }
  get #paymentEl(): TotePayment | null {
    return this.renderRoot.querySelector('tote-payment');
  }
  get #cartEl(): ToteCart | null {
    return this.renderRoot.querySelector('tote-cart');
  }

  readonly #flow = new CheckoutController(this, {
    api: () => this.api,
    store: () => this.store,
    mode: () => this.mode,
    currency: () => this.currency,
    adapter: () => this.#adapter,
    storage: () => this.storage,
    sessionKey: () => this.sessionKey,
    locale: () => this.effectiveLocale,
    emit: (name, detail, ...init) => this.emit(name, detail, ...init),
  });
  #paymentContainer?: HTMLElement;
  readonly #named = new AdapterByName();
  readonly #totals = totalsAnnouncer();
  #lastStep?: CheckoutStep;
  #listenedHost?: EventTarget;

  constructor() {
    super();
    clearStickyBar(this, '.actions');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#ensurePaymentContainer();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#listenedHost?.removeEventListener('tote-checkout-start', this.#handleHostStart);
    this.#listenedHost = undefined;
  }

  protected override willUpdate(): void {
    if (this.host !== this.#listenedHost) {
      this.#listenedHost?.removeEventListener('tote-checkout-start', this.#handleHostStart);
      this.#listenedHost = this.host;
      this.host?.addEventListener('tote-checkout-start', this.#handleHostStart);
    }
  }

  protected override updated(): void {
    const step = this.step;
    if (step === this.#lastStep) return;
    const first = this.#lastStep === undefined;
    this.#lastStep = step;
    // Without a store the lines are unknown yet: keep the stored step for when they arrive.
    if (this.store && this.#flow.state.step !== step) this.#flow.session.update({ step });
    this.error = '';
    this.emit('tote-checkout-step', { step });
    const flagged = this.#flow.lines.filter(isBlocking);
    // Sent back to the cart by a line that sold out (on any step): said at the top, unless a refused "Place order"
    // already says it, and focus goes to that line.
    if (step === 'review' && flagged[0] && !first) {
      if (this.#flow.placer.notice?.kind !== 'quote_changed') this.error = this.t('soldOutBack', { names: flagged.map((l) => l.name).join(', ') });
      void this.updateComplete.then(() => this.#cartEl?.focusLine(flagged[0]!.sku_id));
    } else if (!first) void this.#focusHeading();
  }

  /** The shopper may already be in a field of the new step; only a focus left on a button (or nowhere) moves. */
  async #focusHeading(): Promise<void> {
    await this.updateComplete;
    const active = (this.renderRoot as ShadowRoot).activeElement;
    if (!active || active.tagName === 'BUTTON') this.renderRoot.querySelector<HTMLElement>('h2')?.focus();
  }

  /** The host page asked to start checking out (`<tote-provider>.startCheckout()`): bring the checkout into view. */
  readonly #handleHostStart = () => {
    if (this.step === 'placed') this.startOver();
    // The shopper just looked at the cart and pressed "Check out": the address is what comes next.
    const lines = this.#flow.lines;
    if (this.step === 'review' && lines.length && !lines.some(isBlocking)) this.#goTo('address');
    void this.updateComplete.then(async () => {
      this.scrollIntoView?.({ block: 'start' });
      await this.#addressForm?.updateComplete;
      // The address form delegates focus to its first field; other steps start at their heading.
      (this.#addressForm ?? this.renderRoot.querySelector<HTMLElement>('h2'))?.focus();
    });
  };

  #ensurePaymentContainer(): void {
    if (this.#paymentContainer?.parentNode === this) return;
    this.#paymentContainer = this.querySelector<HTMLElement>(':scope > [slot="payment"]') ?? document.createElement('div');
    this.#paymentContainer.slot = 'payment';
    if (this.#paymentContainer.parentNode !== this) this.append(this.#paymentContainer);
  }

  /** The step shown: the stored one unless something it needs is missing. */
  get step(): CheckoutStep {
    return this.#flow.step;
  }

  get #adapter(): PaymentAdapter | undefined {
    const options = { locale: this.effectiveLocale, stripeKey: this.stripeKey, wallets: this.wallets, failed: this.t('paymentError') };
    return this.paymentAdapter ?? this.#named.get(this.payment, options);
  }

  #goTo(step: CheckoutStep): void {
    this.error = '';
    this.#flow.goTo(step);
  }

  async #handleReviewContinue() {
    const flagged = this.#flow.lines.find(isBlocking);
    if (!flagged) return this.#goTo('address');
    this.error = this.t('fixLinesFirst');
    await this.#cartEl?.focusLine(flagged.sku_id);
  }

  #handleAddressContinue() {
    storeAddress(this.#flow, this.#addressForm);
    if (this.#addressForm?.reportValidity()) this.#goTo('shipping');
  }

  async #handlePaymentContinue() {
    const el = this.#paymentEl;
    if (!el) return;
    this.working = true;
    try {
      this.#flow.setPayment(await el.tokenize());
    } catch {
      // tote-payment shows the adapter's error next to the fields.
    } finally {
      this.working = false;
    }
  }

  /** Places the order. A second press while one is in flight does nothing. */
  placeOrder(): Promise<void> {
    return this.#flow.placer.place();
  }

  /** Starts a new checkout after an order was placed. */
  startOver(): void {
    this.#flow.startOver();
  }

  /** "Continue shopping": the host may take over; else the provider's `shop-url`, else back. */
  #handleContinue() {
    const shopUrl = (this.host as Element | undefined)?.getAttribute?.('shop-url') || undefined;
    const event = this.emit('tote-checkout-continue', { url: shopUrl }, { cancelable: true });
    if (event.defaultPrevented) return;
    this.startOver();
    if (shopUrl) location.assign(shopUrl);
    else history.back();
  }

  override render() {
    const step = this.step;
    if (step === 'placed') {
      return html`<div part="base" class="placed">
        ${renderConfirmation(this.#flow, { t: (k, p) => this.t(k, p), locale: this.effectiveLocale, onContinue: () => this.#handleContinue() })}
      </div>`;
    }
    const notice = noticeText(this.#flow, (k, p) => this.t(k, p), this.effectiveLocale);
    return html`<div part="base">
      ${renderStepNav(step, (k, p) => this.t(k, p), (s) => this.#goTo(s))}
      <div class="columns">
        <section class="main" aria-labelledby="step-heading" data-step=${step}>
          <h2 id="step-heading" tabindex="-1">${this.t(`${step}Heading`)}</h2>
          <div class="error" part="error" role="alert">${this.error || notice.error}</div>
          <p class="notice" role="status">${notice.status}</p>
          ${renderAnswers(this.#flow, notice, (k, p) => this.t(k, p))}
          ${this.#renderStep(step)}
        </section>
        ${this.#totals(this.#flow, (k, p) => this.t(k, p), this.effectiveLocale)}
        ${renderSummary(this.#flow, { t: (k, p) => this.t(k, p), locale: this.effectiveLocale, open: this.summaryOpen, toggle: () => (this.summaryOpen = !this.summaryOpen) })}
      </div>
    </div>`;
  }

  #renderStep(step: CheckoutStep) {
    switch (step) {
      case 'review':
        return this.#renderReview();
      case 'address':
        return this.#renderAddress();
      case 'shipping':
        return this.#renderShipping();
      case 'payment':
        return this.#renderPayment();
      default:
        return this.#renderConfirm();
    }
  }

  #renderActions(back: CheckoutStep | undefined, label: MessageKey, onNext: () => void, disabled = false) {
    return html`<div class="actions">
      ${back ? html`<button class="button secondary" type="button" @click=${() => this.#goTo(back)}>${this.t('back')}</button>` : nothing}
      <button class="button primary" type="button" ?disabled=${disabled || this.working} aria-busy=${this.working ? 'true' : 'false'} @click=${onNext}>
        ${this.t(label)}
      </button>
    </div>`;
  }

  #renderReview() {
    const empty = this.#flow.lines.length === 0;
    // The quote flags stale lines: no re-check of each offer before it (the same requests for one shop or six).
    return html`<tote-cart .store=${this.store} hide-checkout hide-title no-revalidate exportparts="line,issue"></tote-cart>
      ${empty ? html`<p class="status">${this.t('nothingToCheckOut')}</p>` : nothing}
      ${this.#renderActions(undefined, 'continueToAddress', () => void this.#handleReviewContinue(), empty)}`;
  }

  #renderAddress() {
    const onChange = () => storeAddress(this.#flow, this.#addressForm);
    return html`${renderAddressForm(this.#flow, { adapter: this.addressAdapter, container: this.#paymentContainer, onChange })}
      ${this.#renderActions('review', 'continueToShipping', () => this.#handleAddressContinue())}`;
  }

  #renderShipping() {
    const quote = this.#flow.quote;
    const addressed = !!quote?.bags.some((b) => b.shipping_methods.length || b.shipping_method_id);
    // The method each bag has in the last quote (`quoted`, kept on every answer), under the shopper's picks not yet quoted.
    const selections = { ...this.#flow.state.quoted, ...this.#flow.state.selections };
    // Only a ready quote goes on to payment: the BFF's `ready` means a method for every bag, among the rest.
    return html`<tote-shipping-step
        .bags=${quote && (addressed || this.#flow.busy.size) ? quote.bags : []}
        currency=${quote?.currency ?? ''}
        .busy=${this.#flow.busy}
        .selections=${selections}
        ?loading=${this.#flow.quoteLoading || !addressed}
        @tote-shipping-select=${(e: CustomEvent<ToteShippingSelectDetail>) =>
          this.#flow.selectShipping(e.detail.merchant_id, e.detail.shipping_method_id)}
        @tote-shipping-remove-bag=${(e: CustomEvent<ToteShippingRemoveBagDetail>) => this.#flow.removeBag(e.detail.merchant_id)}
      ></tote-shipping-step>
      ${this.#renderActions('address', 'continueToPayment', () => this.#goTo('payment'), this.#flow.quoteLoading || !quote?.ready)}`;
  }

  #renderPayment() {
    const declined = this.#flow.placer.notice?.kind === 'declined';
    // A wallet sheet that paid (Stripe's Express Checkout) counts as "Review order" then "Place order".
    const walletPaid = () => void this.#handlePaymentContinue().then(() => this.#flow.state.payment && this.#flow.placer.place());
    return html`<tote-payment .adapter=${this.#adapter} .container=${this.#paymentContainer} .error=${declined ? this.t('paymentDeclined') : ''} @tote-payment-authorized=${walletPaid}>
        <slot name="payment" slot="payment"></slot>
      </tote-payment>
      ${this.#renderActions('shipping', 'continueToReview', () => void this.#handlePaymentContinue(), !this.#adapter)}`;
  }

  #renderConfirm() {
    const busy = this.#flow.placer.placing !== 'idle';
    return html`${renderRecap(this.#flow, (k, p) => this.t(k, p), (s) => this.#goTo(s))}
      <div class="actions">
        <button class="button secondary" type="button" @click=${() => this.#goTo('payment')}>${this.t('back')}</button>
        <button
          class="button primary place"
          part="submit-button"
          type="button"
          ?disabled=${busy || !this.#flow.canPlace}
          aria-busy=${busy ? 'true' : 'false'}
          @click=${() => void this.placeOrder()}
        >
          ${busy ? this.t('placingOrder') : this.t('placeOrder')}
        </button>
      </div>`;
  }
}

