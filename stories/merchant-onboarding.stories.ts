import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ref } from 'lit/directives/ref.js';
import '../src/elements/merchant-onboarding/merchant-onboarding.js';
import type { ToteMerchantOnboarding } from '../src/elements/merchant-onboarding/merchant-onboarding.js';
import type { MerchantOnboarding } from '../src/contract/operations.js';
import type { OnboardingValues } from '../src/elements/merchant-onboarding/onboarding-model.js';
import { onboardingRecord, operatorFetch } from './fixtures/operator.js';

type Args = {
  onboardingId: number;
  values?: Partial<OnboardingValues>;
  record?: MerchantOnboarding;
  outcome: 'store' | 'hang' | 'fail';
  /** What the story does once rendered, as a user would: check the form or send it. */
  then?: 'validate' | 'submit';
};

const filled: OnboardingValues = {
  channel_merchant_id: 'kettle-and-kiln',
  payment_provider: 'STRIPE',
  provider_account_id: 'acct_1PxYz2AbCdEfGh',
};

const act = (then: Args['then']) =>
  ref((el) => {
    const form = el as ToteMerchantOnboarding | undefined;
    if (!form || !then) return;
    void form.updateComplete.then(async () => {
      if (then === 'validate') form.reportValidity();
      else await form.submit();
    });
  });

const meta: Meta<Args> = {
  title: 'Operator/MerchantOnboarding',
  component: 'tote-merchant-onboarding',
  args: { onboardingId: 42, outcome: 'store' },
  argTypes: { outcome: { control: 'inline-radio', options: ['store', 'hang', 'fail'] } },
  render: ({ onboardingId, values, record, outcome, then }) =>
    html`<tote-merchant-onboarding
      merchant-onboarding-id=${onboardingId}
      endpoint="/api"
      token="story-token"
      .fetch=${operatorFetch({ onboarding: outcome })}
      .initialValues=${values}
      .record=${record}
      ${act(then)}
    ></tote-merchant-onboarding>`,
};
export default meta;
type Story = StoryObj<Args>;

export const Empty: Story = {};

export const Invalid: Story = {
  args: { values: { channel_merchant_id: '', payment_provider: 'STRIPE', provider_account_id: 'acct-with-dashes' }, then: 'validate' },
};

export const Submitting: Story = { args: { values: filled, outcome: 'hang', then: 'submit' } };

export const Saved: Story = { args: { values: filled, record: onboardingRecord({ channel_merchant_id: 'kettle-and-kiln' }) } };

export const Error: Story = { args: { values: filled, outcome: 'fail', then: 'submit' } };
