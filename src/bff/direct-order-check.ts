/**
 * A direct order carries its own shipping price, tax and discounts, and the
 * service takes them as given. From a browser they are only a wish: each bag
 * is checked against a fresh estimate of the same SKUs and address before
 * the order is sent, so a shopper cannot pick their own tax or shipping.
 */
import type { ServiceClient } from '../contract/client.js';
import type { DirectOrderRequest } from '../contract/direct-order.js';
import { ApiHttpError, badRequest, rateLimited } from './errors.js';

export async function checkDirectOrderAmounts(client: ServiceClient, request: DirectOrderRequest): Promise<void> {
  const { bags, shipping_address } = request.order;
  const discounted = bags.flatMap((bag, i) => (bag.discounts.length ? [{ path: `order.bags.${i}.discounts`, message: 'discounts cannot be set by the browser' }] : []));
  if (discounted.length) throw badRequest('Discounts cannot be set by the browser', discounted);

  const estimate = await client.estimateOrder({
    // One currency per order: the estimate prices every merchant in the order's currency, as the order will be.
    base_currency: request.order.currency,
    skus: bags.flatMap((bag) => bag.skus.map(({ sku_id, quantity }) => ({ sku_id, quantity }))),
    shipping_address,
    discounts: [],
  });
  // A platform that was busy left its merchant unpriced (no tax, no methods): that is busy, not a price change (issue 15.11).
  const busy = estimate.estimated_carts.find((c) => c.tax_total == null && c.errors.some((e) => e.type === 'EXTERNAL_PRICE_CART'));
  if (busy) throw rateLimited('merchant_busy', `Merchant ${busy.merchant_id} is busy; try again shortly`, 1, busy.merchant_id);
  const changed: { path: string; message: string }[] = [];
  bags.forEach((bag, i) => {
    const skuIds = new Set(bag.skus.map((s) => s.sku_id));
    const cart = estimate.estimated_carts.find((c) =>
      bag.merchant_id != null ? c.merchant_id === bag.merchant_id : c.skus.some((s) => skuIds.has(s.sku_id)),
    );
    const method = cart?.available_shipping_methods.find((m) => m.shipping_method_id === bag.shipping_method.shipping_method_id);
    if (!cart || !method || method.price !== bag.shipping_method.price) {
      changed.push({ path: `order.bags.${i}.shipping_method`, message: 'not a shipping method the merchant offers at this price' });
    }
    if (cart && bag.tax_total != null && bag.tax_total !== (cart.tax_total ?? 0)) {
      changed.push({ path: `order.bags.${i}.tax_total`, message: `the merchant's tax is ${cart.tax_total ?? 0}` });
    }
  });
  if (changed.length) {
    throw new ApiHttpError(409, 'price_changed', 'Shipping or tax differ from what the merchants charge now; estimate again', { fields: changed });
  }
}
