import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/merchant-onboarding/merchant-onboarding.js';
import type { ToteMerchantOnboarding } from '../../src/elements/merchant-onboarding/merchant-onboarding.js';
import { onboardingRecord } from '../../stories/fixtures/operator.js';

interface Call {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

function fakeBff(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      url: new URL(String(input), location.href).pathname,
      authorization: new Headers(init.headers).get('authorization'),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answer(call);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shadow = (el: HTMLElement) => el.shadowRoot!;
const field = <T extends HTMLElement = HTMLInputElement>(el: HTMLElement, name: string) =>
  shadow(el).querySelector<T>(`#${name}`)!;
const errorOf = (el: HTMLElement, name: string) => shadow(el).querySelector(`#${name}-error`);
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const submitButton = (el: HTMLElement) => shadow(el).querySelector<HTMLButtonElement>('[part="submit-button"]')!;

/** Types into a field as a user does: focus, keys, then Tab away. */
async function type(el: ToteMerchantOnboarding, name: string, value: string) {
  field(el, name).focus();
  await sendKeys({ type: value });
  await sendKeys({ press: 'Tab' });
  await el.updateComplete;
}

async function choose(el: ToteMerchantOnboarding, value: string) {
  const select = field<HTMLSelectElement>(el, 'payment_provider');
  select.focus();
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  select.blur();
  await el.updateComplete;
}

describe('tote-merchant-onboarding', () => {
  it('is accessible when empty', async () => {
    const el = await fixture<ToteMerchantOnboarding>(
      html`<tote-merchant-onboarding merchant-onboarding-id="42"></tote-merchant-onboarding>`,
    );
    await expect(el).to.be.accessible();
    expect(text(shadow(el).querySelector('label[for="channel_merchant_id"]'))).to.equal('Channel merchant ID');
    expect(text(shadow(el).querySelector('label[for="payment_provider"]'))).to.equal('Payment provider');
    expect(text(shadow(el).querySelector('label[for="provider_account_id"]'))).to.equal('Provider account ID');
  });

  it('validates on submit: every field in error, announced, focus on the first, nothing sent', async () => {
    const bff = fakeBff(() => json({ onboarding: onboardingRecord() }));
    const el = await fixture<ToteMerchantOnboarding>(
      html`<tote-merchant-onboarding merchant-onboarding-id="42" endpoint="/api" token="op" .fetch=${bff.fetch}></tote-merchant-onboarding>`,
    );
    submitButton(el).click();
    await waitUntil(() => errorOf(el, 'provider_account_id'));
    await el.updateComplete;

    for (const name of ['channel_merchant_id', 'payment_provider', 'provider_account_id']) {
      expect(field(el, name).getAttribute('aria-invalid'), name).to.equal('true');
      expect(field(el, name).getAttribute('aria-describedby'), name).to.contain(`${name}-error`);
      expect(text(errorOf(el, name)), name).to.equal('This field is required.');
    }
    expect(shadow(el).activeElement?.id).to.equal('channel_merchant_id');
    expect(text(shadow(el).querySelector('[role="status"]'))).to.equal('3 fields need attention.');
    expect(bff.calls).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('validates field by field as the user leaves each one, and clears an error once fixed', async () => {
    const el = await fixture<ToteMerchantOnboarding>(
      html`<tote-merchant-onboarding merchant-onboarding-id="42"></tote-merchant-onboarding>`,
    );
    await type(el, 'provider_account_id', 'acct-123');
    expect(text(errorOf(el, 'provider_account_id'))).to.contain('letters, digits or underscores');
    expect(text(shadow(el).querySelector('[role="status"]'))).to.match(/^Provider account ID: Use 3 to 64 letters/);
    expect(Boolean(errorOf(el, 'channel_merchant_id'))).to.equal(false);

    field(el, 'provider_account_id').select();
    await sendKeys({ type: 'acct_123' });
    await el.updateComplete;
    expect(Boolean(errorOf(el, 'provider_account_id'))).to.equal(false);
    expect(field(el, 'provider_account_id').getAttribute('aria-invalid')).to.equal('false');

    await type(el, 'channel_merchant_id', 'x'.repeat(129));
    expect(text(errorOf(el, 'channel_merchant_id'))).to.equal('Use at most 128 characters.');
  });

  it('submits the PUT with the token and shows the stored account id', async () => {
    const stored = onboardingRecord({
      channel_merchant_id: 'kettle-and-kiln',
      payout_details: { payment_provider: 'STRIPE', payment_provider_account_id: 'pa_stored_7' },
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const bff = fakeBff(async () => {
      await gate;
      return json({ onboarding: stored });
    });
    const el = await fixture<ToteMerchantOnboarding>(
      html`<tote-merchant-onboarding merchant-onboarding-id="42" endpoint="/api" token="op-secret" .fetch=${bff.fetch}></tote-merchant-onboarding>`,
    );
    await type(el, 'channel_merchant_id', '  kettle-and-kiln ');
    await choose(el, 'STRIPE');
    await type(el, 'provider_account_id', 'acct_1PxYz2');

    const saved = oneEvent(el, 'tote-onboarding-save');
    submitButton(el).click();
    await waitUntil(() => submitButton(el).getAttribute('aria-disabled') === 'true', 'submit button not busy while saving');
    submitButton(el).click();
    expect(text(submitButton(el))).to.equal('Saving…');
    expect(shadow(el).querySelector('form')!.getAttribute('aria-busy')).to.equal('true');
    await expect(el).to.be.accessible();

    release();
    const { detail } = await saved;
    await el.updateComplete;

    expect(bff.calls).to.deep.equal([
      {
        method: 'PUT',
        url: '/api/operator/onboarding/42',
        authorization: 'Bearer op-secret',
        body: {
          merchant_onboarding_id: 42,
          channel_merchant_id: 'kettle-and-kiln',
          payout_details: { payment_provider: 'STRIPE', payment_provider_metadata: { stripe_account_id: 'acct_1PxYz2' } },
        },
      },
    ]);
    expect(detail.record).to.deep.equal(stored);
    expect(text(shadow(el).querySelector('[part="account-id"]'))).to.equal('pa_stored_7');
    expect(text(shadow(el).querySelector('[role="status"]'))).to.equal('Onboarding saved.');
    expect(submitButton(el).getAttribute('aria-disabled')).to.equal('false');
    expect(text(shadow(el).querySelector('.saved'))).to.equal('Onboarding saved.');
    await expect(el).to.be.accessible();

    // Editing again makes the form a draft; the stored record stays shown.
    field(el, 'channel_merchant_id').focus();
    await sendKeys({ type: '-2' });
    await el.updateComplete;
    expect(Boolean(shadow(el).querySelector('.saved'))).to.equal(false);
    expect(text(shadow(el).querySelector('[part="account-id"]'))).to.equal('pa_stored_7');
  });

  it('shows the server\'s field errors next to their fields and a failed submission as an alert', async () => {
    const bff = fakeBff(() =>
      json(
        {
          error: {
            code: 'bad_request',
            message: 'Invalid onboarding',
            fields: [{ path: 'payout_details.payment_provider_metadata.stripe_account_id', message: 'Unknown account' }],
          },
        },
        400,
      ),
    );
    const el = await fixture<ToteMerchantOnboarding>(
      html`<tote-merchant-onboarding
        merchant-onboarding-id="42"
        endpoint="/api"
        token="op"
        .fetch=${bff.fetch}
        .initialValues=${{ channel_merchant_id: 'm-1', payment_provider: 'SANDBOX', provider_account_id: 'acct_404' }}
      ></tote-merchant-onboarding>`,
    );
    await el.submit();
    await el.updateComplete;
    expect(text(errorOf(el, 'provider_account_id'))).to.equal('Unknown account');
    expect(text(shadow(el).querySelector('[part="form-error"]'))).to.contain('Invalid onboarding');
    expect(shadow(el).querySelector('[part="form-error"]')!.getAttribute('role')).to.equal('alert');
    await expect(el).to.be.accessible();
  });

  it('says what to do when the token is missing or rejected', async () => {
    const values = { channel_merchant_id: 'm-1', payment_provider: 'SANDBOX', provider_account_id: 'acct_1' };
    const noToken = await fixture<ToteMerchantOnboarding>(
      html`<tote-merchant-onboarding merchant-onboarding-id="42" endpoint="/api" .initialValues=${values}></tote-merchant-onboarding>`,
    );
    await noToken.submit();
    await noToken.updateComplete;
    expect(text(shadow(noToken).querySelector('[part="form-error"]'))).to.contain('Enter the operator token');

    const bff = fakeBff(() => json({ error: { code: 'unauthorized', message: 'Unauthorized' } }, 401));
    const rejected = await fixture<ToteMerchantOnboarding>(
      html`<tote-merchant-onboarding
        merchant-onboarding-id="42"
        endpoint="/api"
        token="wrong"
        .fetch=${bff.fetch}
        .initialValues=${values}
      ></tote-merchant-onboarding>`,
    );
    await rejected.submit();
    await rejected.updateComplete;
    expect(text(shadow(rejected).querySelector('[part="form-error"]'))).to.contain('operator token was not accepted');
  });

  it('shows a stored record given as a property, without a provider', async () => {
    const el = await fixture<ToteMerchantOnboarding>(
      html`<tote-merchant-onboarding merchant-onboarding-id="42" .record=${onboardingRecord()}></tote-merchant-onboarding>`,
    );
    expect(text(shadow(el).querySelector('[part="account-id"]'))).to.equal('pa_sandbox_0042');
    expect(field(el, 'channel_merchant_id').value).to.equal('northwind-outfitters');
    expect(field<HTMLSelectElement>(el, 'payment_provider').value).to.equal('SANDBOX');
    await expect(el).to.be.accessible();
  });
});
