/**
 * The quote token: the BFF's signed statement of exactly what it quoted —
 * lines and unit prices, each bag's shipping method (id, label, price), tax
 * and totals, currency, customer, addresses, and the service cart in cart
 * mode. Nothing in it is secret (it is base64url JSON the browser may read);
 * nothing in it can be changed without breaking the signature. Placing an
 * order builds the service request from this statement alone.
 *
 * Format: `<base64url(JSON payload)>.<base64url(HMAC-SHA256)>`.
 */
import { z } from 'zod';
import { CHECKOUT_MODES, QuoteRequestSchema } from '../contract/checkout-api.js';
import { currencyCode, id, money, price } from '../contract/primitives.js';
import { ApiHttpError } from './errors.js';
import type { Signer } from './signing.js';

// Defaults read a token signed before discounts and VAT-inclusive bags were stated (issue 27) as it meant.
const TotalsSchema = z.object({ sub_total: money, discount_total: money.default(0), shipping_total: money, tax_total: money, total: money });

export const QuotedBagSchema = TotalsSchema.extend({
  merchant_id: id,
  lines: z.array(z.object({ sku_id: id, quantity: z.int().positive(), price })),
  shipping: z.object({ shipping_method_id: z.string(), label: z.string(), price }).optional(),
  /** The codes applied to this bag and what each took off: a direct order sends exactly these. */
  discounts: z.array(z.object({ code: z.string(), amount: money })).default([]),
  /** The tax is inside the prices (`total` does not add it). */
  taxes_included: z.boolean().default(false),
});
export type QuotedBag = z.infer<typeof QuotedBagSchema>;

const QuotePayloadSchema = z.object({
  v: z.literal(1),
  /** Issued and expires, epoch ms. */
  iat: z.number(),
  exp: z.number(),
  mode: z.enum(CHECKOUT_MODES),
  currency: currencyCode,
  /** The service cart (cart mode). */
  cart_id: id.optional(),
  /** Cart mode: the cart's payment is a Stripe PaymentIntent confirmed in the browser. */
  intent: z.boolean().optional(),
  customer: QuoteRequestSchema.shape.customer,
  shipping_address: QuoteRequestSchema.shape.shipping_address,
  billing_address: QuoteRequestSchema.shape.billing_address,
  /** The requested shipping choices, so a fresh quote after a change keeps them. */
  shipping: QuoteRequestSchema.shape.shipping,
  /** The codes the shopper entered, so a fresh quote after a change tries them again. */
  discount_codes: QuoteRequestSchema.shape.discount_codes,
  bags: z.array(QuotedBagSchema),
  totals: TotalsSchema.extend({ included_tax_total: money.default(0) }),
  ready: z.boolean(),
  /** The shopper's browser (`QuoteRequest.device_id`): two tabs of one shopper are told from two shoppers by it. */
  device_id: QuoteRequestSchema.shape.device_id,
  /** The shopper's language (`QuoteRequest.locale`): a fresh quote after a change writes the address lines in it too. */
  locale: QuoteRequestSchema.shape.locale,
});
export type QuotePayload = z.output<typeof QuotePayloadSchema>;

export interface QuoteTokens {
  sign(payload: QuotePayload): string;
  /**
   * The payload of a token this BFF (or one sharing its signing secret) issued; 4xx otherwise.
   * `allowExpired`: a cart-mode quote may still name its service cart after it expired (the signature proves we made it).
   */
  verify(token: string, options?: { allowExpired?: boolean; now?: number }): QuotePayload;
  /**
   * The payload of a token without checking signature or expiry: to read a token this BFF verified
   * before (an attempt's record names it by its fingerprint) that has since expired or whose key was
   * rotated out, or to compare a token with an order — never to act on its word alone.
   */
  readPayload(token: string): QuotePayload;
}

const invalid = () =>
  new ApiHttpError(400, 'quote_invalid', 'This quote was not issued by this shop or was changed; ask for a new quote', {
    fields: [{ path: 'quote_token', message: 'invalid' }],
  });

function parsePayload(body: string): QuotePayload {
  let parsed: z.ZodSafeParseResult<QuotePayload>;
  try {
    parsed = QuotePayloadSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    throw invalid();
  }
  if (!parsed.success) throw invalid();
  return parsed.data;
}

export function createQuoteTokens(signer: Signer): QuoteTokens {
  return {
    readPayload: (token) => parsePayload(token.slice(0, Math.max(0, token.indexOf('.')))),
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${signer.sign(body)}`;
    },
    verify(token, { allowExpired = false, now = Date.now() } = {}) {
      const dot = token.indexOf('.');
      if (dot <= 0) throw invalid();
      const body = token.slice(0, dot);
      // The signature is checked before the payload is even parsed: nothing unsigned is read.
      if (!signer.verify(body, token.slice(dot + 1))) throw invalid();
      const payload = parsePayload(body);
      if (!allowExpired && payload.exp <= now) {
        throw new ApiHttpError(410, 'quote_expired', 'This quote has expired; ask for a new quote', {
          fields: [{ path: 'quote_token', message: 'expired' }],
        });
      }
      return payload;
    },
  };
}
