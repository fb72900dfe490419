/**
 * Pure builders between the checkout's inputs and the BFF's quote: the quote
 * request, what the checkout reads of a quote, which cart lines a quote flags.
 * Amounts are minor units of the quote's one currency; nothing here adds
 * amounts of two currencies.
 */
import type { QuoteRequest, QuoteResponse } from '../../contract/checkout-api.js';
import { type AddressDraft, isAddressComplete, toAddressInput } from './checkout-address.js';
export { lineIssues } from './line-issues.js';
import type { CheckoutLine } from './checkout-order.js';
import type { CheckoutMode, CheckoutState } from './checkout-session.js';

export interface QuoteInputs {
  mode: CheckoutMode;
  /** The shopper's currency: the provider's `currency`, else the first merchant's (docs/checkout.md). */
  currency?: string;
  /** The buyable lines, in cart order. */
  lines: readonly CheckoutLine[];
  state: Pick<CheckoutState, 'shipping' | 'billing' | 'billingSameAsShipping' | 'selections' | 'quoteToken'> & Partial<Pick<CheckoutState, 'codes'>>;
  /** What the payment adapter needs the cart to be set up for (cart mode, Stripe intent capture). */
  payment?: QuoteRequest['payment'];
  /** This browser's id (`device-id.ts`): tells two tabs of one shopper from two shoppers. */
  deviceId?: string;
  /** The shopper's language, for the address lines the BFF writes. */
  locale?: string;
}

/**
 * The currency a checkout quotes in: the provider's choice when it names one,
 * else the currency of the first line in the cart (the first merchant's).
 */
export function checkoutCurrency(preferred: string | undefined, lines: readonly Pick<CheckoutLine, 'currency'>[]): string | undefined {
  return preferred?.toUpperCase() || lines[0]?.currency;
}

/** The quote request for the current inputs, or undefined when there is nothing to quote. */
export function quoteRequest(input: QuoteInputs): QuoteRequest | undefined {
  if (!input.lines.length) return undefined;
  const { state } = input;
  const req: QuoteRequest = {
    mode: input.mode,
    lines: input.lines.map((l) => ({ sku_id: l.sku_id, quantity: l.quantity })),
  };
  if (input.currency) req.currency = input.currency;
  // An address half typed is not sent: each keystroke would ask for a price that means nothing.
  if (isAddressComplete(state.shipping, true)) {
    const { first_name, last_name, email } = state.shipping;
    req.customer = { first_name: first_name.trim(), last_name: last_name.trim(), email: email.trim() };
    req.shipping_address = toAddressInput(state.shipping);
    const billing: AddressDraft | undefined = state.billingSameAsShipping ? undefined : state.billing;
    if (billing && isAddressComplete(billing, false)) req.billing_address = toAddressInput(billing);
    const picked = Object.entries(state.selections);
    if (picked.length) req.shipping = picked.map(([merchant, id]) => ({ merchant_id: Number(merchant), shipping_method_id: id }));
  }
  // The service estimates a direct order for an address only: nothing to ask before there is one.
  if (input.mode === 'direct' && !req.shipping_address) return undefined;
  if (state.codes?.length) req.discount_codes = [...state.codes];
  if (input.payment) req.payment = input.payment;
  if (input.deviceId) req.device_id = input.deviceId;
  if (input.locale) req.locale = input.locale;
  if (input.mode === 'cart' && state.quoteToken) req.quote_token = state.quoteToken;
  return req;
}

/** What identifies a request's inputs: the same inputs are not quoted twice (the token changes with every answer). */
export function quoteKey(req: QuoteRequest | undefined): string {
  if (!req) return '';
  const { quote_token: _token, ...inputs } = req;
  return JSON.stringify(inputs);
}

/** The shipping method each bag has in a quote, keyed by merchant id. */
export function chosenMethods(quote: QuoteResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const bag of quote.bags) if (bag.shipping_method_id) out[String(bag.merchant_id)] = bag.shipping_method_id;
  return out;
}

/** Seconds to wait per busy shop (`merchant_busy` problems), keyed by merchant id. */
export function busyMerchants(quote: QuoteResponse): Map<number, number> {
  const out = new Map<number, number>();
  for (const bag of quote.bags) {
    for (const p of bag.problems) if (p.code === 'merchant_busy') out.set(bag.merchant_id, Math.max(1, p.retry_after ?? 5));
  }
  return out;
}

