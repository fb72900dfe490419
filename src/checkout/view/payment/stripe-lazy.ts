import type { StripeAdapterOptions, StripePaymentAdapter } from '../../../stripe/stripe-adapter.js';
import { stripeQuotePayment } from './stripe-quote.js';

/**
 * `payment="stripe"`: the Stripe adapter behind a dynamic import, so a shop's
 * bundler can keep it out of a checkout that does not pay with Stripe (in
 * `dist/split` it rides in the checkout flow's chunk: scripts/build.mjs says
 * why). Quotes seen before it arrives are handed on once it has; the first
 * quote starts loading it.
 */
export function createLazyStripeAdapter(options: StripeAdapterOptions = {}): StripePaymentAdapter {
  let real: StripePaymentAdapter | undefined;
  let loading: Promise<StripePaymentAdapter> | undefined;
  let prepared: Parameters<StripePaymentAdapter['prepare']>[0] | undefined;
  let quoted: Parameters<StripePaymentAdapter['quoted']>[0] | undefined;
  const load = () =>
    (loading ??= import('../../../stripe/stripe-adapter.js').then((m) => {
      real = m.createStripeAdapter(options);
      if (prepared) real.prepare(prepared);
      if (quoted) real.quoted(quoted);
      return real;
    }));
  return {
    quotePayment: stripeQuotePayment(options.wallets),
    prepare(payment) {
      prepared = payment;
      if (real) real.prepare(payment);
      else void load();
    },
    quoted(quote) {
      quoted = quote;
      if (real) real.quoted(quote);
      else void load();
    },
    mount: async (container) => (await load()).mount(container),
    tokenize: async () => (await load()).tokenize(),
    confirm: async (action) => (await load()).confirm(action),
  };
}
