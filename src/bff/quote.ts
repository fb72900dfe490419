/**
 * Pricing a checkout against the service (issue 14): the estimate in direct
 * mode, the service cart (created, or updated in place) in cart mode
 * (quote-cart.ts). The result is what the shopper sees and what the quote
 * token states (quote-finish.ts); placing uses nothing else.
 */
import type { ServiceClient } from '../contract/client.js';
import type { QuoteResponse } from '../contract/checkout-api.js';
import type { Order } from '../contract/order.js';
import { badRequest } from './errors.js';
import type { HealthDirectory } from './merchants.js';
import { assertShoppable } from './quote-shoppable.js';
import { stripeKeySource } from './stripe-key.js';
import { estimatedBag, type QuoteInput } from './quote-bags.js';
import { distinctCodes, estimateDiscounts } from './quote-discounts.js';
import { fromCart, quoteCart } from './quote-cart.js';
import { finish, hiddenBags, merchantsById, type QuoteContext } from './quote-finish.js';
import type { QuotePayload, QuoteTokens } from './quote-token.js';

/** The service's own default base currency, used when the shopper's is not given. */
export const DEFAULT_CURRENCY = 'USD';

export type { QuoteInput };

export interface Quoter {
  /** Prices `input`; in cart mode `cartId` is the service cart to update in place. */
  quote(input: QuoteInput, cartId?: number): Promise<{ response: QuoteResponse; payload: QuotePayload }>;
  /** The shopper-facing quote of a priced service cart (cart mode; used when the cart changed at place time). */
  fromCart(input: QuoteInput, cart: Order): Promise<{ response: QuoteResponse; payload: QuotePayload }>;
  /** Throws `409 quote_invalid` when a merchant of a quote is no longer shoppable (or health cannot be read: 503). */
  assertShoppable(merchantIds: readonly number[]): Promise<void>;
}

export interface QuoterOptions {
  client: ServiceClient;
  health: HealthDirectory;
  tokens: QuoteTokens;
  ttlMs: number;
  /** True while a place attempt holds the service cart (place-guards.ts): its quote must not edit it. */
  cartHeld?: (cartId: number) => Promise<boolean>;
  /** The merchant of a SKU the BFF served, so a hidden merchant's lines are not sent to the service at all. */
  merchantOf?: (skuId: number) => number | undefined;
  now?: () => number;
}

/**
 * The estimate, each code asked of every merchant of the order. A line's merchant the BFF has not served
 * is learnt from a first estimate without codes (the service groups lines by merchant).
 */
async function estimateWithCodes({ client, merchantOf }: QuoteContext, input: QuoteInput, shown: QuoteInput) {
  const request = { base_currency: input.currency, skus: shown.lines, shipping_address: input.shipping_address!, discounts: [] };
  const codes = distinctCodes(input.discount_codes);
  if (!codes.length) return client.quoteEstimate(request);
  let merchantIds = shown.lines.map((l) => merchantOf(l.sku_id));
  if (merchantIds.some((m) => m === undefined)) merchantIds = (await client.quoteEstimate(request)).estimated_carts.map((c) => c.merchant_id);
  return client.quoteEstimate({ ...request, discounts: estimateDiscounts(codes, [...new Set(merchantIds as number[])]) });
}

/** Direct mode: the service's estimate for the shown lines, and the service's Stripe key for a shop that sets none. */
async function quoteDirect(ctx: QuoteContext, stripeKey: () => Promise<string | undefined>, input: QuoteInput) {
  if (!input.shipping_address) {
    throw badRequest('A direct-mode quote needs the shipping address (the service prices for an address)', [
      { path: 'shipping_address', message: 'required' },
    ]);
  }
  const merchants = await merchantsById(ctx);
  const { shown, hidden } = hiddenBags(ctx, input, merchants);
  const [estimate, key] = await Promise.all([shown.lines.length ? estimateWithCodes(ctx, input, shown) : undefined, stripeKey()]);
  const bags = (estimate?.estimated_carts ?? []).map((c) => estimatedBag(input, c, merchants.get(c.merchant_id)));
  // The service's Stripe key, for a shop that sets none: direct orders pay with a token made with it.
  const payment = key ? { provider: 'stripe' as const, stripe_key: key } : undefined;
  return finish(ctx, input, bags, { hidden, ...(payment ? { payment } : {}) });
}

export function createQuoter({ merchantOf = () => undefined, now = Date.now, ...options }: QuoterOptions): Quoter {
  const ctx: QuoteContext = { ...options, merchantOf, now };
  const stripeKey = stripeKeySource(ctx.client, now);
  return {
    quote: (input, cartId) => (input.mode === 'cart' ? quoteCart(ctx, input, cartId) : quoteDirect(ctx, stripeKey, input)),
    fromCart: (input, cart) => fromCart(ctx, input, cart),
    assertShoppable: (merchantIds) => assertShoppable(ctx.health, merchantIds),
  };
}
