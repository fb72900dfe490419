/**
 * Discount codes as the service handles them: a code is applied to one
 * merchant's bag (`POST /v1/checkout/cart/{id}/discounts { code, merchant_id }`),
 * the merchant's platform decides whether it is valid, and the bag's
 * `discounts[]` records the outcome (`APPLIED`, `INVALID`, `EXPIRED`,
 * `NOT_SUPPORTED`) with its amount in the bag's currency
 * (reference/service-shapes.md A.7b; statuses as in the contract's BagDiscountSchema).
 * Only `APPLIED` discounts survive submit. A refusal's reason is the platform's
 * words in the cart's `errors[]` (type `EXTERNAL_APPLY_DISCOUNT`, `entity_id` the
 * code), as the service passes a platform's other refusals on.
 *
 * The rules a store's platform applies (Shopify's and WooCommerce's codes work so):
 * a percentage or a fixed amount, for one merchant or every one, for some items or
 * all, a minimum subtotal of those items, an end date, a usage limit counted at submit.
 * Seeded codes are listed in docs/sandbox.md; `POST /__sandbox/discounts` creates more.
 */
import { currencyExponent, formatMoney } from '../contract/money.js';
import type { OrderError } from '../contract/errors.js';
import type { Bag, Order } from '../contract/order.js';
import type { SandboxContext } from './context.js';
import { nowDate } from './dates.js';
import { convert } from './exchange.js';
import type { MerchantProfile } from './merchants.js';
import type { DiscountRule } from './discount-rules.js';

export type { DiscountRule };

export type BagDiscount = NonNullable<Bag['discounts']>[number];
type Status = 'APPLIED' | 'INVALID' | 'EXPIRED' | 'NOT_SUPPORTED';
interface Verdict {
  status: Status;
  /** The platform's words for a refusal (upstream text: the BFF reads it only to tell reasons apart). */
  reason?: string;
  /** What it takes off, in the bag's currency. */
  amount: number;
}

/** Platforms whose stores take no discount codes through the service (the seeded OTHER platform). */
const NO_DISCOUNTS = new Set(['OTHER']);

/** Hundredths of one unit of `currency` in its minor units (500 → 500 cents, 5 yen). */
const minorOf = (hundredths: number, currency: string) => Math.round((hundredths * 10 ** currencyExponent(currency)) / 100);

export interface PricedLine {
  sku_id: number;
  /** In the bag's currency, and in the merchant's own. */
  line: number;
  external: number;
}

/** What `rule` does for these lines at this merchant, in `currency`. */
function verdictOf(rule: DiscountRule | undefined, code: string, m: MerchantProfile, lines: readonly PricedLine[], currency: string): Verdict {
  const refuse = (status: Status, reason: string): Verdict => ({ status, reason, amount: 0 });
  if (NO_DISCOUNTS.has(m.platform)) return refuse('NOT_SUPPORTED', `${m.platform} stores take no discount codes`);
  if (!rule || (rule.merchant_ids && !rule.merchant_ids.includes(m.id))) return refuse('INVALID', `Discount code ${code} is not valid`);
  if (rule.expires_at !== undefined && rule.expires_at <= Date.now()) return refuse('EXPIRED', `Discount code ${code} has expired`);
  if (rule.usage_limit !== undefined && rule.used >= rule.usage_limit) return refuse('INVALID', `Discount code ${code} has reached its usage limit`);
  const eligible = lines.filter((l) => !rule.sku_ids || rule.sku_ids.includes(l.sku_id));
  if (!eligible.length) return refuse('INVALID', `Discount code ${code} does not apply to the items in this cart`);
  const own = eligible.reduce((s, l) => s + l.external, 0);
  const minimum = minorOf(rule.min_subtotal ?? 0, m.currency);
  if (own < minimum) return refuse('INVALID', `Discount code ${code} requires a minimum subtotal of ${formatMoney(minimum, m.currency, 'en')}`);
  const base = eligible.reduce((s, l) => s + l.line, 0);
  const wanted = rule.value_type === 'PERCENTAGE' ? Math.round((base * rule.value) / 100) : convert(minorOf(rule.value, m.currency), m.currency, currency);
  return { status: 'APPLIED', amount: Math.min(wanted, base) };
}

/**
 * The verdicts of `codes` at one merchant, percentages before fixed amounts, never more than the
 * subtotal altogether (a second code of the same kind takes off what the first left).
 */
export function verdicts(rules: ReadonlyMap<string, DiscountRule>, codes: readonly string[], m: MerchantProfile, lines: readonly PricedLine[], currency: string): Verdict[] {
  const out = codes.map((c) => verdictOf(rules.get(c.toUpperCase()), c, m, lines, currency));
  const order = out.map((_, i) => i).sort((a, b) => Number(rules.get(codes[a]!.toUpperCase())?.value_type !== 'PERCENTAGE') - Number(rules.get(codes[b]!.toUpperCase())?.value_type !== 'PERCENTAGE'));
  let left = lines.reduce((s, l) => s + l.line, 0);
  for (const i of order) {
    out[i]!.amount = Math.min(out[i]!.amount, left);
    left -= out[i]!.amount;
  }
  return out;
}

/** A refusal as the service reports a platform's: in `errors[]`, naming the code. */
export const discountError = (ctx: SandboxContext | undefined, order: Order | undefined, bag: Bag | undefined, code: string, reason: string, platform: string): OrderError => ({
  id: ctx ? ctx.store.nextId('error') : null,
  order_id: order?.id ?? null,
  bag_id: bag?.id ?? null,
  entity_id: code,
  entity_type: 'DISCOUNT',
  type: 'EXTERNAL_APPLY_DISCOUNT',
  message: reason,
  date_created: nowDate(),
  platform,
});

/** The bag's lines the shopper can buy, priced in the bag's currency and the merchant's own. */
export const pricedLines = (bag: Bag, m: MerchantProfile): PricedLine[] =>
  bag.skus
    .filter((s) => s.available !== false)
    .map((s) => ({ sku_id: s.sku_id, line: s.price * s.quantity, external: (s.external_price ?? convert(s.price, bag.currency ?? m.currency, m.currency)) * s.quantity }));

/** The record of `code` on `bag` (its status and amount are set when the bag is priced). */
export function newDiscount(ctx: SandboxContext, bag: Bag, merchant: MerchantProfile, code: string): BagDiscount {
  const rule = ctx.store.discountCodes.get(code.toUpperCase());
  const now = nowDate();
  const id = ctx.store.nextId('discount');
  return {
    id,
    bag_id: bag.id,
    code,
    status: 'PENDING',
    type: 'CODE',
    value_type: rule?.value_type ?? null,
    percentage: rule?.value_type === 'PERCENTAGE' ? rule.value : null,
    amount: 0,
    amount_total: 0,
    external_id: `${merchant.platform.toLowerCase()}_discount_${id}`,
    date_created: now,
    date_last_modified: now,
  };
}

/**
 * Decides each discount of a cart's bag again (a subtotal can fall below a minimum, a code can expire)
 * and sets its status and amount; answers the bag's discount total and the refusals for `errors[]`.
 */
export function priceBagDiscounts(ctx: SandboxContext, order: Order, bag: Bag, m: MerchantProfile): { total: number; errors: OrderError[] } {
  const discounts = bag.discounts ?? [];
  const codes = discounts.map((d) => d.code ?? '');
  const found = verdicts(ctx.store.discountCodes, codes, m, pricedLines(bag, m), bag.currency ?? m.currency);
  const errors: OrderError[] = [];
  discounts.forEach((d, i) => {
    const v = found[i]!;
    d.status = v.status;
    d.amount = v.amount;
    d.amount_total = v.amount;
    if (v.reason) errors.push(discountError(ctx, order, bag, codes[i]!, v.reason, m.platform));
  });
  return { total: found.reduce((s, v) => s + v.amount, 0), errors };
}

/** An estimate's discounts at one merchant: the records a bag would carry, their total and the refusals. */
export function estimateDiscounts(ctx: SandboxContext, codes: readonly string[], m: MerchantProfile, lines: readonly PricedLine[], currency: string) {
  const distinct = [...new Map(codes.map((c) => [c.toUpperCase(), c])).values()];
  const found = verdicts(ctx.store.discountCodes, distinct, m, lines, currency);
  const records: BagDiscount[] = distinct.map((code, i) => {
    const rule = ctx.store.discountCodes.get(code.toUpperCase());
    return { code, status: found[i]!.status, type: 'CODE', value_type: rule?.value_type ?? null, percentage: rule?.value_type === 'PERCENTAGE' ? rule.value : null, amount: found[i]!.amount, amount_total: found[i]!.amount };
  });
  const errors = distinct.flatMap((code, i) => (found[i]!.reason ? [discountError(undefined, undefined, undefined, code, found[i]!.reason!, m.platform)] : []));
  return { records, total: found.reduce((s, v) => s + v.amount, 0), errors };
}

/** At submit: only applied discounts stay on the order, and each counts once against its code's usage limit. */
export function settleDiscounts(ctx: SandboxContext, order: Order): void {
  for (const bag of order.bags) {
    bag.discounts = (bag.discounts ?? []).filter((d) => d.status === 'APPLIED');
    for (const d of bag.discounts) {
      const rule = ctx.store.discountCodes.get((d.code ?? '').toUpperCase());
      if (rule) rule.used += 1;
    }
  }
}
