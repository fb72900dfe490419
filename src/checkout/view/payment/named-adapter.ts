import type { PaymentAdapter } from './payment-adapter.js';
import { createLazyStripeAdapter } from './stripe-lazy.js';

export interface NamedAdapterOptions {
  locale?: string;
  /** `stripe`: the publishable key for direct orders (cart mode takes the service's from each quote). */
  stripeKey?: string;
  /** `stripe`, cart mode: wallets (Apple Pay, Google Pay) where the browser offers them. */
  wallets?: boolean;
  /** The message when the provider gives none fit for shoppers. */
  failed: string;
}

/**
 * `payment="sandbox"`: the sandbox's test cards, loaded when the payment step mounts them. A shop on the real
 * service pays through Stripe and never fetches them (in the split bundle they are a chunk of their own).
 */
function lazySandboxAdapter(locale: string | undefined): PaymentAdapter {
  let real: PaymentAdapter | undefined;
  let loading: Promise<PaymentAdapter> | undefined;
  const load = () => (loading ??= import('./sandbox-adapter.js').then((m) => (real = m.createSandboxPaymentAdapter({ locale }))));
  return {
    mount: async (container) => (await load()).mount(container),
    tokenize: async () => (await load()).tokenize(),
    unmount: () => real?.unmount?.(),
  };
}

/** The adapter a `payment="…"` attribute names: the sandbox's test cards, or Stripe (its code loaded on demand). */
function namedPaymentAdapter(name: string, options: NamedAdapterOptions): PaymentAdapter | undefined {
  if (name === 'sandbox') return lazySandboxAdapter(options.locale);
  if (name === 'stripe') {
    return createLazyStripeAdapter({
      ...(options.stripeKey ? { publishableKey: options.stripeKey } : {}),
      wallets: !!options.wallets,
      messages: { failed: options.failed },
    });
  }
  return undefined;
}

/** One adapter per name and settings, kept while they stay the same (its fields and state live in it). */
export class AdapterByName {
  #current?: { key: string; adapter?: PaymentAdapter };

  get(name: string, options: NamedAdapterOptions): PaymentAdapter | undefined {
    const key = `${name} ${options.stripeKey ?? ''} ${!!options.wallets}`;
    if (this.#current?.key !== key) this.#current = { key, adapter: namedPaymentAdapter(name, options) };
    return this.#current.adapter;
  }
}
