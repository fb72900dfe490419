/**
 * Every DOM event Tote's catalog elements emit, declared once. All bubble
 * and are composed (they leave shadow roots).
 */
import type { WidgetOffer } from '../../contract/api.js';
import type { Sku } from '../../contract/catalog.js';
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

/** `tote-cart-open` and `tote-checkout-start`: host asked for the cart / the checkout. */
export type ToteHostRequestDetail = Record<string, never>;

declare global {
  interface GlobalEventHandlersEventMap {
    'tote-cart-add': CustomEvent<ToteCartAddDetail>;
    'tote-sku-select': CustomEvent<ToteSkuSelectDetail>;
    'tote-cart-open': CustomEvent<ToteHostRequestDetail>;
    'tote-checkout-start': CustomEvent<ToteHostRequestDetail>;
  }
}
