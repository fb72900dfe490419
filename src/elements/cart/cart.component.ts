import { html, nothing, type PropertyValues } from 'lit';
import { formatMoney, type Money } from '../../contract/money.js';
import { type CartLine, type CartStore, isBuyable } from '../../state/cart-store.js';
import { cartBags, cartTotals, type CartBag } from '../../state/cart-bags.js';
import { isAbortError, type ToteApi } from '../../state/api-client.js';
import { revalidateCart } from '../../state/cart-revalidate.js';
import type { ProvidedName } from '../internal/provider-controller.js';
import { loadOnDemand } from '../internal/on-demand.js';
import { loadMessages, type MessageArea } from '../../i18n/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import { shownPrice } from '../internal/shown-price.js';
import { convertMoney } from '../../state/display-money.js';
import type { ToteCartOpenDetail } from '../../events/registry.js';
import { cartStyles } from './cart.styles.js';
import { type CartLineView, renderCartLine } from './cart-line.js';
import { bagIcon } from './bag-icon.js';
import '../../i18n/areas/cart.js';

const TOAST_MS = 6000;

/** Stores whose saved lines were re-checked on this page: several carts (full and mini) may show one store. */
const rechecked = new WeakSet<CartStore>();

declare global {
  interface HTMLElementTagNameMap {
    'tote-cart': ToteCart;
  }
}

/**
 * @summary The shopper's cart: one bag per merchant, each line with image, name, variant values, unit price,
 * a quantity stepper bounded by stock and a remove button; a subtotal per bag and totals per currency
 * (never added across currencies). Flagged lines (unavailable, out of stock, price changed) stay in place:
 * the first cart to show a provider's saved lines re-checks them against the current offers (not the checkout's own cart:
 * `<tote-checkout>`'s quote flags them, without a request per offer).
 * `variant="mini"` renders a badge that opens the cart as a drawer.
 *
 * @event tote-cart-remove - The shopper removed a line (`detail.line`, as it was).
 * @event tote-cart-quantity - The shopper changed a line's quantity (`detail.line` as it was, `detail.quantity` the new one).
 * @event tote-cart-open - The shopper opened the mini cart's drawer with its badge.
 * @event tote-cart-checkout - The shopper pressed "Check out". Cancelable: by default `<tote-provider>` begins the
 * `<tote-checkout>` on the page, or goes to its `checkout-url`; `preventDefault()` lets the host decide instead.
 *
 * @csspart base - The cart's root.
 * @csspart bag - One merchant's bag.
 * @csspart line - One line.
 * @csspart image - A line's image.
 * @csspart quantity - A line's quantity stepper.
 * @csspart remove-button - A line's remove button.
 * @csspart issue - A flagged line's note.
 * @csspart subtotal - A bag's subtotal.
 * @csspart total - The totals per currency.
 * @csspart badge - The mini variant's button.
 * @csspart drawer - The mini variant's drawer.
 * @csspart checkout-button - The "Check out" button.
 * @csspart added - The note naming the line just added (drawer and toast).
 * @csspart toast - The mini variant's brief "added" message (`add-feedback="toast"` on the provider).
 *
 * @cssproperty --tote-cart-image-size - Size of line images (default 64px).
 */
export class ToteCart extends ToteElement {
  static override messageArea: MessageArea = 'cart';

  static override styles = cartStyles;

  static override properties = {
    store: { attribute: false },
    host: { state: true },
    api: { state: true },
    variant: { reflect: true },
    hideCheckout: { type: Boolean, attribute: 'hide-checkout' },
    hideTitle: { type: Boolean, attribute: 'hide-title' },
    noRevalidate: { type: Boolean, attribute: 'no-revalidate' },
    lines: { state: true },
    added: { state: true },
    toastOpen: { state: true },
  };

  static override provided: readonly ProvidedName[] = ['store', 'host', 'api'];

  /** The cart store; taken from `<tote-provider>` when not set. */
  declare store?: CartStore;

  declare private host?: EventTarget;

  declare private api?: ToteApi;

  /** `full` (default) or `mini` (a badge that opens the cart in a drawer). */
  variant: 'full' | 'mini' = 'full';

  /** Hides the "Check out" button (the checkout's own review step shows the cart). */
  hideCheckout = false;

  /** Hides the "Your cart" heading (when the page around it has its own). */
  hideTitle = false;

  /**
   * Does not re-check saved lines against the current offers (one request per offer). The checkout's own
   * cart sets it: its quote reports stale and unavailable lines in one request, whatever the number of shops.
   */
  noRevalidate = false;

  private lines: readonly CartLine[] = [];
  /** The line that just went in, named at the top of the drawer or in the toast. */
  declare private added?: CartLine;
  private toastOpen = false;
  #toastTimer?: ReturnType<typeof setTimeout>;
  // A getter, not lit's `@query`: the shopper's bundles then carry no query decorator at all.
  get #drawer(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  #unsubscribe?: () => void;
  #listenedHost?: EventTarget;
  /**
   * Rendered by the server (`tote-checkout/ssr` `renderMiniCart`: it has its shadow root as it upgrades), which drew
   * an empty cart: its first render is that one, which lit hydrates; the store's lines come after (`firstUpdated`).
   */
  #fromServer = !!this.shadowRoot;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#listenedHost?.removeEventListener('tote-cart-open', this.#handleHostOpen);
    this.#listenedHost = undefined;
    clearTimeout(this.#toastTimer);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.store) this.#watch(this.store);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('store') && this.store) this.#watch(this.store);
    this.#recheck();
    if (changed.has('host' as keyof ToteCart) && this.host !== this.#listenedHost) {
      this.#listenedHost?.removeEventListener('tote-cart-open', this.#handleHostOpen);
      this.#listenedHost = this.host;
      this.host?.addEventListener('tote-cart-open', this.#handleHostOpen);
    }
  }

  /**
   * Lines saved in an earlier visit may have gone stale: the first cart that shows them flags them (once
   * per store). Here rather than in the provider, so a catalogue page without a cart does not pay for it.
   */
  #recheck(): void {
    const { store, api } = this;
    if (!store || !api || this.noRevalidate || rechecked.has(store)) return;
    rechecked.add(store);
    if (!store.lines.length) return;
    revalidateCart(store, api).catch((e: unknown) => {
      if (!isAbortError(e)) console.warn('tote: could not check the saved cart', e);
    });
  }

  #watch(store: CartStore): void {
    this.#unsubscribe?.();
    if (this.#fromServer) return;
    this.lines = store.lines;
    this.#unsubscribe = store.subscribe((s) => (this.lines = s.lines));
  }

  protected override firstUpdated(): void {
    if (!this.#fromServer) return;
    this.#fromServer = false;
    // In an update of its own after the hydrating one (lit warns of an update asked for during one), before the next frame.
    void this.updateComplete.then(() => this.store && this.#watch(this.store));
  }

  readonly #handleHostOpen = (e: Event) => {
    // A cart's own badge (`tote-cart-open` from a cart) opens that cart only.
    if (this.variant !== 'mini' || (e.target as Element).localName === 'tote-cart') return;
    const { added, feedback = 'drawer' } = (e as CustomEvent<ToteCartOpenDetail>).detail ?? {};
    this.added = added;
    if (added && feedback === 'toast') this.#showToast();
    else this.open();
  };

  /** Long enough to read and reach "Check out"; kept while the pointer or focus is on it. */
  #showToast(): void {
    this.toastOpen = true;
    this.#armToast();
  }

  #armToast(): void {
    clearTimeout(this.#toastTimer);
    this.#toastTimer = setTimeout(() => {
      const toast = this.renderRoot.querySelector('[part~="toast"]');
      if (toast?.matches(':hover, :focus-within')) this.#armToast();
      else this.toastOpen = false;
    }, TOAST_MS);
  }

  #handleRemove(line: CartLine) {
    const index = this.lines.indexOf(line);
    this.store?.remove(line.sku_id);
    this.emit('tote-cart-remove', { line });
    // Keep keyboard users in place: focus the next line, else the previous, else the cart heading.
    void this.updateComplete.then(() => {
      const next = this.lines[index] ?? this.lines[index - 1];
      const target = next
        ? this.renderRoot.querySelector<HTMLElement>(`[data-sku="${next.sku_id}"]`)
        : this.renderRoot.querySelector<HTMLElement>('h2, .empty');
      target?.focus();
    });
  }

  /**
   * The code-split bundle fetches the checkout flow (and its strings) as soon as the shopper heads for
   * "Check out" — pointer over it, or focus on it — so the click often finds it there.
   */
  readonly #prepareCheckout = () => {
    void loadOnDemand('tote-checkout')?.catch(() => {}); // a failed load is reported by loadOnDemand
    void loadMessages(this.effectiveLocale, 'checkout');
  };

  #handleCheckout() {
    this.#prepareCheckout();
    this.toastOpen = false;
    this.close();
    this.emit('tote-cart-checkout', { lines: this.lines }, { cancelable: true });
  }

  /** Opens the drawer (mini variant). */
  open(): void {
    if (this.variant !== 'mini') return;
    void this.updateComplete.then(() => {
      if (this.#drawer && !this.#drawer.open) this.#drawer.showModal();
    });
  }

  /** Closes the drawer (mini variant). */
  close(): void {
    this.#drawer?.close();
    this.added = undefined;
  }

  /** Moves focus to a line (e.g. after a checkout error names its SKU). Returns whether the line exists. */
  async focusLine(skuId: number): Promise<boolean> {
    await this.updateComplete;
    const el = this.renderRoot.querySelector<HTMLElement>(`[data-sku="${skuId}"]`);
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
    return !!el;
  }

  /** Sets a line's quantity as the shopper asked (the store keeps it within stock) and says so when it moved. */
  #setQuantity(line: CartLine, quantity: number) {
    this.store?.setQuantity(line.sku_id, quantity);
    const now = this.store?.line(line.sku_id)?.quantity;
    if (now && now !== line.quantity) this.emit('tote-cart-quantity', { line, quantity: now });
  }

  /** What a line's rendering needs from the cart (cart-line.ts). */
  get #lineView(): CartLineView {
    return {
      t: (key, params) => this.t(key, params),
      money: (m) => this.#money(m),
      price: (m) => shownPrice([m.amount], m.currency, this.display, this.effectiveLocale, this.t.bind(this)),
      store: this.store,
      remove: (line) => this.#handleRemove(line),
      setQuantity: (line, n) => this.#setQuantity(line, n),
    };
  }

  #money(m: Money): string {
    return formatMoney(m.amount, m.currency, this.effectiveLocale);
  }

  override render() {
    if (this.variant === 'mini') return this.#renderMini();
    return this.#renderCart(!this.hideTitle);
  }

  #renderMini() {
    const count = this.lines.reduce((n, l) => n + l.quantity, 0);
    return html`
      <button class="button badge" part="badge" type="button" aria-haspopup="dialog" @click=${this.#handleBadge}>
        ${bagIcon}
        <span class="sr-only">${this.t('openCart', { count })}</span>
        <span class="count" aria-hidden="true">${count}</span>
      </button>
      <dialog part="drawer" aria-labelledby="drawer-title" @click=${this.#handleBackdrop} @close=${() => (this.added = undefined)}>
        <div class="drawer-head">
          <h2 id="drawer-title" tabindex="-1">${this.t('cartTitle')}</h2>
          <button class="button secondary" type="button" @click=${() => this.close()}>${this.t('close')}</button>
        </div>
        ${this.added ? html`<p class="added" part="added" role="status">${this.t('addedToCart', { name: this.added.name })}</p>` : nothing}
        ${this.lines.length && !this.hideCheckout ? this.#renderCheckoutAction() : nothing}
        ${this.#renderCart(false, false)}
      </dialog>
      ${this.toastOpen && this.added ? this.#renderToast(this.added) : nothing}
    `;
  }

  #renderToast(line: CartLine) {
    return html`<div class="toast" part="toast" role="status">
      <p class="added" part="added">${this.t('addedToCart', { name: line.name })}</p>
      <div class="toast-actions">
        <button class="button secondary" type="button" @click=${() => ((this.toastOpen = false), this.open())}>${this.t('viewCart')}</button>
        <button class="button" type="button" @pointerenter=${this.#prepareCheckout} @focus=${this.#prepareCheckout} @click=${this.#handleCheckout}>
          ${this.t('checkout')}
        </button>
      </div>
    </div>`;
  }

  /** "Check out", or why not yet (a flagged line blocks it). */
  #renderCheckoutAction() {
    const blocked = this.lines.some((l) => !isBuyable(l));
    return html`<div class="actions">
      ${blocked ? html`<p class="issue blocking" role="status">${this.t('fixLinesFirst')}</p>` : nothing}
      <button
        class="button"
        part="checkout-button"
        type="button"
        ?disabled=${blocked}
        @pointerenter=${this.#prepareCheckout}
        @focus=${this.#prepareCheckout}
        @click=${this.#handleCheckout}
      >
        ${this.t('checkout')}
      </button>
    </div>`;
  }

  /** The shopper opened the drawer: said with `tote-cart-open`, as when the host opens it. */
  #handleBadge() {
    this.open();
    this.emit('tote-cart-open', {});
  }

  #handleBackdrop(e: MouseEvent) {
    if (e.target === this.#drawer) this.close();
  }

  #renderCart(withTitle: boolean, withCheckout = !this.hideCheckout) {
    if (!this.store || this.lines.length === 0) {
      return html`<div part="base">
        ${withTitle ? html`<h2 tabindex="-1">${this.t('cartTitle')}</h2>` : nothing}
        <p class="empty" tabindex="-1">${this.t('cartEmpty')}<br />${this.t('cartEmptyHint')}</p>
      </div>`;
    }
    const bags = cartBags(this.lines);
    const totals = cartTotals(this.lines);
    return html`<div part="base">
      ${withTitle ? html`<h2 tabindex="-1">${this.t('cartTitle')}</h2>` : nothing}
      ${bags.map((bag) => this.#renderBag(bag))}
      <dl class="totals" part="total" aria-label=${this.t('cartTotals')}>${this.#renderTotals(totals)}</dl>
      ${withCheckout ? this.#renderCheckoutAction() : nothing}
    </div>`;
  }

  /**
   * One total in the shopper's currency when the provider converts (each currency's total converted once, then
   * added: "≈" when any was converted); else one total per currency, never added across currencies.
   */
  #renderTotals(totals: Money[]) {
    const shown = this.display?.rates ? totals.map((m) => convertMoney(m, this.display)) : totals;
    if (shown.every((m) => m.currency === shown[0]?.currency) && shown.length > 1) {
      const one = { amount: shown.reduce((sum, m) => sum + m.amount, 0), currency: shown[0]!.currency };
      return html`<div>
        <dt>${this.t('cartTotal')}</dt>
        <dd data-total=${one.amount} data-currency=${one.currency} class="converted">
          <span aria-hidden="true">≈ </span><span class="sr-only">${this.t('about')} </span>${this.#money(one)}
        </dd>
      </div>`;
    }
    return totals.map(
      (m) => html`<div>
        <dt>${this.t('cartTotal')}${totals.length > 1 ? html` (${m.currency})` : nothing}</dt>
        <dd data-total=${m.amount} data-currency=${m.currency}>${shownPrice([m.amount], m.currency, this.display, this.effectiveLocale, this.t.bind(this))}</dd>
      </div>`,
    );
  }

  #renderBag(bag: CartBag) {
    const headingId = `bag-${bag.merchant_id}`;
    return html`<section class="bag" part="bag" aria-labelledby=${headingId}>
      <div class="bag-head">
        <h3 id=${headingId}>${bag.merchant_name}</h3>
        <span class="unit">${this.t('itemCount', { count: bag.lines.reduce((n, l) => n + l.quantity, 0) })}</span>
      </div>
      <ul>
        ${bag.lines.map((line) => renderCartLine(line, this.#lineView))}
      </ul>
      <dl class="subtotal" part="subtotal">
        <dt>${this.t('bagSubtotal')}</dt>
        <dd>${bag.totals.length ? bag.totals.map((m, i) => html`${i ? ' + ' : ''}${this.#lineView.price(m)}`) : '—'}</dd>
      </dl>
    </section>`;
  }
}
