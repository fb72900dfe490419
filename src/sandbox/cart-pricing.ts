/**
 * Pricing a cart as the service does after every change: each line at the
 * catalog's current price and stock, the bag's discount codes decided again
 * by the merchant's platform, tax for the address, the chosen shipping still
 * valid; the platforms' refusals reported in `errors[]`.
 */
import type { OrderError } from '../contract/errors.js';
import type { Bag, Order } from '../contract/order.js';
import type { SandboxContext } from './context.js';
import { nowDate } from './dates.js';
import { priceBagDiscounts } from './discounts.js';
import { isPublished, orderError, stockOf, unitPriceIn } from './order-model.js';
import { bagWeight, externalSubTotal, matchingMethods, priceBag, sumOrder } from './pricing.js';

/** Re-prices every bag against the catalog: current prices, availability, tax for the address, shipping still valid. */
export function reprice(ctx: SandboxContext, order: Order): void {
  const country = order.shipping_address?.country ?? undefined;
  for (const bag of order.bags) {
    const state = ctx.store.merchant(bag.merchant_id)!;
    for (const line of bag.skus) {
      const hit = ctx.store.skus.get(line.sku_id);
      const ref = hit && { ...hit, merchant: state };
      const available = !!ref && isPublished(ref.offer) && line.quantity <= stockOf(ref);
      if (ref) {
        line.price = unitPriceIn(ref, bag.currency!);
        line.external_price = ref.sku.sale_price;
      }
      if (!available && line.available !== false) {
        order.errors.push(orderError(ctx, order, bag, 'EXTERNAL_PRICE_CART', `${line.name} is no longer available in this quantity`, line.sku_id));
      }
      line.available = available;
    }
    let refusals: OrderError[] = [];
    const discounts = (b: Bag) => {
      const priced = priceBagDiscounts(ctx, order, b, state.profile);
      refusals = priced.errors;
      return priced.total;
    };
    priceBag(bag, state.profile, country, discounts);
    const chosen = bag.shipping_method?.shipping_method_id;
    if (chosen && !matchingMethods(state.profile, externalSubTotal(bag, state.profile), bagWeight(bag), country).some((m) => m.shipping_method_id === chosen)) {
      bag.shipping_method = null;
      order.errors.push(orderError(ctx, order, bag, 'EXTERNAL_SET_SHIPPING_METHOD', 'The chosen shipping method no longer applies to this bag; choose again'));
      priceBag(bag, state.profile, country, discounts);
    }
    if (state.platform.faults.total_off_by) bag.total = (bag.total ?? 0) + state.platform.faults.total_off_by;
    // A refused code stays on the bag; the platform's reason is reported with every pricing, as the cart's state.
    order.errors.push(...refusals);
  }
  sumOrder(order);
  order.date_last_modified = nowDate();
}

export const begin = (order: Order) => {
  order.errors = [];
};

