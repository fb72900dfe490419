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

/** The record of `code` applied to `bag`, its status decided by the merchant's platform. */
export function newDiscount(ctx: SandboxContext, bag: Bag, merchant: MerchantProfile, code: string): BagDiscount {
  const rule = DISCOUNT_CODES[code.toUpperCase()];
  const now = nowDate();
  const status = NO_DISCOUNTS.has(merchant.platform) ? 'NOT_SUPPORTED' : !rule ? 'INVALID' : rule.expired ? 'EXPIRED' : 'APPLIED';
  const id = ctx.store.nextId('discount');
  return {
    id,
    bag_id: bag.id,
    code,
    status,
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
 * Sets each applied discount's amount against `subTotal` (in the bag's currency) and answers the bag's discount
 * total: percentages of the subtotal first, then fixed amounts, never more than the subtotal altogether.
 */
export function priceDiscounts(bag: Bag, merchant: MerchantProfile, subTotal: number): number {
  let left = subTotal;
  const applied = (bag.discounts ?? []).filter((d) => d.status === 'APPLIED');
  const ordered = [...applied.filter((d) => d.value_type === 'PERCENTAGE'), ...applied.filter((d) => d.value_type !== 'PERCENTAGE')];
  for (const d of ordered) {
    const rule = DISCOUNT_CODES[(d.code ?? '').toUpperCase()]!;
    const wanted = rule.value_type === 'PERCENTAGE' ? Math.round((subTotal * rule.value) / 100) : fixedAmount(rule, bag.currency ?? merchant.currency, merchant);
    const amount = Math.min(wanted, left);
    d.amount = amount;
    d.amount_total = amount;
    left -= amount;
  }
  return subTotal - left;
}
