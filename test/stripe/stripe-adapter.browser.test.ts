// The Stripe adapter in Chromium against the stand-in Stripe.js (test/stripe/stand-in/stripe.js),
// loaded the way a page loads Stripe.js: a script that defines window.Stripe, which the
// adapter's loader (src/stripe/load-stripe.ts) then uses instead of adding its own.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/checkout/view/payment/payment.js';
import type { TotePayment } from '../../src/checkout/view/payment/payment.js';
import { PaymentInputError } from '../../src/checkout/view/payment/payment-adapter.js';
import { createStripeAdapter, type StripePaymentAdapter } from '../../src/stripe/index.js';

interface StandIn {
  calls: { name: string; detail: any }[];
  wallets?: Record<string, { available: boolean }>;
  api?: string;
}
const standIn = () => (window as unknown as { __stripeStandIn: StandIn }).__stripeStandIn;

const VISA = '4242424242424242';
const SECRET = 'pi_123abc_secret_xyz789';
const ACTION = { status: 'requires_action' as const, payment_intent_client_secret: SECRET, stripe_key: 'pk_test_tote_sandbox' };

before(async () => {
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL('./stand-in/stripe.js', import.meta.url).href;
    script.onload = () => resolve();
    script.onerror = reject;
    document.head.append(script);
  });
});

/** "Stripe's servers" for these tests: what api.stripe.com answers a confirmation, by the stand-in's outcome. */
let confirmations: any[] = [];
const realFetch = window.fetch;
beforeEach(() => {
  confirmations = [];
  standIn().calls = [];
  standIn().wallets = undefined;
  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith('https://api.stripe.com/')) return realFetch(input, init);
    const body = JSON.parse(String(init?.body ?? '{}'));
    confirmations.push({ url, body });
    const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (body.outcome === 'requires_authentication') return json(200, { id: 'pi_123abc', status: 'requires_action' });
    if (body.outcome === 'declined') {
      const auth = confirmations.length > 1;
      return json(402, {
        error: auth
          ? { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' }
          : { type: 'card_error', code: 'card_declined', decline_code: body.decline_code, message: 'Your card was declined.' },
      });
    }
    return json(200, { id: 'pi_123abc', status: 'requires_capture' });
  };
});
afterEach(() => {
  window.fetch = realFetch;
});

async function fieldsIn(host: Element): Promise<Document> {
  const frame = () => host.querySelector<HTMLIFrameElement>('iframe[name^="__privateStripeFrame"]');
  await waitUntil(() => frame()?.contentDocument?.querySelector('input[name="number"]'), 'the Payment Element mounts');
  return frame()!.contentDocument!;
}

function type(doc: Document, values: { number: string; expiry?: string; cvc?: string }): void {
  for (const [name, value] of Object.entries({ expiry: '1234', cvc: '123', ...values })) {
    const input = doc.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Everything Tote's page holds: light DOM, every open shadow root, both storages. */
function pageText(): string {
  const parts: string[] = [document.documentElement.outerHTML];
  const walk = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) {
        parts.push(el.shadowRoot.innerHTML);
        walk(el.shadowRoot);
      }
      if (el instanceof HTMLInputElement) parts.push(el.value);
    }
  };
  walk(document);
  for (const s of [localStorage, sessionStorage]) for (let i = 0; i < s.length; i++) parts.push(s.getItem(s.key(i)!) ?? '');
  return parts.join('\n');
}

async function mounted(adapter: StripePaymentAdapter, style = '') {
  const el = await fixture<TotePayment>(html`<div style=${style}><tote-payment .adapter=${adapter}></tote-payment></div>`);
  const payment = el.querySelector('tote-payment')!;
  const doc = await fieldsIn(payment);
  return { payment, doc };
}

describe('createStripeAdapter', () => {
  it('mounts the Payment Element in Tote’s light-DOM container, themed from Tote’s tokens', async () => {
    const adapter = createStripeAdapter({ publishableKey: 'pk_test_shop' });
    adapter.prepare({ provider: 'stripe', stripe_key: 'pk_test_tote_sandbox', payment_intent_client_secret: SECRET });
    adapter.quoted({ currency: 'USD', totals: { sub_total: 1000, shipping_total: 500, tax_total: 0, total: 1500 } });
    const { payment } = await mounted(adapter, '--tote-color-primary: #123456; --tote-radius-s: 3px; --tote-font-family: Georgia, serif');
    const frame = payment.querySelector('iframe')!;
    expect(frame.getRootNode()).to.equal(document, 'outside every shadow root');
    expect(payment.shadowRoot!.querySelector('iframe')).to.equal(null);
    const elements = standIn().calls.find((c) => c.name === 'elements')!.detail;
    expect(elements).to.include({ mode: 'payment', amount: 1500, currency: 'usd' });
    expect('paymentMethodCreation' in elements, 'confirmed as an intent, no PaymentMethod made from it').to.equal(false);
    expect(elements.appearance.theme).to.equal('stripe');
    expect(elements.appearance.variables).to.include({ colorPrimary: '#123456', borderRadius: '3px', fontFamily: 'Georgia, serif' });
    expect(standIn().calls.find((c) => c.name === 'Stripe')!.detail.key).to.equal('pk_test_shop');
    await expect(payment).to.be.accessible();
  });

  it('a dark surface picks Stripe’s night theme; the shop’s appearance wins', async () => {
    const adapter = createStripeAdapter({ publishableKey: 'pk_test_shop', appearance: { variables: { colorPrimary: '#ff0000' } } });
    adapter.prepare({ provider: 'stripe', stripe_key: 'pk_test_tote_sandbox', payment_intent_client_secret: SECRET });
    adapter.quoted({ currency: 'EUR', totals: { sub_total: 1, shipping_total: 0, tax_total: 0, total: 1 } });
    await mounted(adapter, '--tote-color-surface: #101010');
    const { appearance } = standIn().calls.find((c) => c.name === 'elements')!.detail;
    expect(appearance.theme).to.equal('night');
    expect(appearance.variables.colorPrimary).to.equal('#ff0000');
  });

  it('direct orders: a single-use token from the Card Element and what may be shown — never the card number anywhere in Tote’s page', async () => {
    const adapter = createStripeAdapter({ publishableKey: 'pk_test_shop' });
    adapter.quoted({ currency: 'USD', totals: { sub_total: 1000, shipping_total: 0, tax_total: 0, total: 1000 } });
    const { payment, doc } = await mounted(adapter, '--tote-color-text: #202020; --tote-font-family: Georgia, serif');
    expect(standIn().calls.filter((c) => c.name === 'mount').map((c) => c.detail.type)).to.deep.equal(['card']);
    const el = payment as TotePayment;
    let error: unknown;
    await el.tokenize().catch((e) => (error = e));
    expect(error).to.be.instanceOf(PaymentInputError);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.equal('Your card number is incomplete.');
    type(doc, { number: VISA });
    const token = await el.tokenize();
    expect(token).to.deep.equal({ payment_provider: 'STRIPE', type: 'SINGLE_USE_CARD_TOKEN', token: 'tok_visa', brand: 'Visa', last4: '4242' });
    expect(standIn().calls.map((c) => c.name)).to.include('createToken').and.not.include('createPaymentMethod');
    expect(pageText()).not.to.contain(VISA);
    expect(JSON.stringify(token)).not.to.contain(VISA);
    type(doc, { number: '4000000000000002' });
    expect((await el.tokenize()).token).to.equal('tok_chargeDeclined', 'the decline comes from the service when the order is placed');
  });

  it('direct orders: the service’s key from the quote when the shop sets none', async () => {
    const adapter = createStripeAdapter();
    adapter.prepare({ provider: 'stripe', stripe_key: 'pk_test_tote_sandbox' });
    adapter.quoted({ currency: 'USD', totals: { sub_total: 1000, shipping_total: 0, tax_total: 0, total: 1000 } });
    const { doc } = await mounted(adapter);
    expect(standIn().calls.find((c) => c.name === 'Stripe')!.detail.key).to.equal('pk_test_tote_sandbox');
    type(doc, { number: VISA });
    expect((await adapter.tokenize()).token).to.equal('tok_visa');
  });

  it('an intent released after its confirmation (the total moved): asks for the card again, then pays the new intent', async () => {
    const adapter = createStripeAdapter();
    adapter.prepare({ provider: 'stripe', stripe_key: 'pk_test_tote_sandbox', payment_intent_client_secret: SECRET });
    adapter.quoted({ currency: 'USD', totals: { sub_total: 1000, shipping_total: 0, tax_total: 0, total: 1000 } });
    const first = await mounted(adapter);
    type(first.doc, { number: VISA });
    await adapter.tokenize();
    expect(await adapter.confirm(ACTION)).to.deep.equal({ intent_confirmed: true });
    // The fresh quote's new intent, for the new total.
    const next = 'pi_456def_secret_uvw321';
    adapter.prepare({ provider: 'stripe', stripe_key: 'pk_test_tote_sandbox', payment_intent_client_secret: next });
    adapter.quoted({ currency: 'USD', totals: { sub_total: 1250, shipping_total: 0, tax_total: 0, total: 1250 } });
    let error: unknown;
    await adapter.confirm({ ...ACTION, payment_intent_client_secret: next }).catch((e) => (error = e));
    expect(error).to.be.instanceOf(PaymentInputError);
    expect((error as Error).message).to.match(/authorization was released.*enter your card again/);
    const again = await mounted(adapter);
    type(again.doc, { number: VISA });
    expect((await adapter.tokenize()).token).to.equal('pi_456def');
    expect(await adapter.confirm({ ...ACTION, payment_intent_client_secret: next })).to.deep.equal({ intent_confirmed: true });
    expect(confirmations.map((c) => c.url).at(-1)).to.equal('https://api.stripe.com/v1/payment_intents/pi_456def/confirm');
    expect(standIn().calls.filter((c) => c.name === 'elements').at(-1)!.detail).to.include({ mode: 'payment', amount: 1250 });
  });

  it('cart mode: asks for intent capture, then confirms the PaymentIntent with redirect "if_required"', async () => {
    const adapter = createStripeAdapter();
    expect(adapter.quotePayment).to.deep.equal({ intent_based_capture: true });
    adapter.prepare({ provider: 'stripe', stripe_key: 'pk_test_tote_sandbox', payment_intent_client_secret: SECRET });
    adapter.quoted({ currency: 'USD', totals: { sub_total: 1000, shipping_total: 0, tax_total: 0, total: 1000 } });
    const { payment, doc } = await mounted(adapter);
    type(doc, { number: VISA });
    expect(await (payment as TotePayment).tokenize()).to.deep.equal({ payment_provider: 'STRIPE', type: 'PAYMENT_INTENT', token: 'pi_123abc' });
    expect(await adapter.confirm(ACTION)).to.deep.equal({ intent_confirmed: true });
    expect(standIn().calls.find((c) => c.name === 'confirmPayment')!.detail).to.deep.equal({ id: 'pi_123abc', redirect: 'if_required' });
    expect(confirmations.map((c) => c.url)).to.deep.equal(['https://api.stripe.com/v1/payment_intents/pi_123abc/confirm']);
    expect(JSON.stringify(confirmations)).not.to.contain(VISA);
    expect(pageText()).not.to.contain(VISA);
  });

  it('a declined card: a clear message, nothing confirmed', async () => {
    const adapter = createStripeAdapter();
    adapter.prepare({ provider: 'stripe', stripe_key: 'pk_test_tote_sandbox', payment_intent_client_secret: SECRET });
    adapter.quoted({ currency: 'USD', totals: { sub_total: 1000, shipping_total: 0, tax_total: 0, total: 1000 } });
    const { doc } = await mounted(adapter);
    type(doc, { number: '4000000000009995' });
    const error = await adapter.confirm(ACTION).catch((e) => e);
    expect(error).to.be.instanceOf(PaymentInputError);
    expect(error.message).to.equal('Your card has insufficient funds.');
    expect(confirmations[0].body).to.include({ outcome: 'declined', decline_code: 'insufficient_funds' });
  });

  it('3-D Secure: a failed challenge is a clear message; the challenge passed, confirmed', async () => {
    const adapter = createStripeAdapter();
    adapter.prepare({ provider: 'stripe', stripe_key: 'pk_test_tote_sandbox', payment_intent_client_secret: SECRET });
    adapter.quoted({ currency: 'USD', totals: { sub_total: 1000, shipping_total: 0, tax_total: 0, total: 1000 } });
    const { doc } = await mounted(adapter);
    type(doc, { number: '4000002500003155' });
    const challenge = async (button: 'complete' | 'fail') => {
      await waitUntil(() => document.querySelector<HTMLIFrameElement>('iframe[name="__privateStripeFrame3ds"]')?.contentDocument?.getElementById(button));
      document.querySelector<HTMLIFrameElement>('iframe[name="__privateStripeFrame3ds"]')!.contentDocument!.getElementById(button)!.click();
    };
    const failed = adapter.confirm(ACTION).catch((e) => e);
    await challenge('fail');
    const error = await failed;
    expect(error).to.be.instanceOf(PaymentInputError);
    expect(error.message).to.equal('We are unable to authenticate your payment method.');

    // The fields stay mounted after a failure: the shopper tries again, and passes.
    confirmations = [];
    const passed = adapter.confirm(ACTION);
    await challenge('complete');
    expect(await passed).to.deep.equal({ intent_confirmed: true });
    expect(confirmations.map((c) => c.body.outcome)).to.deep.equal(['requires_authentication', undefined]);
    expect(document.querySelector('iframe[name^="__privateStripeFrame"]'), 'released once confirmed').to.equal(null);
  });

  it('wallets: the Express Checkout Element shows only where the browser offers a wallet', async () => {
    const none = createStripeAdapter({ wallets: true });
    expect(none.quotePayment).to.deep.equal({ intent_based_capture: true, wallet_based_checkout: true });
    none.prepare({ provider: 'stripe', stripe_key: 'pk_test_tote_sandbox', payment_intent_client_secret: SECRET });
    none.quoted({ currency: 'USD', totals: { sub_total: 1000, shipping_total: 0, tax_total: 0, total: 1000 } });
    const plain = await mounted(none);
    await waitUntil(() => standIn().calls.some((c) => c.name === 'mount' && c.detail.type === 'expressCheckout'));
    await new Promise((r) => setTimeout(r, 20));
    const slot = plain.payment.querySelector('div > div[hidden]');
    expect(slot, 'no wallet: the express slot stays hidden').not.to.equal(null);

    standIn().wallets = { googlePay: { available: true } };
    const adapter = createStripeAdapter({ wallets: true });
    adapter.prepare({ provider: 'stripe', stripe_key: 'pk_test_tote_sandbox', payment_intent_client_secret: SECRET });
    adapter.quoted({ currency: 'USD', totals: { sub_total: 1000, shipping_total: 0, tax_total: 0, total: 1000 } });
    const { payment } = await mounted(adapter);
    const frame = [...payment.querySelectorAll('iframe')].find((f) => f.title.includes('express'))!;
    await waitUntil(() => !frame.parentElement!.hidden && frame.contentDocument?.querySelector('button'));
    const authorized = new Promise((resolve) => payment.addEventListener('tote-payment-authorized', resolve, { once: true }));
    frame.contentDocument!.querySelector('button')!.click();
    await authorized;
    expect(confirmations).to.have.length(1);
    expect(await (payment as TotePayment).tokenize()).to.deep.equal({ payment_provider: 'STRIPE', type: 'PAYMENT_INTENT', token: 'pi_123abc' });
    expect(await adapter.confirm(ACTION)).to.deep.equal({ intent_confirmed: true });
    expect(confirmations, 'the wallet sheet already confirmed it').to.have.length(1);
  });

  it('uses the page’s own Stripe instance when given one, loading nothing', async () => {
    const own = (window as unknown as { Stripe: (key: string) => any }).Stripe('pk_test_page_own');
    standIn().calls = [];
    const adapter = createStripeAdapter({ stripe: own });
    adapter.quoted({ currency: 'USD', totals: { sub_total: 100, shipping_total: 0, tax_total: 0, total: 100 } });
    const { doc } = await mounted(adapter);
    expect(standIn().calls.filter((c) => c.name === 'Stripe'), 'no second Stripe() instance').to.deep.equal([]);
    type(doc, { number: VISA });
    expect((await adapter.tokenize()).token).to.equal('tok_visa');
  });

  it('without a publishable key (direct mode, none configured) says so on the payment step', async () => {
    const el = await fixture<TotePayment>(html`<tote-payment .adapter=${createStripeAdapter({ messages: { notConfigured: 'No card payments here.' } })}></tote-payment>`);
    await waitUntil(() => el.shadowRoot!.querySelector('[part="error"]')!.textContent === 'No card payments here.');
  });
});
