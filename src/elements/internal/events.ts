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
 * `tote-cart-open`: the cart should show itself. `added` names the line that just went in, and
 * `feedback` how to show it (`drawer`, the default, or a brief `toast`); without them the host asked.
 */
export interface ToteCartOpenDetail {
  added?: CartLine;
  feedback?: 'drawer' | 'toast';
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tote-cart-add': CustomEvent<ToteCartAddDetail>;
    'tote-sku-select': CustomEvent<ToteSkuSelectDetail>;
    'tote-cart-open': CustomEvent<ToteCartOpenDetail>;
    'tote-checkout-start': CustomEvent<ToteHostRequestDetail>;
  }
}
