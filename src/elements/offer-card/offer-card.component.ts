import { adoptStyles, html, nothing, svg, type PropertyValues } from 'lit';
import { shownPrice } from '../internal/shown-price.js';
import { isKnownCurrency } from '../../contract/money.js';
import type { WidgetOffer } from '../../contract/api.js';
import type { CartStore } from '../../state/cart-store.js';
import type { ProvidedName } from '../internal/provider-controller.js';
import type { ToteApi } from '../../state/api-client.js';
import { lineForSku, offerImage, offerInStock, priceRange, skuInStock } from '../../state/offer.js';
import { loadMessages, type MessageArea } from '../../i18n/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import { baseStyles, tokens } from '../internal/styles.js';
import { safeUrl } from '../internal/safe-url.js';
import type { ToteCartAddDetail } from '../../events/registry.js';
import { OfferLoader } from '../internal/offer-loader.js';
import { offerStatusStyles, renderOfferStatus } from '../internal/offer-status.js';
import { compactCardStyles, offerCardStyles } from './offer-card.styles.js';
import '../../i18n/areas/catalog.js';

/** Enough tags to tell products apart, few enough to keep cards even. */
const MAX_TAGS = 3;
/** The card shows three lines of description: more text than this is never seen (the BFF bounds it too; a host page may not). */
const MAX_DESCRIPTION_CHARS = 4_000;
const clip = (text: string) => (text.length > MAX_DESCRIPTION_CHARS ? text.slice(0, MAX_DESCRIPTION_CHARS) : text);

/**
 * @summary One product: image, name, merchant, price or price range,
 * availability, tags and description, with "Add to cart" for a single-SKU
 * offer or "Choose options" opening the variant picker in a dialog.
 *
 * @event tote-cart-add - Before the offer's only SKU goes into the cart. Cancelable: `preventDefault()` keeps it out so the host can take over.
 * @event tote-sku-select - From the variant picker in the dialog.
 *
 * @csspart base - The card.
 * @csspart media - The image box.
 * @csspart image - The product image.
 * @csspart merchant - The merchant's name.
 * @csspart title - The product name.
 * @csspart price - The price or price range.
 * @csspart availability - In stock / out of stock.
 * @csspart tags - The tag list.
 * @csspart description - The description's first lines, as text (the BFF's `description`; the picker shows its structure).
 * @csspart add-button - "Add to cart" or "Choose options".
 * @csspart dialog - The variant picker dialog.
 * @csspart notice - With `offer-id`: not found, failed or busy.
 * @csspart retry-button - "Try again" after a failed load.
 *
 * @cssproperty --tote-offer-card-background - Card background.
 * @cssproperty --tote-offer-card-radius - Card corner radius.
 * @cssproperty --tote-offer-card-image-fit - `object-fit` of the image (`cover`, `contain`).
 */
export class ToteOfferCard extends ToteElement {
  static override messageArea: MessageArea = 'catalog';

  static override styles = [tokens, baseStyles, offerStatusStyles, offerCardStyles, compactCardStyles];

  static override properties = {
    store: { attribute: false },
    api: { state: true },
    imageFailed: { state: true },
    pickerOpen: { state: true },
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

  private imageFailed = false;
  private pickerOpen = false;
  #dialogStyled = false;
  private announcement = '';

  // A getter, not lit's `@query`: the shopper's bundles then carry no query decorator at all.
  get #dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** The offer to show (`WidgetOffer` from the BFF). */
  declare offer?: WidgetOffer;

  /** Without `offer`: the id of an offer to fetch from the provider's BFF. */
  declare offerId?: number;

  /** The offer on screen: given, or fetched by `offer-id`. */
  get #current(): WidgetOffer | undefined {
    return this.offer ?? this.#loader.offer;
  }

  protected override willUpdate(_changed: PropertyValues): void {
    const offer = this.#current;
    // A grid reuses its cards by position: another offer here is another product, with nothing of the last one open.
    // The same product given again (a page merged, prices refreshed) is not another: its open picker stays open.
    if (offer?.id !== this.#shownOffer?.id) {
      if (this.#shownOffer) {
        this.#dialog?.close();
        this.pickerOpen = false;
        this.announcement = '';
      }
      this.imageFailed = false;
    }
    this.#shownOffer = offer;
  }

  #handleAdd(): void {
    const offer = this.#current;
    const sku = offer?.skus[0];
    if (!offer || !sku || !skuInStock(sku) || !sellable(offer)) return;
    const line = lineForSku(offer, sku, 1);
    const event = this.emit('tote-cart-add', { line: { ...line, quantity: 1 }, offer }, { cancelable: true });
    if (event.defaultPrevented) return;
    this.store?.add(line);
    this.announcement = this.t('addedToCart', { name: offer.name });
  }

  async #handleChoose(): Promise<void> {
    // The picker loads on the first "Choose options": a product grid does not pay for it up front. Its dialog's
    // styles come with it and join the card's before the dialog first renders.
    void loadMessages(this.effectiveLocale, 'picker'); // beside the picker, not after it
    try {
      const { pickerDialogStyles } = await import('../variant-picker/variant-picker.js');
      if (!this.#dialogStyled && this.shadowRoot) {
        adoptStyles(this.shadowRoot, [...(this.constructor as typeof ToteOfferCard).elementStyles, pickerDialogStyles]);
        this.#dialogStyled = true;
      }
    } catch {
      this.announcement = this.t('offerLoadError');
      return;
    }
    this.pickerOpen = true;
    await this.updateComplete;
    this.#dialog?.showModal();
  }

  #handlePickerAdd(e: CustomEvent<ToteCartAddDetail>): void {
    // After the event has run its course: the picker has added (or the host took over),
    // the dialog has done its job, and the card, which outlives it, announces the result.
    queueMicrotask(() => {
      this.#dialog?.close();
      if (!e.defaultPrevented) this.announcement = this.t('addedToCart', { name: e.detail.line.name });
    });
  }

  #handleDialogClose(): void {
    this.pickerOpen = false;
  }

  /** Opens the variant picker (for an offer with several SKUs). */
  async showOptions(): Promise<void> {
    await this.#handleChoose();
  }

  protected override render() {
    const offer = this.#current;
    if (!offer) return renderOfferStatus(this.#loader, (key, params) => this.t(key, params));
    const known = sellable(offer);
    const inStock = known && offerInStock(offer);
    // Nothing to choose from: an all-disabled picker behind "Choose options" would be a dead end.
    const adds = offer.skus.length === 1 || !inStock;
    const tags = offer.tags.filter((t) => t.trim()).slice(0, MAX_TAGS);
    const price = this.#renderPrice(offer);
    const sale = inStock && onSale(offer);
    // The card's three lines are the description's text; its structure (lists, emphasis, links) is the picker's.
    const description = clip(offer.description ?? '');
    // Every binding here is a marker comment in each card of a long grid, every element a node: the markup keeps to
    // what a card shows, and what is only said (the badge, the empty live region) costs no node (docs/ssr.md, "Long grids").
    return html`${this.#renderDialog(offer)}<article part="base" class="card" aria-labelledby="title">
        <div part="media" class=${sale ? 'media sale' : 'media'} data-badge=${!inStock ? this.t('outOfStock') : sale ? this.t('sale') : nothing}>${this.#renderMedia(offer)}</div>
        <p part="merchant" class="merchant" dir="auto">${offer.merchant_name || offer.seller || this.t('thisShop')}</p>
        <h3 part="title" class="title" id="title" dir="auto">${offer.name}</h3>
        <p part="price" class="price" ?hidden=${price === nothing}>${price}</p>
        <p part="availability" class=${inStock ? 'availability' : 'availability out'}>${inStock ? this.t('inStock') : known ? this.t('outOfStock') : this.t('unavailable')}</p>
        <ul part="tags" class="tags" aria-label=${this.t('tags')} ?hidden=${!tags.length}>${renderTags(tags)}</ul>
        <p part="description" class="description" dir="auto" ?hidden=${!description}>${description}</p>
        <button
          part="add-button"
          class="button add"
          type="button"
          aria-describedby="title"
          aria-haspopup=${adds ? nothing : 'dialog'}
          ?disabled=${!inStock}
          @click=${adds ? this.#handleAdd : this.#handleChoose}
        >${adds ? (inStock ? this.t('addToCart') : known ? this.t('outOfStock') : this.t('unavailable')) : this.t('chooseOptions')}</button><span class="sr-only" role="status" .textContent=${this.announcement}></span>
      </article>`;
  }

  /** The image, or a labelled placeholder; after the image failed, a placeholder over it (its alt text stays for screen readers). */
  #renderMedia(offer: WidgetOffer) {
    const image = offerImage(offer);
    const src = safeUrl(image?.url);
    if (!src) return html`<div class="no-image" role="img" aria-label=${this.t('noImage')}>${placeholderIcon}</div>`;
    const img = html`<img
      part="image"
      class=${this.imageFailed ? 'failed' : ''}
      src=${src}
      alt=${image?.alt || offer.name}
      width="600"
      height="600"
      loading="lazy"
      decoding="async"
      @error=${() => (this.imageFailed = true)}
    />`;
    return this.imageFailed ? html`${img}<div class="no-image over" aria-hidden="true">${placeholderIcon}</div>` : img;
  }

  #renderPrice(offer: WidgetOffer) {
    const range = priceRange(offer);
    // No price beats a made-up one: an unknown code cannot be formatted (or bought).
    if (!range || !isKnownCurrency(offer.currency)) return nothing;
    const fmt = (...amounts: number[]) =>
      shownPrice(amounts, offer.currency, this.display, this.effectiveLocale, this.t.bind(this), ([min, max]) =>
        max === undefined ? min! : this.t('priceRange', { min: min!, max }),
      );
    const sku = offer.skus.length === 1 ? offer.skus[0]! : undefined;
    const retail = sku?.retail_price && sku.retail_price > sku.sale_price ? sku.retail_price : undefined;
    const price = range.min === range.max ? fmt(range.min) : fmt(range.min, range.max);
    if (retail === undefined) return price;
    // The space between the prices is the <s>'s margin, and the label's is in its text: no whitespace nodes.
    return html`${price}<s><span class="sr-only">${`${this.t('regularPrice')} `}</span>${fmt(retail)}</s>`;
  }

  #renderDialog(offer: WidgetOffer) {
    // Only while the picker is open: a grid of a thousand cards carries no thousand empty dialogs.
    if (offer.skus.length <= 1 || !this.pickerOpen) return nothing;
    return html`<dialog part="dialog" aria-labelledby="dialog-title" @close=${this.#handleDialogClose}>
      <div class="dialog-header">
        <h2 id="dialog-title" dir="auto">${this.t('chooseOptionsFor', { name: offer.name })}</h2>
        <button class="close" type="button" aria-label=${this.t('close')} @click=${() => this.#dialog?.close()}>×</button>
      </div>
      <div class="dialog-body">
        <tote-variant-picker
          .offer=${offer}
          .locale=${this.locale}
          exportparts="base: picker, image: picker-image, price: picker-price, quantity, add-button: picker-add-button"
          @tote-cart-add=${this.#handlePickerAdd}
        ></tote-variant-picker>
      </div>
    </dialog>`;
  }
}

/** One template per count rather than a mapped list: a list costs two marker comments per item in every card. */
function renderTags([a, b, c]: string[]) {
  if (a === undefined) return nothing;
  if (b === undefined) return html`<li dir="auto">${a}</li>`;
  if (c === undefined) return html`<li dir="auto">${a}</li><li dir="auto">${b}</li>`;
  return html`<li dir="auto">${a}</li><li dir="auto">${b}</li><li dir="auto">${c}</li>`;
}

/** A single SKU below its regular price. */
const onSale = (offer: WidgetOffer) => offer.skus.length === 1 && (offer.skus[0]!.retail_price ?? 0) > offer.skus[0]!.sale_price;

/** A currency we cannot format is a price we cannot show honestly: such an offer is shown but not sold. */
const sellable = (offer: WidgetOffer) => isKnownCurrency(offer.currency) && offer.skus.every((s) => !s.currency || isKnownCurrency(s.currency));

const placeholderIcon = svg`<svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.5">
  <rect x="3" y="4" width="18" height="16" rx="2"></rect><circle cx="9" cy="10" r="2"></circle><path d="m21 16-5-5-9 9"></path>
</svg>`;


declare global {
  interface HTMLElementTagNameMap {
    'tote-offer-card': ToteOfferCard;
  }
}
