import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/checkout/view/payment/payment.js';
import { type PaymentAdapter, PaymentInputError, type TotePayment } from '../../src/checkout/view/payment/payment.js';
import { createSandboxPaymentAdapter } from '../../src/checkout/view/payment/sandbox-adapter.js';

describe('tote-payment', () => {
  it('is accessible with the sandbox cards, without an adapter and with an error', async () => {
    const el = await fixture<TotePayment>(html`<tote-payment .adapter=${createSandboxPaymentAdapter()}></tote-payment>`);
    await waitUntil(() => el.querySelector('input[type="radio"]'));
    await expect(el).to.be.accessible();
    const none = await fixture<TotePayment>(html`<tote-payment></tote-payment>`);
    expect(none.shadowRoot!.textContent).to.contain('No payment method is configured');
    await expect(none).to.be.accessible();
    el.error = 'Your card was declined.';
    await el.updateComplete;
    await expect(el).to.be.accessible();
    expect(el.shadowRoot!.activeElement?.getAttribute('part'), 'focus moves to the error').to.equal('error');
  });

  it('mounts the adapter into its light DOM, outside every shadow root', async () => {
    let container: HTMLElement | undefined;
    const adapter: PaymentAdapter = {
      mount: (c) => void (container = c),
      tokenize: async () => ({ payment_provider: 'STRIPE', token: 'tok_x' }),
    };
    const el = await fixture<TotePayment>(html`<tote-payment .adapter=${adapter}></tote-payment>`);
    await waitUntil(() => container);
    expect(container!.parentNode).to.equal(el);
    expect(container!.getRootNode()).to.equal(document);
    expect(container!.slot).to.equal('payment');
  });

  it('the sandbox adapter yields the approving and the declining token, never card data', async () => {
    const el = await fixture<TotePayment>(html`<tote-payment .adapter=${createSandboxPaymentAdapter()}></tote-payment>`);
    await waitUntil(() => el.querySelector('input[type="radio"]'));
    expect(await el.tokenize()).to.deep.equal({ payment_provider: 'SANDBOX', type: 'SINGLE_USE_CARD_TOKEN', token: 'tok_sandbox_visa', brand: 'Visa', last4: '4242' });
    const radios = [...el.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    radios[1]!.click();
    expect((await el.tokenize()).token).to.equal('tok_sandbox_declined');
    expect(el.querySelector('input:not([type="radio"])')).to.equal(null);
  });

  it('shows the adapter error when tokenizing fails, and a generic one for provider faults', async () => {
    const adapter: PaymentAdapter = { mount() {}, tokenize: async () => { throw new PaymentInputError('Card number is incomplete.'); } };
    const el = await fixture<TotePayment>(html`<tote-payment .adapter=${adapter}></tote-payment>`);
    let threw = false;
    await el.tokenize().catch(() => (threw = true));
    expect(threw).to.equal(true);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain('Card number is incomplete.');
    el.adapter = { mount() {}, tokenize: async () => { throw new Error('secret internals'); } };
    await el.tokenize().catch(() => undefined);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain('The payment form reported a problem.');
  });
});
