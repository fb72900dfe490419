/**
 * Discount codes as the service handles them: a code is applied to one
 * merchant's bag (`POST /v1/checkout/cart/{id}/discounts { code, merchant_id }`),
 * the merchant's platform decides whether it is valid, and the bag's
 * `discounts[]` records the outcome (`APPLIED`, `INVALID`, `EXPIRED`,
 * `NOT_SUPPORTED`) with its amount in the bag's currency
 * (reference/service-shapes.md A.7b; statuses as in the contract's BagDiscountSchema).
 * The sandbox's platforms know a fixed set of codes, listed in docs/sandbox.md.
 */
import { currencyExponent } from '../contract/money.js';
import type { Bag } from '../contract/order.js';
import type { SandboxContext } from './context.js';
import { nowDate } from './dates.js';
import { convert } from './exchange.js';
import type { MerchantProfile } from './merchants.js';

interface CodeRule {
  value_type: 'PERCENTAGE' | 'AMOUNT';
  /** Percent for PERCENTAGE; for AMOUNT, hundredths of one unit of the merchant's own currency (500 = 5.00 of it). */
  value: number;
  expired?: boolean;
}

type BagDiscount = NonNullable<Bag['discounts']>[number];

/** Codes every sandbox merchant's platform knows. */
export const DISCOUNT_CODES: Readonly<Record<string, CodeRule>> = {
  TOTE10: { value_type: 'PERCENTAGE', value: 10 },
  TOTE5OFF: { value_type: 'AMOUNT', value: 500 },
  SUMMER2025: { value_type: 'PERCENTAGE', value: 20, expired: true },
};

/** Platforms whose stores take no discount codes through the service (the seeded OTHER platform). */
const NO_DISCOUNTS = new Set(['OTHER']);

/** What the merchant's platform says of `code`. */
function statusOf(code: string, merchant: MerchantProfile): 'APPLIED' | 'INVALID' | 'EXPIRED' | 'NOT_SUPPORTED' {
  const rule = DISCOUNT_CODES[code.toUpperCase()];
  return NO_DISCOUNTS.has(merchant.platform) ? 'NOT_SUPPORTED' : !rule ? 'INVALID' : rule.expired ? 'EXPIRED' : 'APPLIED';
}

/** The record of `code` applied to `bag`, its status decided by the merchant's platform. */
export function newDiscount(ctx: SandboxContext, bag: Bag, merchant: MerchantProfile, code: string): BagDiscount {
  const rule = DISCOUNT_CODES[code.toUpperCase()];
  const now = nowDate();
  const id = ctx.store.nextId('discount');
  return {
    id,
    bag_id: bag.id,
    code,
    status: statusOf(code, merchant),
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

/** A fixed discount in `currency`'s minor units: its value in the merchant's own currency, converted once. */
function fixedAmount(rule: CodeRule, currency: string, merchant: MerchantProfile): number {
  const own = Math.round((rule.value * 10 ** currencyExponent(merchant.currency)) / 100);
  return convert(own, merchant.currency, currency);
}

/**
 * What each rule takes off `subTotal` (in `currency`), in the rules' order: percentages of the subtotal first,
 * then fixed amounts, never more than the subtotal altogether.
 */
function amountsOf(rules: CodeRule[], merchant: MerchantProfile, currency: string, subTotal: number): number[] {
  const amounts = rules.map(() => 0);
  const order = rules.map((_, i) => i).sort((a, b) => Number(rules[a]!.value_type !== 'PERCENTAGE') - Number(rules[b]!.value_type !== 'PERCENTAGE'));
  let left = subTotal;
  for (const i of order) {
    const rule = rules[i]!;
    const wanted = rule.value_type === 'PERCENTAGE' ? Math.round((subTotal * rule.value) / 100) : fixedAmount(rule, currency, merchant);
    amounts[i] = Math.min(wanted, left);
    left -= amounts[i]!;
  }
  return amounts;
}

/** Sets each applied discount's amount against the bag's `subTotal` and answers the bag's discount total. */
export function priceDiscounts(bag: Bag, merchant: MerchantProfile, subTotal: number): number {
  const applied = (bag.discounts ?? []).filter((d) => d.status === 'APPLIED');
  const amounts = amountsOf(applied.map((d) => DISCOUNT_CODES[(d.code ?? '').toUpperCase()]!), merchant, bag.currency ?? merchant.currency, subTotal);
  applied.forEach((d, i) => {
    d.amount = amounts[i]!;
    d.amount_total = amounts[i]!;
  });
  return amounts.reduce((a, b) => a + b, 0);
}

/** What `codes` would take off `subTotal` (in `currency`) at this merchant, by the rules a cart's bag follows (the estimate's discounts). */
export function discountFor(codes: readonly string[], merchant: MerchantProfile, currency: string, subTotal: number): number {
  const distinct = [...new Set(codes.map((c) => c.toUpperCase()))].filter((c) => statusOf(c, merchant) === 'APPLIED');
  return amountsOf(distinct.map((c) => DISCOUNT_CODES[c]!), merchant, currency, subTotal).reduce((a, b) => a + b, 0);
}
