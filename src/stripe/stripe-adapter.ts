/**
 * Tote's payment adapter for Stripe, mounted into the light-DOM container
 * Tote gives it: in cart mode Stripe's Payment Element (and, for wallet
 * carts, its Express Checkout Element) confirming the cart's PaymentIntent;
 * for direct orders Stripe's Card Element, whose card becomes a single-use
 * token (`tok_…`), the only Stripe payment the service's direct order takes.
 * Card data stays in Stripe's iframes; Tote gets the token or learns that the
 * intent was confirmed, nothing else. docs/payments.md tells the flow.
 */
import type {
  Appearance,
  Stripe,
  StripeCardElement,
  StripeElementLocale,
  StripeElements,
  StripeError,
  StripeExpressCheckoutElement,
  StripePaymentElement,
} from '@stripe/stripe-js';
import type { PlaceRequest, PlaceRequiresActionResponse, QuoteRequest, QuoteResponse } from '../contract/checkout-api.js';
import { type PaymentAdapter, PaymentInputError } from '../checkout/controller/payment-adapter.js';
import type { CheckoutPayment } from '../checkout/rules/checkout-session.js';
import { appearanceFor, cardStyleFor } from './appearance.js';
import { loadStripe } from './load-stripe.js';
import { stripeQuotePayment } from '../checkout/rules/stripe-quote.js';
import { dispatchToteEvent } from '../events/dispatch.js';

export interface StripeAdapterOptions {
  /**
   * The publishable key (`pk_…`) of the Stripe account the service pays through. May be left out: each quote
   * carries the service's `stripe_key` (the cart's in cart mode, `GET /v1/checkout/payment/token`'s in direct mode).
   */
  publishableKey?: string;
  /** A page's own Stripe.js instance (or the promise `loadStripe` gave it); then nothing is loaded. */
  stripe?: Stripe | PromiseLike<Stripe | null>;
  /** Cart mode: ask for a cart Stripe offers wallets for (Apple Pay, Google Pay) through the Express Checkout Element. */
  wallets?: boolean;
  /** Stripe's locale for its fields and messages (default `auto`). */
  locale?: StripeElementLocale;
  /** Appearance API settings that win over the ones read from Tote's theme tokens. */
  appearance?: Appearance;
  /** Where a payment method that must leave the page (a bank redirect) comes back to. Default: this page. */
  returnUrl?: string;
  /** Messages shown when Stripe gives none fit for shoppers (default English). */
  messages?: { failed?: string; notConfigured?: string; reenter?: string };
}

/** The adapter, with the optional steps Tote's checkout calls around "Place order". */
export interface StripePaymentAdapter extends PaymentAdapter {
  /** Sent with each cart-mode quote: the cart is paid through a PaymentIntent. */
  readonly quotePayment: NonNullable<QuoteRequest['payment']>;
  /** A quote's `payment` block: the publishable key, and in cart mode the cart's PaymentIntent client secret. */
  prepare(payment: NonNullable<QuoteResponse['payment']>): void;
  /** Each quote: the amount and currency the fields show (wallet sheets, the deferred intent). */
  quoted(quote: Pick<QuoteResponse, 'currency' | 'totals'>): void;
  /** Place answered `requires_action`: confirm the PaymentIntent with Stripe.js (3-D Secure included). */
  confirm(action: PlaceRequiresActionResponse): Promise<PlaceRequest['payment']>;
}

/** A client secret's PaymentIntent id: `pi_123_secret_abc` → `pi_123`. */
const intentIdOf = (secret: string) => secret.split('_secret_')[0]!;

/** An authorized (or still settling) PaymentIntent: the service may submit the cart. */
const CONFIRMED = new Set(['succeeded', 'requires_capture', 'processing']);

export function createStripeAdapter(options: StripeAdapterOptions = {}): StripePaymentAdapter {
  const failed = options.messages?.failed ?? 'The payment could not be completed. Please try again or use another card.';
  const reenter = 'Your total changed, so the card authorization was released. Please enter your card again.';
  let stripe: Promise<Stripe | null> | undefined;
  let stripeKey = options.publishableKey;
  let clientSecret: string | undefined;
  let amount: { amount: number; currency: string } | undefined;
  let elements: StripeElements | undefined;
  let paymentElement: StripePaymentElement | undefined;
  /** Direct orders: the Card Element, which Stripe.js turns into a single-use token. */
  let card: StripeCardElement | undefined;
  /** The intent this adapter confirmed last; its fields are gone once it is confirmed. */
  let confirmedSecret: string | undefined;
  let express: StripeExpressCheckoutElement | undefined;
  let root: HTMLElement | undefined;
  /** The intent the Express Checkout Element already confirmed (the wallet sheet did it). */
  let walletConfirmed: string | undefined;

  const stripeOf = (): Promise<Stripe | null> => {
    if (options.stripe) return (stripe ??= Promise.resolve(options.stripe));
    if (!stripeKey) return Promise.reject(new PaymentInputError(options.messages?.notConfigured ?? 'Card payments are not configured for this shop.'));
    return (stripe ??= loadStripe(stripeKey));
  };

  /** Stripe's own message for card and validation errors (written for shoppers, localized); ours otherwise. */
  const shopperMessage = (error: StripeError) => (error.type === 'card_error' || error.type === 'validation_error') && error.message ? error.message : failed;

  async function confirmWith(s: Stripe, secret: string): Promise<void> {
    if (!elements) throw new PaymentInputError(failed);
    const { error, paymentIntent } = await s.confirmPayment({
      elements,
      ...(elements && !isIntentBound() ? { clientSecret: secret } : {}),
      confirmParams: { return_url: options.returnUrl ?? location.href },
      redirect: 'if_required',
    });
    if (error) throw new PaymentInputError(shopperMessage(error));
    if (!paymentIntent || !CONFIRMED.has(paymentIntent.status)) throw new PaymentInputError(failed);
  }

  /** Elements created from a client secret are bound to that intent; deferred ones take it at confirmation. */
  let boundSecret: string | undefined;
  const isIntentBound = () => boundSecret !== undefined;

  function mountExpress(s: Stripe, host: HTMLElement): void {
    if (!options.wallets || !elements) return;
    const slot = host.ownerDocument.createElement('div');
    // Hidden until Stripe says the browser offers a wallet: no empty box where there is none.
    slot.hidden = true;
    host.prepend(slot);
    express = elements.create('expressCheckout', {});
    express.on('ready', ({ availablePaymentMethods }) => {
      slot.hidden = !availablePaymentMethods;
    });
    express.on('click', (event) => event.resolve());
    express.on('confirm', async (event) => {
      const secret = clientSecret;
      if (!secret) return event.paymentFailed({ reason: 'fail' });
      try {
        const { error } = await elements!.submit();
        if (error) throw new PaymentInputError(shopperMessage(error));
        await confirmWith(s, secret);
        walletConfirmed = secret;
        // The checkout places the order when it hears the wallet paid (the same attempt as "Place order").
        dispatchToteEvent(host, 'tote-payment-authorized', {});
      } catch {
        event.paymentFailed({ reason: 'fail' });
      }
    });
    express.mount(slot);
  }

  function release(): void {
    paymentElement?.destroy();
    express?.destroy();
    card?.destroy();
    paymentElement = express = card = undefined;
    elements = undefined;
    root?.remove();
    root = undefined;
  }

  return {
    quotePayment: stripeQuotePayment(options.wallets),

    prepare(payment) {
      if (!options.publishableKey && payment.stripe_key !== stripeKey && !options.stripe) stripe = undefined;
      stripeKey = options.publishableKey ?? payment.stripe_key;
      clientSecret = payment.payment_intent_client_secret;
    },

    quoted(quote) {
      amount = { amount: quote.totals.total, currency: quote.currency.toLowerCase() };
      if (elements && paymentElement && !isIntentBound()) elements.update(amount);
    },

    async mount(container) {
      // Back on the payment step of the same checkout: the fields are still there (see `release`).
      if (root && elements && root.parentNode === container) return;
      const s = await stripeOf();
      if (!s) throw new PaymentInputError(failed);
      release();
      const doc = container.ownerDocument;
      root = doc.createElement('div');
      const fields = doc.createElement('div');
      root.append(fields);
      container.append(root);
      const appearance = appearanceFor(container, options.appearance);
      const common = { appearance, locale: options.locale ?? 'auto' } as const;
      if (!clientSecret) {
        // No PaymentIntent to confirm: a direct order, paid with a single-use token from the Card Element.
        boundSecret = undefined;
        elements = s.elements({ locale: common.locale });
        card = elements.create('card', { style: cardStyleFor(appearance), hidePostalCode: true });
        card.mount(fields);
        return;
      }
      if (amount) {
        // Deferred intent: the fields show before the service creates (or re-creates) the PaymentIntent.
        boundSecret = undefined;
        elements = s.elements({ ...common, mode: 'payment', ...amount });
      } else {
        boundSecret = clientSecret;
        elements = s.elements({ ...common, clientSecret });
      }
      paymentElement = elements.create('payment', { layout: 'tabs' });
      paymentElement.mount(fields);
      mountExpress(s, root);
    },

    async tokenize(): Promise<CheckoutPayment> {
      const s = await stripeOf();
      if (!s || !elements) throw new PaymentInputError(failed);
      if (walletConfirmed && walletConfirmed === clientSecret) {
        return { payment_provider: 'STRIPE', type: 'PAYMENT_INTENT', token: intentIdOf(walletConfirmed) };
      }
      if (card) {
        // Direct order: the service takes single-use Stripe tokens only (docs/payments.md).
        const created = await s.createToken(card);
        if (created.error) throw new PaymentInputError(shopperMessage(created.error));
        const shown = created.token.card;
        return {
          payment_provider: 'STRIPE',
          type: 'SINGLE_USE_CARD_TOKEN',
          token: created.token.id,
          ...(shown ? { brand: shown.brand, last4: shown.last4 } : {}),
        };
      }
      const { error } = await elements.submit();
      if (error) throw new PaymentInputError(shopperMessage(error));
      // Cart mode: the card is charged by confirming the cart's PaymentIntent when "Place order" asks for it.
      return { payment_provider: 'STRIPE', type: 'PAYMENT_INTENT', token: intentIdOf(clientSecret!) };
    },

    async confirm(action) {
      const secret = action.payment_intent_client_secret;
      if (walletConfirmed !== secret) {
        if (!options.publishableKey && !options.stripe && action.stripe_key !== stripeKey) {
          throw new PaymentInputError(failed);
        }
        // An intent confirmed before, then released by the service because the total moved: its fields went
        // with the confirmation, so the shopper enters the card again for the new total (issue 25.5).
        if (!elements && confirmedSecret && confirmedSecret !== secret) throw new PaymentInputError(options.messages?.reenter ?? reenter);
        const s = await stripeOf();
        // Elements bound to an earlier intent (the cart's total changed since) cannot confirm this one.
        if (!s || !elements || (isIntentBound() && boundSecret !== secret)) throw new PaymentInputError(failed);
        // The Payment Element must be submitted again right before a deferred confirmation.
        if (!isIntentBound()) {
          const { error } = await elements.submit();
          if (error) throw new PaymentInputError(shopperMessage(error));
        }
        await confirmWith(s, secret);
      }
      clientSecret = confirmedSecret = secret;
      release();
      return { intent_confirmed: true };
    },

    // No `unmount`: Stripe confirms the PaymentIntent from the mounted fields when "Place order" is pressed, a
    // step after the payment step. Leaving the step keeps them in Tote's light-DOM container, unslotted and out
    // of view; they go once the payment is confirmed, or when another container is mounted.
  };
}
