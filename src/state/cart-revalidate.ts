/**
 * Re-checks a cart saved in an earlier visit against the current offers. The
 * first `<tote-cart>` that shows a store's lines runs it, once per store, so a
 * catalog page without a cart neither pays for it nor asks; the checkout's
 * quote flags lines again by itself.
 */
import type { WidgetOffer } from '../contract/api.js';
import type { ShopperSku as Sku } from '../contract/shopper-offer.js';
import { isAbortError, type ToteApi } from './api-client.js';
import type { CartLine, CartStore } from './cart-store.js';
import { skuInStock } from './offer.js';

/**
 * Fetches the current offer of every line and flags lines whose SKU vanished,
 * went out of stock, changed price or has less stock than the quantity.
 * A line whose offer could not be checked (network, busy merchant) keeps its state.
 */
export async function revalidateCart(cart: CartStore, api: ToteApi, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
  const offerIds = [...new Set(cart.lines.map((l) => l.offer_id))];
  const offers = new Map<number, WidgetOffer | null>();
  await Promise.all(
    offerIds.map(async (id) => {
      try {
        offers.set(id, await api.getOffer(id, { signal }));
      } catch (e) {
        if (isAbortError(e)) throw e;
        if ((e as { status?: number }).status === 404) offers.set(id, null);
      }
    }),
  );
  signal?.throwIfAborted();
  cart.mapLines((line) => {
    const offer = offers.get(line.offer_id);
    if (offer === undefined) return line;
    return checkedLine(line, offer, offer?.skus.find((s) => s.id === line.sku_id));
  });
}

function checkedLine(line: CartLine, offer: WidgetOffer | null, sku: Sku | undefined): CartLine {
  const next: CartLine = { ...line };
  delete next.issue;
  delete next.previous_unit_price;
  if (!offer || !sku || offer.available === false) return { ...next, issue: 'unavailable' };
  if (!skuInStock(sku)) return { ...next, issue: 'out_of_stock' };
  if (sku.inventory_tracked && sku.qty_available != null) {
    next.max_quantity = sku.qty_available;
    if (line.quantity > sku.qty_available) return { ...next, quantity: sku.qty_available, issue: 'quantity_reduced' };
  } else delete next.max_quantity;
  const currency = sku.currency ?? offer.currency;
  if (sku.sale_price !== line.unit_price || currency !== line.currency) {
    return { ...next, unit_price: sku.sale_price, currency, previous_unit_price: line.unit_price, issue: 'price_changed' };
  }
  // A price change the shopper has not acknowledged yet stays flagged.
  if (line.issue === 'price_changed') return { ...next, issue: line.issue, previous_unit_price: line.previous_unit_price };
  return next;
}
