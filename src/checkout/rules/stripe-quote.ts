import type { QuoteRequest } from '../../contract/checkout-api.js';

/** What a Stripe-paid cart asks the BFF for with each quote: a PaymentIntent, and wallets when wanted. */
export const stripeQuotePayment = (wallets = false): NonNullable<QuoteRequest['payment']> =>
  wallets ? { intent_based_capture: true, wallet_based_checkout: true } : { intent_based_capture: true };
