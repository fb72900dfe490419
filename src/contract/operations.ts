import { z } from 'zod';
import { datetime, id, jsonObject, list, maybe, openEnum } from './primitives.js';
import { ServiceErrorSchema } from './errors.js';

/** NEEDS_ATTENTION and NOT_APPLICABLE are the service's own values beside the interface's four. */
export const HEALTH_CHECK_STATUSES = ['COMPLETE', 'IN_PROGRESS', 'FAILED', 'NOT_STARTED', 'NEEDS_ATTENTION', 'NOT_APPLICABLE'] as const;

export { isFailingCheckStatus } from './statuses.js';

/** Every check in a health report has this wrapper around its own `results`. */
export function statusObject<T extends z.ZodType>(results: T) {
  return z.object({
    status: maybe(openEnum(HEALTH_CHECK_STATUSES)),
    error: maybe(ServiceErrorSchema),
    results: maybe(results),
  });
}

export const PayoutAccountDetailsSchema = z.object({
  legal_entity_address_city: maybe(z.string()),
  legal_entity_address_state: maybe(z.string()),
  legal_entity_address_country: maybe(z.string()),
  legal_entity_address_postal_code: maybe(z.string()),
  legal_entity_address_line_1: maybe(z.string()),
  legal_entity_address_line_2: maybe(z.string()),
  legal_entity_business_name: maybe(z.string()),
  account_holder_name: maybe(z.string()),
  legal_entity_business_tax_id: maybe(z.string()),
  legal_entity_first_name: maybe(z.string()),
  legal_entity_last_name: maybe(z.string()),
  legal_entity_ssn_last_four: maybe(z.string()),
  legal_entity_type: maybe(z.string()),
  legal_entity_currency: maybe(z.string()),
  statement_descriptor: maybe(z.string()),
  website_url: maybe(z.string()),
  email: maybe(z.string()),
  phone: maybe(z.string()),
  disabledReason: maybe(z.string()),
  legal_entity_date_of_birth: maybe(datetime),
  ssn_last_4_provided: maybe(z.boolean()),
  tosAccepted: maybe(z.boolean()),
  payoutsEnabled: maybe(z.boolean()),
  paymentsEnabled: maybe(z.boolean()),
  hasPayoutAccount: maybe(z.boolean()),
  currentlyDue: list(z.string()),
  eventuallyDue: list(z.string()),
  pastDue: list(z.string()),
  pendingVerification: list(z.string()),
});

export const PayoutAccountSchema = z.object({
  id: maybe(id),
  account_id: maybe(id),
  app_id: maybe(id),
  account_type: maybe(openEnum(['MERCHANT', 'CHANNEL'])),
  is_active: maybe(z.boolean()),
  payouts_enabled: maybe(z.boolean()),
  verified: maybe(z.boolean()),
  status: maybe(openEnum(['INCOMPLETE', 'COMPLETE', 'ACTIVE', 'INACTIVE'])),
  kyc_status: maybe(openEnum(['INCOMPLETE', 'COMPLETE', 'PENDING', 'VERIFIED'])),
  country_code: maybe(z.string()),
  payment_provider: maybe(openEnum(['STRIPE', 'SANDBOX'])),
  payment_provider_account_id: maybe(z.string()),
  payment_provider_account_type: maybe(openEnum(['EXPRESS', 'STANDARD', 'CUSTOM'])),
  payment_provider_metadata: maybe(jsonObject),
  payment_provider_account: maybe(jsonObject),
  date_deactivated: maybe(datetime),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
  errors: list(
    z.object({
      id: maybe(id),
      error_code: maybe(z.int()),
      payout_account_id: maybe(id),
      error_message: maybe(z.string()),
      resolved: maybe(z.boolean()),
      date_resolved: maybe(datetime),
      date_created: maybe(datetime),
    }),
  ),
  externalId: maybe(z.string()),
  paymentServiceAccountType: maybe(openEnum(['EXPRESS', 'STANDARD', 'CUSTOM'])),
  paymentService: maybe(openEnum(['STRIPE', 'SANDBOX'])),
  details: maybe(PayoutAccountDetailsSchema),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

export const MERCHANT_STATUSES = [
  'INACTIVE',
  'ACTIVE',
  'DISABLED',
  'NEW',
  'DISABLED_INACTIVE',
  'FOR_DELETION',
  'APPLICATION_IN_PROGRESS',
  'APPLICATION_SUBMITTED',
  'APPLICATION_DENIED',
  'APPLICATION_ACCEPTED',
] as const;

export const ConnectionHealthReportSchema = z.object({
  merchant_id: id,
  merchant_name: maybe(z.string()),
  merchant_email: maybe(z.string()),
  merchant_status: maybe(openEnum(MERCHANT_STATUSES)),
  platform: maybe(openEnum(['SHOPIFY', 'BIGCOMMERCE', 'WOOCOMMERCE', 'MAGENTO', 'SALESFORCE', 'OTHER', 'CUSTOM'])),
  store_url: maybe(z.string()),
  distribution_type: maybe(openEnum(['PUBLIC', 'PRIVATE'])),
  connection: maybe(
    statusObject(
      z.object({
        isConnected: maybe(z.boolean()),
        hasActivePlatformPlan: maybe(z.boolean()),
        hasShippingMethods: maybe(z.boolean()),
        connected: maybe(z.boolean()),
        storeScopes: maybe(
          z.object({
            hasValidScopes: maybe(z.boolean()),
            requiredScopes: list(z.string()),
            missingScopes: list(z.string()),
          }),
        ),
      }),
    ),
  ),
  scope_validation: maybe(statusObject(z.object({ valid: maybe(z.boolean()), missing_scopes: list(z.string()) }))),
  sync_status: maybe(
    statusObject(
      z.object({
        id: maybe(id),
        merchant_id: maybe(id),
        app_id: maybe(id),
        status: maybe(openEnum(['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'])),
        abort: maybe(z.boolean()),
        total_products: maybe(z.int()),
        total_products_synced: maybe(z.int()),
        resync_required: maybe(z.boolean()),
        taxonomy_synced: maybe(z.boolean()),
        webhooks_created: maybe(z.boolean()),
        date_last_synced: maybe(datetime),
        date_shipping_last_synced: maybe(datetime),
      }),
    ),
  ),
  invalid_products: maybe(
    statusObject(
      z.object({
        count: maybe(z.int()),
        invalid_product: maybe(
          z.object({
            id: maybe(id),
            external_id: maybe(z.string()),
            name: maybe(z.string()),
            thumbnail_url: maybe(z.string()),
            issues: list(z.string()),
            merchant_id: maybe(id),
            status: maybe(openEnum(['UNRESOLVED', 'RESOLVED'])),
            date_created: maybe(datetime),
            date_last_modified: maybe(datetime),
          }),
        ),
      }),
    ),
  ),
  offers_published: maybe(statusObject(z.object({ sync_complete: maybe(z.boolean()), count: maybe(z.int()) }))),
  payout_account: maybe(statusObject(PayoutAccountSchema)),
  migration: maybe(statusObject(openEnum(['MIGRATION_REQUIRED', 'NOT_REQUIRED', 'COMPLETE']))),
  commission_rate: maybe(
    z.object({
      status: maybe(z.string()),
      error: maybe(ServiceErrorSchema),
      default_rate: maybe(z.number()),
      overrides: list(
        z.object({
          status: maybe(z.string()),
          error: maybe(ServiceErrorSchema),
          app_id: maybe(id),
          rate: maybe(z.number()),
          commission_locked: maybe(z.boolean()),
        }),
      ),
    }),
  ),
});
export type ConnectionHealthReport = z.infer<typeof ConnectionHealthReportSchema>;
export const ConnectionHealthSchema = z.array(ConnectionHealthReportSchema);

export const MerchantOnboardingSchema = z.object({
  merchant_onboarding_id: maybe(id),
  channel_merchant_id: maybe(z.string()),
  app_id: maybe(id),
  payout_details: maybe(
    z.object({
      payment_provider: maybe(openEnum(['STRIPE', 'SANDBOX'])),
      payment_provider_account_id: maybe(z.string()),
      payment_provider_metadata: maybe(jsonObject),
    }),
  ),
  commission_details: maybe(jsonObject),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
});
export type MerchantOnboarding = z.infer<typeof MerchantOnboardingSchema>;

/** What the onboarding `PUT` needs before it is worth sending upstream. */
export const MerchantOnboardingInputSchema = z.object({
  merchant_onboarding_id: maybe(id),
  channel_merchant_id: z.string().trim().min(1, 'required').max(128),
  app_id: maybe(id),
  payout_details: z.object({
    payment_provider: z.string().trim().min(1, 'required').max(32).transform((s) => s.toUpperCase()),
    payment_provider_metadata: z.object({
      stripe_account_id: z.string().trim().regex(/^[A-Za-z0-9_]{3,64}$/, 'expected a provider account id like acct_123'),
    }),
  }),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
});
export type MerchantOnboardingInput = z.infer<typeof MerchantOnboardingInputSchema>;
