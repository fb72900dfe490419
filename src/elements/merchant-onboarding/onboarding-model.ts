/**
 * The onboarding form's fields, their rules and the request body they make.
 * The rules mirror `MerchantOnboardingInputSchema` (which the BFF enforces);
 * the browser cannot afford full zod, so they are written here once more and
 * a Node test checks both agree on the same table of inputs.
 */
import type { MerchantOnboardingInput } from '../../contract/operations.js';

export const ONBOARDING_FIELDS = ['channel_merchant_id', 'payment_provider', 'provider_account_id'] as const;
export type OnboardingField = (typeof ONBOARDING_FIELDS)[number];
export type OnboardingValues = Record<OnboardingField, string>;

/** Providers the service names; the schema accepts others, the form offers these. */
export const PAYMENT_PROVIDERS = ['STRIPE', 'SANDBOX'] as const;

export type FieldProblem = 'required' | 'too_long' | 'format';
export type OnboardingErrors = Partial<Record<OnboardingField, FieldProblem>>;

const MAX_LENGTH: Record<Exclude<OnboardingField, 'provider_account_id'>, number> = {
  channel_merchant_id: 128,
  payment_provider: 32,
};
const ACCOUNT_ID = /^[A-Za-z0-9_]{3,64}$/;

export const emptyOnboarding = (): OnboardingValues => ({
  channel_merchant_id: '',
  payment_provider: '',
  provider_account_id: '',
});

export function validateField(field: OnboardingField, raw: string): FieldProblem | undefined {
  const value = raw.trim();
  if (!value) return 'required';
  if (field === 'provider_account_id') return ACCOUNT_ID.test(value) ? undefined : 'format';
  return value.length > MAX_LENGTH[field] ? 'too_long' : undefined;
}

export function validateOnboarding(values: OnboardingValues): OnboardingErrors {
  const errors: OnboardingErrors = {};
  for (const field of ONBOARDING_FIELDS) {
    const problem = validateField(field, values[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** The body of `PUT /api/operator/onboarding/:id`, from values that passed `validateOnboarding`. */
export function onboardingRequest(onboardingId: number, values: OnboardingValues): MerchantOnboardingInput {
  return {
    merchant_onboarding_id: onboardingId,
    channel_merchant_id: values.channel_merchant_id.trim(),
    payout_details: {
      payment_provider: values.payment_provider.trim().toUpperCase(),
      payment_provider_metadata: { stripe_account_id: values.provider_account_id.trim() },
    },
  };
}

/** Maps the BFF's per-field errors (`fields[].path`) back onto the form's fields. */
export function fieldOfPath(path: string): OnboardingField | undefined {
  if (path === 'channel_merchant_id') return 'channel_merchant_id';
  if (path === 'payout_details.payment_provider') return 'payment_provider';
  if (path.startsWith('payout_details.payment_provider_metadata')) return 'provider_account_id';
  return undefined;
}
