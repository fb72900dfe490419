import { DiscountCodeInputSchema } from '../../contract/discount.js';
import { newDiscount } from '../discounts.js';
import { fail, invalid, notFound, parseId, parseWith } from '../http.js';
import type { Route } from '../router.js';
import { begin, cartOf, reprice, touch } from './carts.js';

const base = '/v1/checkout/cart/:cart_id/discounts';

/**
 * Discount codes on a cart's bags. The code goes to the bag of `merchant_id`, whose platform is asked;
 * the cart answers with the discount in that bag's `discounts[]` and its totals re-priced. A code the
 * platform does not take is kept with its status (INVALID, EXPIRED, NOT_SUPPORTED) and takes nothing off.
 */
export function discountRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: base,
      auth: 'access',
      async handler(req) {
        const { order } = cartOf(req);
        const input = parseWith(DiscountCodeInputSchema, req.body ?? null);
        const bag = order.bags.find((b) => b.merchant_id === input.merchant_id);
        if (!bag) throw invalid('merchant_id', `The cart has no bag of merchant ${input.merchant_id}`);
        const discounts = bag.discounts ?? [];
        if (discounts.some((d) => d.code?.toUpperCase() === input.code.toUpperCase())) {
          throw fail(409, 'conflict', `Code ${input.code} is already on this bag`, { field: 'code' });
        }
        await touch(req.ctx, [bag], 'apply_discount');
        begin(order);
        bag.discounts = [...discounts, newDiscount(req.ctx, bag, req.ctx.store.merchant(bag.merchant_id)!.profile, input.code)];
        reprice(req.ctx, order);
        return { body: order };
      },
    },
    {
      method: 'DELETE',
      path: `${base}/:discount_id`,
      auth: 'access',
      async handler(req) {
        const { order } = cartOf(req);
        const id = parseId(req.params.discount_id, 'discount_id');
        const bag = order.bags.find((b) => b.discounts?.some((d) => d.id === id));
        if (!bag) throw notFound('Discount', id, 'discount_id');
        await touch(req.ctx, [bag], 'remove_discount');
        begin(order);
        bag.discounts = bag.discounts!.filter((d) => d.id !== id);
        reprice(req.ctx, order);
        return { body: order };
      },
    },
  ];
}
