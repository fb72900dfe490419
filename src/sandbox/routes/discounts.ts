import { z } from 'zod';
import { DiscountCodeInputSchema } from '../../contract/discount.js';
import type { SandboxContext } from '../context.js';
import { newDiscount, type DiscountRule } from '../discounts.js';
import { fail, invalid, notFound, parseId, parseWith } from '../http.js';
import type { Route } from '../router.js';
import { begin, reprice } from '../cart-pricing.js';
import { cartOf, touch } from './cart-access.js';

const base = '/v1/checkout/cart/:cart_id/discounts';

/** `POST /__sandbox/discounts`: a code on the merchants' platforms (amounts in hundredths of one unit of each merchant's currency). */
const NewCodeSchema = z
  .object({
    code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    value_type: z.enum(['PERCENTAGE', 'AMOUNT']),
    value: z.int().positive().max(100_000_000),
    /** The one merchant whose store has it (or `merchant_ids`); neither: every merchant's. */
    merchant_id: z.int().positive().optional(),
    merchant_ids: z.array(z.int().positive()).min(1).max(100).optional(),
    sku_ids: z.array(z.int().positive()).min(1).max(1000).optional(),
    min_subtotal: z.int().min(0).max(100_000_000).optional(),
    expires_at: z.iso.datetime({ offset: true }).optional(),
    usage_limit: z.int().min(0).max(1_000_000).optional(),
  })
  .strict()
  .refine((c) => c.value_type !== 'PERCENTAGE' || c.value <= 100, { path: ['value'], message: 'a percentage is at most 100' });

function createCode(ctx: SandboxContext, body: unknown): DiscountRule {
  const input = parseWith(NewCodeSchema, body ?? null);
  const merchantIds = input.merchant_ids ?? (input.merchant_id !== undefined ? [input.merchant_id] : undefined);
  for (const id of merchantIds ?? []) if (!ctx.store.merchant(id)) throw notFound('Merchant', id, 'merchant_id');
  const rule: DiscountRule = {
    code: input.code,
    value_type: input.value_type,
    value: input.value,
    ...(merchantIds ? { merchant_ids: merchantIds } : {}),
    ...(input.sku_ids ? { sku_ids: input.sku_ids } : {}),
    ...(input.min_subtotal !== undefined ? { min_subtotal: input.min_subtotal } : {}),
    ...(input.expires_at ? { expires_at: Date.parse(input.expires_at) } : {}),
    ...(input.usage_limit !== undefined ? { usage_limit: input.usage_limit } : {}),
    used: 0,
  };
  // A code created again replaces the first (its uses start over): a test sets up exactly what it needs.
  ctx.store.discountCodes.set(rule.code.toUpperCase(), rule);
  return rule;
}

const shown = (r: DiscountRule) => ({ ...r, ...(r.expires_at !== undefined ? { expires_at: new Date(r.expires_at).toISOString() } : {}) });

/** The sandbox's control of the platforms' codes (docs/sandbox.md). */
export function discountControlRoutes(): Route[] {
  return [
    { method: 'POST', path: '/__sandbox/discounts', auth: 'access', handler: ({ ctx, body }) => ({ status: 201, body: shown(createCode(ctx, body)) }) },
    { method: 'GET', path: '/__sandbox/discounts', auth: 'access', handler: ({ ctx }) => ({ body: [...ctx.store.discountCodes.values()].map(shown) }) },
  ];
}

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
