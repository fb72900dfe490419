/**
 * The Stripe publishable key direct orders tokenize cards with, from the
 * service (`GET /v1/checkout/payment/token`, issue 26.6): a shop that sets no
 * `stripe-key` of its own pays through the service's Stripe account. The key
 * is the same for every shopper, so it is read once and kept for a while; a
 * failed read never fails the quote (the shop's own key, when set, still
 * works) and is tried again a minute later, not on every quote.
 */
import type { ServiceClient } from '../contract/client.js';

/** How long a key read from the service is used before it is read again (it changes only when the service rotates it). */
export const STRIPE_KEY_TTL_MS = 60 * 60_000;
/** How long a failed read is remembered (a service without Stripe, or down): one call a minute at most. */
const FAILED_READ_TTL_MS = 60_000;

export function stripeKeySource(client: ServiceClient, now: () => number = Date.now): () => Promise<string | undefined> {
  let kept: { key: string | undefined; until: number } | undefined;
  let reading: Promise<string | undefined> | undefined;
  return async () => {
    if (kept && kept.until > now()) return kept.key;
    reading ??= client
      .getPaymentToken()
      .then((t) => {
        kept = { key: t.stripe_token, until: now() + STRIPE_KEY_TTL_MS };
        return t.stripe_token;
      })
      .catch(() => {
        kept = { key: undefined, until: now() + FAILED_READ_TTL_MS };
        return undefined;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
}
