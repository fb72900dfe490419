/**
 * Every DOM event Tote's catalog elements emit, declared once. All bubble
 * and are composed (they leave shadow roots).
 */
import type { WidgetOffer } from '../../contract/api.js';
import type { ShopperSku as Sku } from '../../contract/shopper-offer.js';
import type { CartLine } from '../../state/cart-store.js';

/**
 * `tote-cart-add`, cancelable: `preventDefault()` keeps Tote from adding the
 * line to its cart so the host can take over.
 */
export interface ToteCartAddDetail {
  line: CartLine;
  offer?: WidgetOffer;
}

/** `tote-sku-select`: the variant choice resolved to a SKU (`sku` null while it resolves to none). */
export interface ToteSkuSelectDetail {
  offer_id: number;
  sku_id: number | null;
  sku: Sku | null;
}

/** `tote-checkout-start`: the host or the cart's "Check out" asked for the checkout. */
export type ToteHostRequestDetail = Record<string, never>;

/**
 * `tote-cart-open`: the cart shows itself, or should. `added` names the line that just went in, and
 * `feedback` how to show it (`drawer`, the default, or a brief `toast`); without them the host asked
 * (`openCart()`) or the shopper pressed the mini cart's badge.
 */
export interface ToteCartOpenDetail {
  added?: CartLine;
  feedback?: 'drawer' | 'toast';
}

/** `tote-cart-remove`: the shopper removed a line from the cart (`line` as it was). */
export interface ToteCartRemoveDetail {
  line: CartLine;
}

/** `tote-cart-quantity`: the shopper changed a line's quantity; `line` is as it was, `quantity` the new one. */
export interface ToteCartQuantityDetail {
  line: CartLine;
  quantity: number;
}

/** `tote-offer-view`: a variant picker showed an offer (a product page, or "Choose options" opened); once per offer shown. */
export interface ToteOfferViewDetail {
  offer: WidgetOffer;
}

/** `tote-offer-list-view`: offers of a grid came into view, each once per grid (a page loaded later comes in its own event). */
export interface ToteOfferListViewDetail {
  offers: WidgetOffer[];
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tote-cart-add': CustomEvent<ToteCartAddDetail>;
    'tote-cart-remove': CustomEvent<ToteCartRemoveDetail>;
    'tote-cart-quantity': CustomEvent<ToteCartQuantityDetail>;
    'tote-offer-view': CustomEvent<ToteOfferViewDetail>;
    'tote-offer-list-view': CustomEvent<ToteOfferListViewDetail>;
    'tote-sku-select': CustomEvent<ToteSkuSelectDetail>;
    'tote-cart-open': CustomEvent<ToteCartOpenDetail>;
    'tote-checkout-start': CustomEvent<ToteHostRequestDetail>;
  }
}
