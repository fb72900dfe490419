/** Defined in `src/state/` (the Stripe adapter in `src/stripe/` uses it too, and stripe sits below elements). */
export { stripeQuotePayment } from '../../rules/stripe-quote.js';
