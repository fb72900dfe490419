/**
 * Discount codes in a quote (issue 27). The shopper enters codes for the whole
 * order; the service takes a code per merchant (`{ code, merchant_id }`), and
 * only the merchant whose store has the code applies it. So each code is tried
 * at every merchant of the order — through the cart's discount routes in cart
 * mode, in the estimate's `discounts[]` in direct mode — and the quote says, per
 * bag, what each code did there in the shopper's words. The platform's reason
 * for a refusal is read only to tell the reasons apart; it is never passed on.
 */
import type { DiscountStatus, QuoteBag, QuoteDiscount } from '../contract/checkout-api.js';
import type { ServiceClient } from '../contract/client.js';
import type { DiscountCodeInput } from '../contract/discount.js';
import type { OrderError } from '../contract/errors.js';
import type { Bag, Order } from '../contract/order.js';

type ServiceDiscount = NonNullable<Bag['discounts']>[number];

const key = (code: string | null | undefined) => (code ?? '').trim().toUpperCase();

/** The request's codes, each once (codes are compared without regard to case, as the platforms do). */
export const distinctCodes = (codes: readonly string[] | undefined): string[] => [...new Map((codes ?? []).map((c) => [key(c), c.trim()])).values()];

/** What the platform's status and words mean for the shopper. */
function statusOf(d: ServiceDiscount, reason: string | null | undefined): DiscountStatus {
  switch (d.status) {
    case 'APPLIED':
      return 'applied';
    case 'EXPIRED':
      return 'expired';
    case 'NOT_SUPPORTED':
      return 'not_applicable';
  }
  const why = reason ?? '';
  if (/minimum/i.test(why)) return 'below_minimum';
  if (/usage limit|limit reached|already been used|no longer available/i.test(why)) return 'used_up';
  if (/expired/i.test(why)) return 'expired';
  if (/does not apply|not applicable|not eligible|items/i.test(why)) return 'not_applicable';
  return 'unknown';
}

/** A bag's (or an estimated cart's) discounts as the quote states them, each code once. */
export function bagDiscounts(records: readonly ServiceDiscount[] | undefined, errors: readonly OrderError[], bagId?: number): QuoteDiscount[] {
  const seen = new Set<string>();
  return (records ?? []).flatMap((d) => {
    if (!d.code || seen.has(key(d.code))) return [];
    seen.add(key(d.code));
    const why = errors.find((e) => (bagId === undefined || e.bag_id == null || e.bag_id === bagId) && typeof e.entity_id === 'string' && key(e.entity_id) === key(d.code));
    const status = statusOf(d, why?.message);
    return [{ code: d.code, amount: status === 'applied' ? (d.amount ?? 0) : 0, status }];
  });
}

/** How much a refusal tells the shopper: a code a shop has but that does not fit says more than "not known here". */
const SPECIFIC: readonly DiscountStatus[] = ['below_minimum', 'not_applicable', 'used_up', 'expired', 'unknown'];

/**
 * Keeps on each bag what the shopper needs of each code: where a code applied, its amount at those shops only
 * (another shop not knowing it is expected); where it applied nowhere, the most telling refusal, on the bags that gave it.
 */
export function settleCodes(bags: QuoteBag[], codes: readonly string[]): { bags: QuoteBag[]; codes: QuoteDiscount[] } {
  const keep = new Map<string, DiscountStatus>();
  for (const code of codes) {
    const found = bags.flatMap((b) => (b.discounts ?? []).filter((d) => key(d.code) === key(code)).map((d) => d.status));
    keep.set(key(code), found.includes('applied') ? 'applied' : (SPECIFIC.find((s) => found.includes(s)) ?? 'unknown'));
  }
  const settled = bags.map((b) => ({ ...b, discounts: (b.discounts ?? []).filter((d) => keep.get(key(d.code)) === d.status) }));
  // One answer per code for the code field: what it took off altogether, or why not.
  const summary = codes.map((code) => {
    const amount = settled.reduce((n, b) => n + (b.discounts ?? []).filter((d) => key(d.code) === key(code)).reduce((m, d) => m + d.amount, 0), 0);
    return { code, amount, status: keep.get(key(code))! };
  });
  return { bags: settled, codes: summary };
}

/** Direct mode: every code for every merchant of the order, as the estimate takes them. */
export const estimateDiscounts = (codes: readonly string[], merchantIds: readonly number[]): DiscountCodeInput[] =>
  codes.flatMap((code) => merchantIds.map((merchant_id) => ({ code, merchant_id })));

/**
 * Cart mode: brings the cart's codes to the request's — a code no longer wanted is removed from every bag,
 * a wanted one is applied to each bag that does not have it yet. A bag's refused code stays there (it takes
 * nothing off, and the service drops it at submit), so the same code is not sent again with every quote.
 */
export async function syncCartDiscounts(client: ServiceClient, cart: Order, codes: readonly string[]): Promise<{ cart: Order; changed: boolean }> {
  const wanted = new Set(codes.map(key));
  const removals = cart.bags.flatMap((b) => (b.discounts ?? []).filter((d) => d.id != null && !wanted.has(key(d.code))).map((d) => d.id!));
  const additions = codes.flatMap((code) =>
    cart.bags.filter((b) => !(b.discounts ?? []).some((d) => key(d.code) === key(code))).map((b) => ({ code, merchant_id: b.merchant_id })),
  );
  let current = cart;
  for (const id of removals) current = await client.removeCartDiscount(current.id, id);
  for (const add of additions) current = await client.applyCartDiscount(current.id, add);
  return { cart: current, changed: removals.length + additions.length > 0 };
}
