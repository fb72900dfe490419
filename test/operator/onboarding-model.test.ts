import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MerchantOnboardingInputSchema } from '../../src/contract/operations.js';
import {
  emptyOnboarding,
  fieldOfPath,
  onboardingRequest,
  validateField,
  validateOnboarding,
  type OnboardingValues,
} from '../../src/elements/merchant-onboarding/onboarding-model.js';

const valid: OnboardingValues = {
  channel_merchant_id: 'northwind-outfitters',
  payment_provider: 'SANDBOX',
  provider_account_id: 'acct_123',
};

/** Inputs the form and the BFF's schema must judge alike. */
const table: Array<[string, Partial<OnboardingValues>]> = [
  ['valid', {}],
  ['lower-case provider', { payment_provider: 'stripe' }],
  ['padded values', { channel_merchant_id: '  m-1  ', provider_account_id: ' acct_9 ' }],
  ['empty merchant id', { channel_merchant_id: '' }],
  ['blank merchant id', { channel_merchant_id: '   ' }],
  ['merchant id at 128', { channel_merchant_id: 'x'.repeat(128) }],
  ['merchant id at 129', { channel_merchant_id: 'x'.repeat(129) }],
  ['no provider', { payment_provider: '' }],
  ['provider at 33', { payment_provider: 'P'.repeat(33) }],
  ['no account id', { provider_account_id: '' }],
  ['short account id', { provider_account_id: 'ab' }],
  ['account id with a dash', { provider_account_id: 'acct-123' }],
  ['account id at 64', { provider_account_id: 'a'.repeat(64) }],
  ['account id at 65', { provider_account_id: 'a'.repeat(65) }],
  ['account id with markup', { provider_account_id: '<img onerror=x>' }],
];

describe('onboarding model', () => {
  for (const [name, change] of table) {
    it(`agrees with the BFF schema: ${name}`, () => {
      const values = { ...valid, ...change };
      const formOk = Object.keys(validateOnboarding(values)).length === 0;
      const schemaOk = MerchantOnboardingInputSchema.safeParse(onboardingRequest(42, values)).success;
      assert.equal(formOk, schemaOk);
    });
  }

  it('names the problem of each field', () => {
    assert.deepEqual(validateOnboarding(emptyOnboarding()), {
      channel_merchant_id: 'required',
      payment_provider: 'required',
      provider_account_id: 'required',
    });
    assert.equal(validateField('channel_merchant_id', 'x'.repeat(129)), 'too_long');
    assert.equal(validateField('provider_account_id', 'acct-1'), 'format');
    assert.equal(validateField('provider_account_id', 'acct_1'), undefined);
  });

  it('builds the request body the BFF expects, trimmed and upper-cased', () => {
    assert.deepEqual(onboardingRequest(42, { ...valid, payment_provider: ' stripe ', channel_merchant_id: ' m ' }), {
      merchant_onboarding_id: 42,
      channel_merchant_id: 'm',
      payout_details: { payment_provider: 'STRIPE', payment_provider_metadata: { stripe_account_id: 'acct_123' } },
    });
  });

  it('maps the BFF field paths back to form fields', () => {
    assert.equal(fieldOfPath('channel_merchant_id'), 'channel_merchant_id');
    assert.equal(fieldOfPath('payout_details.payment_provider'), 'payment_provider');
    assert.equal(fieldOfPath('payout_details.payment_provider_metadata.stripe_account_id'), 'provider_account_id');
    assert.equal(fieldOfPath('app_id'), undefined);
  });
});
