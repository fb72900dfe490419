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

/** An authorized (or still settling) PaymentIntent: the service may submit the cart. */
const CONFIRMED = /^(succeeded|requires_capture|processing)$/;

const REENTER = 'Your total changed, so the card authorization was released. Please enter your card again.';

/** The cart's PaymentIntent as Tote's payment: a client secret's intent id (`pi_123_secret_abc` → `pi_123`). */
const intentPayment = (secret: string): CheckoutPayment => ({ payment_provider: 'STRIPE', type: 'PAYMENT_INTENT', token: secret.split('_secret_')[0]! });

/** Refuses with Stripe's own message for card and validation errors (written for shoppers, localized); ours otherwise. */
function refuse(error: StripeError, failed: string): never {
  throw new PaymentInputError((error.type === 'card_error' || error.type === 'validation_error') && error.message ? error.message : failed);
}

type Amount = { amount: number; currency: string };

/** The fields mounted for one payment step, removed together. */
interface MountedFields {
  /** Tote's container holds it; the fields live inside. */
  readonly root: HTMLElement;
  readonly elements: StripeElements;
  /** Direct orders: the Card Element, which Stripe.js turns into a single-use token. */
  readonly card?: StripeCardElement;
  /** The client secret the Elements were created with, bound to its intent; deferred ones have none and take it at confirmation. */
  readonly clientSecret?: string;
  destroy(): void;
}

/** Validates the fields before a confirmation or a token, as Stripe.js asks. */
async function submitFields(elements: StripeElements, failed: string): Promise<void> {
  const { error } = await elements.submit();
  if (error) refuse(error, failed);
}

/**
 * Confirms the PaymentIntent from the mounted fields (3-D Secure included); a deferred intent is named by its
 * secret. The fields are submitted first when `submit` (by default when deferred: Stripe.js asks it right before).
 */
async function confirmIntent(
  s: Stripe,
  fields: MountedFields,
  secret: string,
  options: StripeAdapterOptions,
  failed: string,
  submit = !fields.clientSecret,
): Promise<void> {
  if (submit) await submitFields(fields.elements, failed);
  const { error, paymentIntent } = await s.confirmPayment({
    elements: fields.elements,
    ...(fields.clientSecret ? {} : { clientSecret: secret }),
    confirmParams: { return_url: options.returnUrl ?? location.href },
    redirect: 'if_required',
  });
  if (error) refuse(error, failed);
  if (!paymentIntent || !CONFIRMED.test(paymentIntent.status)) throw new PaymentInputError(failed);
}

/** Direct order: the Card Element's card as a single-use token, the only Stripe payment the service takes (docs/payments.md). */
async function cardPayment(s: Stripe, card: StripeCardElement, failed: string): Promise<CheckoutPayment> {
  const created = await s.createToken(card);
  if (created.error) refuse(created.error, failed);
  const shown = created.token.card;
  return {
    payment_provider: 'STRIPE',
    type: 'SINGLE_USE_CARD_TOKEN',
    token: created.token.id,
    ...(shown ? { brand: shown.brand, last4: shown.last4 } : {}),
  };
}

/** The Express Checkout Element above the fields: a wallet sheet that pays with `pay`, then tells the checkout. */
function mountExpress(elements: StripeElements, host: HTMLElement, pay: () => Promise<void>): StripeExpressCheckoutElement {
  const slot = host.ownerDocument.createElement('div');
  // Hidden until Stripe says the browser offers a wallet: no empty box where there is none.
  slot.hidden = true;
  host.prepend(slot);
  const express = elements.create('expressCheckout', {});
  express.on('ready', ({ availablePaymentMethods }) => {
    slot.hidden = !availablePaymentMethods;
  });
  express.on('click', (event) => event.resolve());
  express.on('confirm', async (event) => {
    try {
      await pay();
      // The checkout places the order when it hears the wallet paid (the same attempt as "Place order").
      dispatchToteEvent(host, 'tote-payment-authorized', {});
    } catch {
      event.paymentFailed({ reason: 'fail' });
    }
  });
  express.mount(slot);
  return express;
}

/**
 * Mounts the payment step's fields into `container`: without a PaymentIntent (a direct order) the Card Element;
 * in cart mode the Payment Element, deferred while the amount is known, else bound to the intent; for wallet
 * carts the Express Checkout Element too, which pays through `pay`.
 */
function mountFields(
  s: Stripe,
  container: HTMLElement,
  options: StripeAdapterOptions,
  clientSecret: string | undefined,
  amount: Amount | undefined,
  pay: (s: Stripe, fields: MountedFields) => Promise<void>,
): MountedFields {
  const doc = container.ownerDocument;
  const root = doc.createElement('div');
  const slot = doc.createElement('div');
  root.append(slot);
  container.append(root);
  const appearance = appearanceFor(container, options.appearance);
  const locale = options.locale ?? 'auto';
  let elements: StripeElements;
  let card: StripeCardElement | undefined;
  let payment: StripePaymentElement | undefined;
  let express: StripeExpressCheckoutElement | undefined;
  if (!clientSecret) {
    // No PaymentIntent to confirm: a direct order, paid with a single-use token from the Card Element.
    elements = s.elements({ locale });
    (card = elements.create('card', { style: cardStyleFor(appearance), hidePostalCode: true })).mount(slot);
  } else {
    // Deferred intent: the fields show before the service creates (or re-creates) the PaymentIntent.
    elements = amount ? s.elements({ appearance, locale, mode: 'payment', ...amount }) : s.elements({ appearance, locale, clientSecret });
    (payment = elements.create('payment', { layout: 'tabs' })).mount(slot);
  }
  const fields: MountedFields = {
    root,
    elements,
    card,
    clientSecret: amount ? undefined : clientSecret,
    destroy: () => (payment?.destroy(), express?.destroy(), card?.destroy(), root.remove()),
  };
  if (payment && options.wallets) express = mountExpress(elements, root, () => pay(s, fields));
  return fields;
}

/**
 * Stripe.js for the account the service pays through: the page's own instance, or loaded for a publishable key
 * (again when the service names another key).
 */
function stripeLoader(options: StripeAdapterOptions): (key: string | undefined) => Promise<Stripe | null> {
  let stripe: Promise<Stripe | null> | undefined;
  let loadedKey: string | undefined;
  return (key) => {
    if (options.stripe) return (stripe ??= Promise.resolve(options.stripe));
    if (!key) return Promise.reject(new PaymentInputError(options.messages?.notConfigured ?? 'Card payments are not configured for this shop.'));
    if (key !== loadedKey) stripe = loadStripe((loadedKey = key));
    return stripe!;
  };
}

/**
 * Tote's payment adapter for Stripe. It has no `unmount`: Stripe confirms the PaymentIntent from the mounted
 * fields when "Place order" is pressed, a step after the payment step. Leaving the step keeps them in Tote's
 * light-DOM container, unslotted and out of view; they go once the payment is confirmed, or when another
 * container is mounted.
 */
export function createStripeAdapter(options: StripeAdapterOptions = {}): StripePaymentAdapter {
  const failed = options.messages?.failed ?? 'The payment could not be completed. Please try again or use another card.';
  const stripeFor = stripeLoader(options);
  /** The publishable key: the options' or, left out, each quote's `stripe_key`. */
  let stripeKey = options.publishableKey;
  let clientSecret: string | undefined;
  let amount: Amount | undefined;
  let fields: MountedFields | undefined;
  /** The intent this adapter confirmed last; its fields are gone once it is confirmed. */
  let confirmedSecret: string | undefined;
  /** The intent the Express Checkout Element already confirmed (the wallet sheet did it). */
  let walletConfirmed: string | undefined;
  const release = () => {
    fields?.destroy();
    fields = undefined;
  };

  /** The wallet sheet was authorized: confirm the cart's intent with it. */
  const payByWallet = async (s: Stripe, f: MountedFields) => {
    const secret = clientSecret;
    if (!secret) throw new PaymentInputError(failed);
    await confirmIntent(s, f, secret, options, failed, true);
    walletConfirmed = secret;
  };

  return {
    quotePayment: stripeQuotePayment(options.wallets),

    prepare(payment) {
      stripeKey = options.publishableKey ?? payment.stripe_key;
      clientSecret = payment.payment_intent_client_secret;
    },

    quoted(quote) {
      amount = { amount: quote.totals.total, currency: quote.currency.toLowerCase() };
      // Only the deferred Payment Element shows the amount; bound fields have their intent's.
      if (fields && !fields.card && !fields.clientSecret) fields.elements.update(amount);
    },

    async mount(container) {
      // Back on the payment step of the same checkout: the fields are still there (see `createStripeAdapter`).
      if (fields?.root.parentNode === container) return;
      const s = await stripeFor(stripeKey);
      if (!s) throw new PaymentInputError(failed);
      release();
      fields = mountFields(s, container, options, clientSecret, amount, payByWallet);
    },

    async tokenize(): Promise<CheckoutPayment> {
      const s = await stripeFor(stripeKey);
      if (!s || !fields) throw new PaymentInputError(failed);
      if (walletConfirmed && walletConfirmed === clientSecret) return intentPayment(walletConfirmed);
      if (fields.card) return cardPayment(s, fields.card, failed);
      await submitFields(fields.elements, failed);
      // Cart mode: the card is charged by confirming the cart's PaymentIntent when "Place order" asks for it.
      return intentPayment(clientSecret!);
    },

    async confirm(action) {
      const secret = action.payment_intent_client_secret;
      if (walletConfirmed !== secret) {
        if (!options.publishableKey && !options.stripe && action.stripe_key !== stripeKey) throw new PaymentInputError(failed);
        // An intent confirmed before, then released by the service because the total moved: its fields went
        // with the confirmation, so the shopper enters the card again for the new total (issue 25.5).
        if (!fields && confirmedSecret && confirmedSecret !== secret) throw new PaymentInputError(options.messages?.reenter ?? REENTER);
        const s = await stripeFor(stripeKey);
        // Elements bound to an earlier intent (the cart's total changed since) cannot confirm this one.
        if (!s || !fields || (fields.clientSecret && fields.clientSecret !== secret)) throw new PaymentInputError(failed);
        await confirmIntent(s, fields, secret, options, failed);
      }
      clientSecret = confirmedSecret = secret;
      release();
      return { intent_confirmed: true };
    },
  };
}
