import { LitElement, html, css, type PropertyValues } from 'lit';
import { createApiClient, type ToteApi } from '../../state/api-client.js';
import { CartStore, cartStorageKey, type CartLine, type CartLineInput } from '../../state/cart-store.js';
import { apiContext, cartContext, currencyContext, displayCurrencyContext, hostContext, localeContext } from '../../state/context.js';
import type { CurrencyRates } from '../../contract/currencies.js';
import { currencyStorageKey } from '../../state/display-money.js';
import { lineForSku } from '../../state/offer.js';
import { loadMessages, localeDirection, usableLocale } from '../../i18n/localize.js';
import { loadOnDemand } from '../internal/on-demand.js';
import { dispatchToteEvent } from '../../events/dispatch.js';
import { ProvidedValues } from './provided-values.js';
import type { ToteCartAddDetail, ToteCartOpenDetail } from '../../events/registry.js';

/** What `addToCart` accepts: a full cart line, or a SKU of an offer (the offer is fetched). */
export type AddToCartInput = CartLineInput | { offer_id: number; sku_id: number; quantity?: number };

/**
 * @summary The root of a Tote widget: gives every Tote element inside it the
 * BFF client, the cart and the locale. Two providers with different endpoints
 * on one page keep two separate carts.
 *
 * @slot - The storefront: offer grids, cart, checkout, and any host markup.
 *
 * @event tote-cart-add - Before a line goes into the cart (from `addToCart()`). Cancelable: `preventDefault()` keeps it out so the host can take over.
 * @event tote-cart-open - `openCart()` was called: a cart drawer below should open.
 * @event tote-checkout-start - `startCheckout()` was called, or the cart's "Check out" was pressed with a `<tote-checkout>` on the page: it should begin.
 */
export class ToteProvider extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  static override properties = {
    endpoint: {},
    locale: {},
    currency: {},
    addFeedback: { attribute: 'add-feedback' },
    checkoutUrl: { attribute: 'checkout-url' },
    shopUrl: { attribute: 'shop-url' },
    fetch: { attribute: false },
  };

  readonly #provided = new ProvidedValues(this, [
    [apiContext],
    [cartContext],
    [localeContext, 'en'],
    [currencyContext],
    [hostContext, this],
    [displayCurrencyContext],
  ]);
  /** The service's rates from this provider's BFF, asked for once a currency is set. */
  #rates?: Promise<CurrencyRates | undefined>;
  #setUpFor?: { endpoint: string; fetch?: typeof globalThis.fetch };
  #cartDisposed = false;
  /** The `dir` this provider set from its locale; any other value on the attribute is the host's. */
  #dirFromLocale?: string;

  /** Base URL of the BFF. */
  endpoint = '/api';

  /** BCP 47 locale for text, money and dates; defaults to the page's `lang`, then the browser's. */
  declare locale?: string;

  /**
   * The shopper's ISO 4217 currency: the checkout quotes in it, and card, picker and cart prices of shops
   * that sell in another are shown converted into it ("≈", with the service's rates). `<tote-currency-select>`
   * changes it.
   */
  declare currency?: string;

  /**
   * What a shopper sees when a line goes into the cart: the mini cart opens as a `drawer` (default)
   * with the line and "Check out" at the top, a `toast` says so briefly, or `none`.
   */
  addFeedback: 'drawer' | 'toast' | 'none' = 'drawer';

  /** Where the cart's "Check out" goes when the page has no `<tote-checkout>` of its own (same origin or http(s)). */
  declare checkoutUrl?: string;

  /** Where "Continue shopping" goes after an order (else the page before, `history.back()`). */
  declare shopUrl?: string;

  /** For tests and custom transports: the `fetch` the BFF client uses. */
  declare fetch?: typeof globalThis.fetch;

  /** The BFF client of this provider. */
  get api(): ToteApi | undefined {
    return this.#provided.get(apiContext);
  }

  /** The cart of this provider. */
  get cart(): CartStore | undefined {
    return this.#provided.get(cartContext);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#setUp();
    this.addEventListener('tote-cart-add', this.#handleCartAdd);
    this.addEventListener('tote-cart-checkout', this.#handleCartCheckout);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('tote-cart-add', this.#handleCartAdd);
    this.removeEventListener('tote-cart-checkout', this.#handleCartCheckout);
    this.cart?.dispose();
    this.#cartDisposed = true;
    this.#setUpFor = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('endpoint') || changed.has('fetch')) this.#setUp();
    const locale = usableLocale(this.locale, document.documentElement.lang, navigator.language);
    // In a language that loads lazily (German), fetch the first page's strings now; each element waits for its own.
    if (locale !== this.#provided.get(localeContext)) void loadMessages(locale, 'cart');
    this.#provided.set(localeContext, locale);
    if (changed.has('locale')) this.#applyDirection();
    const currency = this.currency?.toUpperCase();
    this.#provided.set(currencyContext, currency);
    if (changed.has('currency') || changed.has('endpoint') || changed.has('fetch')) this.#showIn(currency);
  }

  /** Prices shown in `currency`: at once in each shop's own, then converted once the rates are in. */
  #showIn(currency: string | undefined): void {
    this.#provided.set(displayCurrencyContext, currency ? { currency } : undefined);
    if (!currency) return;
    this.#rates ??= this.api?.currencies().catch(() => (this.#rates = undefined));
    void this.#rates?.then((rates) => {
      // A shop without rates (an older BFF, a service outage) shows each price in the merchant's own currency.
      if (rates && this.currency?.toUpperCase() === currency) this.#provided.set(displayCurrencyContext, { currency, rates });
    });
  }

  /**
   * Adds a line to the cart as a shopper's click would: emits the cancelable
   * `tote-cart-add` first. Give a full line, or `{ offer_id, sku_id, quantity }`
   * and the offer is fetched to fill in name, price and stock. Resolves to the
   * line in the cart, or undefined when the host cancelled.
   */
  async addToCart(input: AddToCartInput): Promise<CartLine | undefined> {
    const api = this.api;
    const cart = this.cart;
    if (!api || !cart) throw new Error('tote-provider: not connected');
    let detail: ToteCartAddDetail;
    if ('unit_price' in input) {
      detail = { line: { ...input, quantity: input.quantity ?? 1 } };
    } else {
      const offer = await api.getOffer(input.offer_id);
      const sku = offer.skus.find((s) => s.id === input.sku_id);
      if (!sku) throw new Error(`tote-provider: offer ${input.offer_id} has no SKU ${input.sku_id}`);
      const line = lineForSku(offer, sku, input.quantity ?? 1);
      detail = { line: { ...line, quantity: line.quantity ?? 1 }, offer };
    }
    if (dispatchToteEvent(this, 'tote-cart-add', detail, { cancelable: true }).defaultPrevented) return undefined;
    return cart.add(detail.line);
  }

  /**
   * Both events are cancelable and listeners above the provider (the host page's) run after this one:
   * the default action waits until the dispatch is over, so a host's `preventDefault()` still counts.
   */
  #afterDispatch(e: Event, action: () => void): void {
    queueMicrotask(() => {
      if (!e.defaultPrevented) action();
    });
  }

  readonly #handleCartAdd = (e: Event) => {
    const feedback = this.addFeedback;
    if (feedback === 'none') return;
    const { line } = (e as CustomEvent<ToteCartAddDetail>).detail;
    this.#afterDispatch(e, () => {
      const added = this.cart?.line(line.sku_id);
      if (added) this.openCart({ added, feedback });
    });
  };

  readonly #handleCartCheckout = (e: Event) => this.#afterDispatch(e, () => this.goToCheckout());

  /**
   * The cart's "Check out": a `<tote-checkout>` on this page begins (scrolled into view, first field
   * focused); without one, the browser goes to `checkout-url`. With neither, `tote-checkout-start` is
   * all that happens, for a host that handles it.
   */
  goToCheckout(): void {
    const url = this.checkoutUrl ? new URL(this.checkoutUrl, document.baseURI) : undefined;
    if (!this.querySelector('tote-checkout') && !document.querySelector('tote-checkout') && url && /^https?:$/.test(url.protocol)) {
      location.assign(url.href);
      return;
    }
    this.startCheckout();
  }

  /** Asks the cart below (`<tote-cart>`) to open; emits `tote-cart-open`. */
  openCart(detail: ToteCartOpenDetail = {}): void {
    dispatchToteEvent(this, 'tote-cart-open', detail);
  }

  /**
   * Asks the checkout below (`<tote-checkout>`) to begin; emits `tote-checkout-start`.
   * In the code-split bundle the checkout loads first, so it is listening when the event comes.
   */
  startCheckout(): void {
    const start = () => dispatchToteEvent(this, 'tote-checkout-start', {});
    const loading = loadOnDemand('tote-checkout');
    void loadMessages(this.#provided.get(localeContext), 'checkout'); // beside the flow, not after it
    if (loading) void loading.then(start, start);
    else start();
  }

  /**
   * A `locale` written right to left (`ar`, `he`, …) lays the widgets out right
   * to left through `dir` on the provider, which every element below inherits;
   * a `dir` the host set itself is left alone.
   */
  #applyDirection(): void {
    const current = this.getAttribute('dir');
    if (current !== null && current !== this.#dirFromLocale) return;
    this.#dirFromLocale = this.locale ? localeDirection(this.locale) : undefined;
    if (this.#dirFromLocale) this.setAttribute('dir', this.#dirFromLocale);
    else this.removeAttribute('dir');
  }

  /** Runs on connect (before children ask for context) and when endpoint or fetch change. */
  #setUp(): void {
    const endpoint = this.endpoint.replace(/\/+$/, '') || '/';
    if (this.#setUpFor?.endpoint === endpoint && this.#setUpFor.fetch === this.fetch) return;
    this.#setUpFor = { endpoint, fetch: this.fetch };
    const api = createApiClient({ endpoint, ...(this.fetch ? { fetch: this.fetch } : {}) });
    this.#provided.set(apiContext, api);
    this.#rates = undefined;
    // A currency the shopper chose on any page of this shop (`<tote-currency-select>`) wins over the page's default.
    try {
      this.currency = localStorage.getItem(currencyStorageKey(endpoint)) ?? this.currency;
    } catch {
      // Storage blocked: the page's currency stands.
    }
    if (!this.cart || this.cart.storageKey !== cartStorageKey(endpoint) || this.#cartDisposed) {
      this.cart?.dispose();
      this.#cartDisposed = false;
      this.#provided.set(cartContext, new CartStore({ storageKey: cartStorageKey(endpoint) }));
    }
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}


declare global {
  interface HTMLElementTagNameMap {
    'tote-provider': ToteProvider;
  }
}
