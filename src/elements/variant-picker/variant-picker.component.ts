import { html, nothing, type PropertyValues } from 'lit';
import { shownPrice } from '../internal/shown-price.js';
import { isKnownCurrency } from '../../contract/money.js';
import type { WidgetOffer } from '../../contract/api.js';
import type { ShopperSku as Sku, ShopperVariant as Variant, ShopperVariantValue as VariantValue } from '../../contract/shopper-offer.js';
import type { CartStore } from '../../state/cart-store.js';
import type { ProvidedName } from '../internal/provider-controller.js';
import type { ToteApi } from '../../state/api-client.js';
import { lineForSku, orderedVariants, skuImage, skuInStock, skuStock } from '../../state/offer.js';
import { choose, initialSelection, resolveSku, valueState, type ValueState } from './variant-selection.js';
import type { MessageArea } from '../../i18n/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import { baseStyles, tokens } from '../internal/styles.js';
import { safeUrl } from '../internal/safe-url.js';
import { OfferLoader } from '../internal/offer-loader.js';
import { renderDescription } from '../internal/description.js';
import { offerStatusStyles, renderOfferStatus } from '../internal/offer-status.js';
import { variantPickerStyles } from './variant-picker.styles.js';
import '../../i18n/areas/picker.js';

/** Below this, stock reads "Only N left". */
const LOW_STOCK = 5;
/** Upper bound of the stepper when the merchant does not track stock. */
const UNTRACKED_MAX = 99;

/**
 * @summary Chooses one SKU of an offer: one radio group per variant, values
 * that lead to no in-stock SKU shown disabled with the reason, the chosen
 * SKU's price, stock and image, a quantity stepper and "Add to cart".
 * Variants are read top-down: a value is judged against the choices above it,
 * and a later choice that no longer fits moves to the first value that does,
 * so no shopper is stuck undoing a size to reach a colour.
 *
 * @event tote-offer-view - The picker shows an offer (`detail.offer`): once per offer shown.
 * @event tote-sku-select - The shopper's choice now resolves to `detail.sku` (null when it resolves to none).
 * @event tote-cart-add - Before the chosen SKU goes into the cart. Cancelable: `preventDefault()` keeps it out so the host can take over.
 *
 * @csspart base - The picker.
 * @csspart image - The chosen SKU's image.
 * @csspart price - The price (sale and regular).
 * @csspart stock - The stock note.
 * @csspart group - One variant's fieldset.
 * @csspart value - One value's label.
 * @csspart quantity - The quantity stepper.
 * @csspart add-button - "Add to cart".
 * @csspart description - The whole description (text, or the BFF's safe structure: paragraphs, lists, emphasis, links).
 * @csspart notice - With `offer-id`: not found, failed or busy.
 * @csspart retry-button - "Try again" after a failed load.
 *
 * @cssproperty --tote-variant-picker-selected-color - Border of the chosen value.
 * @cssproperty --tote-variant-picker-background - Behind the picker (default: the surface colour).
 */
export class ToteVariantPicker extends ToteElement {
  static override messageArea: MessageArea = 'picker';

  static override styles = [tokens, baseStyles, offerStatusStyles, variantPickerStyles];

  static override properties = {
    store: { attribute: false },
    api: { state: true },
    selection: { state: true },
    quantity: { state: true },
    announcement: { state: true },
    offer: { attribute: false },
    offerId: { attribute: 'offer-id', type: Number },
  };

  static override provided: readonly ProvidedName[] = ['store', 'api'];

  /** The cart store; taken from `<tote-provider>` when not set. */
  declare store?: CartStore;
  declare private api?: ToteApi;

  readonly #loader = new OfferLoader(this, () => (this.offer || !this.api || !this.offerId ? undefined : [this.api, this.offerId]));
  #shownOffer?: WidgetOffer;

  private selection: Map<number, number> = new Map();
  private quantity = 1;
  private announcement = '';

  /** The offer to choose from (`WidgetOffer` from the BFF). */
  declare offer?: WidgetOffer;

  /** Without `offer`: the id of an offer to fetch from the provider's BFF (a product page). */
  declare offerId?: number;

  /** The offer on screen: given, or fetched by `offer-id`. */
  get #current(): WidgetOffer | undefined {
    return this.offer ?? this.#loader.offer;
  }

  /** The SKU the current choice resolves to, when it is in stock. */
  get selectedSku(): Sku | undefined {
    const offer = this.#current;
    const sku = offer ? resolveSku(offer, this.selection) : undefined;
    // A currency we cannot format is a price we cannot show: not sold.
    return sku && skuInStock(sku) && isKnownCurrency(sku.currency ?? offer!.currency) ? sku : undefined;
  }

  protected override willUpdate(_changed: PropertyValues): void {
    const offer = this.#current;
    if (offer !== this.#shownOffer) {
      this.#shownOffer = offer;
      this.selection = offer ? initialSelection(offer) : new Map();
      this.quantity = 1;
      if (offer) this.emit('tote-offer-view', { offer });
    }
    this.quantity = Math.max(1, Math.min(this.quantity, this.#maxQuantity()));
  }

  #maxQuantity(): number {
    const sku = this.selectedSku;
    return (sku && skuStock(sku)) ?? UNTRACKED_MAX;
  }

  #handleChoose(variant: Variant, value: VariantValue): void {
    const offer = this.#current;
    if (!offer) return;
    this.selection = choose(offer, this.selection, variant.id, value.id);
    const sku = this.selectedSku;
    this.emit('tote-sku-select', { offer_id: offer.id, sku_id: sku?.id ?? null, sku: sku ?? null });
  }

  #handleQuantityInput(e: Event): void {
    const input = e.target as HTMLInputElement;
    const n = Number.parseInt(input.value, 10);
    if (Number.isFinite(n)) this.quantity = n;
    // The field shows the quantity taken (clamped to the stock, or the last one for junk) even when lit's binding
    // sees no change (5 shown, 999 typed, 5 taken): the job of lit's `live`, which would bring 1.5 KB of lit's
    // directive code into every shop page's first file.
    void this.updateComplete.then(() => (input.value = String(this.quantity)));
  }

  #step(delta: number): void {
    this.quantity = Math.max(1, Math.min(this.quantity + delta, this.#maxQuantity()));
  }

  #handleAdd(): void {
    const offer = this.#current;
    const sku = this.selectedSku;
    if (!offer || !sku) return;
    const line = lineForSku(offer, sku, this.quantity);
    const event = this.emit('tote-cart-add', { line: { ...line, quantity: this.quantity }, offer }, { cancelable: true });
    if (event.defaultPrevented) return;
    this.store?.add(line);
    this.announcement = this.t('addedToCart', { name: offer.name });
  }

  protected override render() {
    const offer = this.#current;
    if (!offer) return renderOfferStatus(this.#loader, (key, params) => this.t(key, params));
    const resolved = resolveSku(offer, this.selection);
    const sku = this.selectedSku;
    const image = skuImage(offer, resolved);
    const src = safeUrl(image?.url);
    return html`<div class="frame">
      <div part="base" class="picker">
        <div class="media">
          ${src
            ? html`<img part="image" src=${src} alt=${image?.alt || offer.name} width="600" height="600" decoding="async" />`
            : html`<div class="no-image" role="img" aria-label=${this.t('noImage')}>${this.t('noImage')}</div>`}
        </div>
        <div class="options">
          ${this.#renderPrice(offer, resolved)} ${this.#renderStock(resolved)}
          ${orderedVariants(offer).map((variant) => this.#renderGroup(offer, variant))}
          ${!sku ? html`<p class="problem" role="status">${this.#problem(offer, resolved)}</p>` : nothing}
          <div class="buy">${this.#renderQuantity(sku)} ${this.#renderAddButton(sku)}</div>
          <span class="sr-only" role="status">${this.announcement}</span>
          ${this.#renderDescription(offer)}
        </div>
      </div>
    </div>`;
  }

  #problem(offer: WidgetOffer, resolved: Sku | undefined): string {
    if (resolved && !isKnownCurrency(resolved.currency ?? offer.currency)) return this.t('unavailable');
    if (!offer.skus.some(skuInStock)) return this.t('outOfStock');
    if (resolved) return this.t('outOfStock');
    return this.t('noSkuForChoice');
  }

  #renderDescription(offer: WidgetOffer) {
    if (offer.rich_description?.length) return html`<div part="description" class="description" dir="auto">${renderDescription(offer.rich_description)}</div>`;
    return offer.description ? html`<p part="description" class="description" dir="auto">${offer.description}</p>` : nothing;
  }

  #renderPrice(offer: WidgetOffer, sku: Sku | undefined) {
    const currency = sku?.currency ?? offer.currency;
    // No price beats a made-up one: an unknown code cannot be formatted (or bought).
    if (!sku || !isKnownCurrency(currency)) return nothing;
    const fmt = (n: number) => shownPrice([n], currency, this.display, this.effectiveLocale, this.t.bind(this));
    const onSale = sku.retail_price != null && sku.retail_price > sku.sale_price;
    return html`<p part="price" class="price ${onSale ? 'sale' : ''}">
      ${onSale ? html`<span class="sr-only">${this.t('salePrice')}</span>` : nothing}
      <span class="current">${fmt(sku.sale_price)}</span>
      ${onSale ? html`<s><span class="sr-only">${this.t('regularPrice')}</span> ${fmt(sku.retail_price!)}</s>` : nothing}
    </p>`;
  }

  #renderStock(sku: Sku | undefined) {
    if (!sku) return nothing;
    const stock = skuInStock(sku) ? skuStock(sku) : 0;
    // One line, coloured by how much is left: out, low (below LOW_STOCK), or plenty/untracked.
    const [level, text] =
      stock === 0
        ? ['out', this.t('outOfStock')]
        : stock === undefined
          ? ['', this.t('inStock')]
          : [stock <= LOW_STOCK ? 'low' : '', this.t(stock <= LOW_STOCK ? 'onlyLeft' : 'stockLeft', { count: stock })];
    return html`<p part="stock" class="stock ${level}">${text}</p>`;
  }

  #renderGroup(offer: WidgetOffer, variant: Variant) {
    const chosen = variant.values.find((v) => v.id === this.selection.get(variant.id));
    return html`<fieldset part="group">
      <legend>${variant.name}${chosen ? html`: <span class="chosen">${chosen.name}</span>` : nothing}</legend>
      <div class="values">
        ${variant.values.map((value) => {
          const st = valueState(offer, variant, value, this.selection);
          const reasonId = `reason-${variant.id}-${value.id}`;
          return html`<label part="value" class="value">
            <input
              type="radio"
              name="variant-${variant.id}"
              .value=${String(value.id)}
              .checked=${chosen?.id === value.id}
              ?disabled=${!st.enabled}
              aria-describedby=${st.enabled ? nothing : reasonId}
              @change=${() => this.#handleChoose(variant, value)}
            />
            <span class="chip" dir="auto">${value.name}</span>
            ${st.enabled ? nothing : html`<span class="reason" id=${reasonId}>${this.#reason(st)}</span>`}
          </label>`;
        })}
      </div>
    </fieldset>`;
  }

  #reason(st: ValueState): string {
    if (st.enabled) return '';
    if (st.reason === 'out_of_stock' || !st.choice.length) return this.t('valueOutOfStock');
    return this.t('notWithChoice', { choice: st.choice.join(', ') });
  }

  #renderQuantity(sku: Sku | undefined) {
    const max = this.#maxQuantity();
    return html`<div part="quantity" class="quantity">
      <label for="quantity">${this.t('quantity')}</label>
      <div class="stepper">
        <button
          type="button"
          aria-label=${this.t('decreaseQuantity')}
          ?disabled=${!sku || this.quantity <= 1}
          @click=${() => this.#step(-1)}
        >
          −
        </button>
        <input
          id="quantity"
          type="number"
          inputmode="numeric"
          min="1"
          max=${max}
          .value=${String(this.quantity)}
          ?disabled=${!sku}
          @change=${this.#handleQuantityInput}
        />
        <button
          type="button"
          aria-label=${this.t('increaseQuantity')}
          ?disabled=${!sku || this.quantity >= max}
          @click=${() => this.#step(1)}
        >
          +
        </button>
      </div>
    </div>`;
  }

  #renderAddButton(sku: Sku | undefined) {
    return html`<button part="add-button" class="button add" type="button" ?disabled=${!sku} @click=${this.#handleAdd}>
      ${this.t('addToCart')}
    </button>`;
  }
}


declare global {
  interface HTMLElementTagNameMap {
    'tote-variant-picker': ToteVariantPicker;
  }
}
