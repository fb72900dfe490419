/**
 * What both modes of the quote share (quote.ts: direct, quote-cart.ts: cart): the context they price in,
 * the lines of hidden merchants set aside, and the priced bags turned into the shopper's answer and the
 * signed statement placing reads.
 */
import type { ServiceClient } from '../contract/client.js';
import type { QuoteBag, QuoteResponse } from '../contract/checkout-api.js';
import type { HealthDirectory } from './merchants.js';
import { merchantFacts, withholdHidden, type MerchantFacts } from './quote-shoppable.js';
import { quotedOf, totalsOf, type QuoteInput } from './quote-bags.js';
import { distinctCodes, settleCodes } from './quote-discounts.js';
import type { QuotePayload, QuoteTokens } from './quote-token.js';
import { addressLines } from './address/lines.js';
import { addressFormat } from './address/format.js';

/** What pricing a quote needs, in either mode (`QuoterOptions` with its defaults). */
export interface QuoteContext {
  client: ServiceClient;
  health: HealthDirectory;
  tokens: QuoteTokens;
  ttlMs: number;
  cartHeld?: (cartId: number) => Promise<boolean>;
  merchantOf: (skuId: number) => number | undefined;
  now: () => number;
}

export const merchantsById = (ctx: QuoteContext) => merchantFacts(ctx.health);

/** The request without the lines of merchants known to be hidden, and those lines as bags that say so. */
export function hiddenBags(ctx: QuoteContext, input: QuoteInput, merchants: ReadonlyMap<number, MerchantFacts>): { shown: QuoteInput; hidden: QuoteBag[] } {
  const { shown, hidden } = withholdHidden(input.lines, merchants, ctx.merchantOf);
  return { shown: { ...input, lines: shown }, hidden };
}

/** Whether a quote can be placed as it is: every bag priced, shipped and available, and who and where known. */
const readyToPlace = (input: QuoteInput, bags: readonly QuoteBag[]) =>
  bags.length > 0 &&
  !!input.customer &&
  !!input.shipping_address &&
  bags.every((b) => b.shipping_method_id !== undefined && b.problems.length === 0 && b.lines.every((l) => l.available));

/** The priced bags as the shopper's answer and the token's statement of exactly what it shows. */
export function finish(ctx: QuoteContext, input: QuoteInput, priced: QuoteBag[], extra: { cart_id?: number; payment?: QuoteResponse['payment']; hidden: QuoteBag[] }) {
  const codes = distinctCodes(input.discount_codes);
  const settled = settleCodes(priced, codes);
  const bags = [...settled.bags, ...extra.hidden];
  const iat = ctx.now();
  const totals = totalsOf(bags);
  const ready = readyToPlace(input, bags);
  const payload: QuotePayload = {
    v: 1,
    iat,
    exp: iat + ctx.ttlMs,
    mode: input.mode,
    currency: input.currency,
    ...(extra.cart_id !== undefined ? { cart_id: extra.cart_id } : {}),
    ...(input.payment?.intent_based_capture ? { intent: true } : {}),
    customer: input.customer,
    shipping_address: input.shipping_address,
    billing_address: input.billing_address,
    shipping: bags.flatMap((b) => (b.shipping_method_id ? [{ merchant_id: b.merchant_id, shipping_method_id: b.shipping_method_id }] : [])),
    ...(codes.length ? { discount_codes: codes } : {}),
    bags: bags.map(quotedOf),
    totals,
    ready,
    ...(input.device_id ? { device_id: input.device_id } : {}),
    ...(input.locale ? { locale: input.locale } : {}),
  };
  const response: QuoteResponse = {
    quote_token: ctx.tokens.sign(payload),
    expires_at: new Date(payload.exp).toISOString(),
    currency: input.currency,
    mode: input.mode,
    bags,
    totals,
    ...(input.shipping_address ? { shipping_address_lines: addressLines(input.shipping_address, addressFormat(input.shipping_address.country)?.format, input.locale) } : {}),
    ...(codes.length ? { discount_codes: settled.codes } : {}),
    ready,
    ...(extra.payment ? { payment: extra.payment } : {}),
  };
  return { response, payload };
}
