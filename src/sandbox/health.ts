import type { ConnectionHealthReport } from '../contract/operations.js';
import { nowDate, SEED_EPOCH_MS, serviceDate } from './dates.js';
import { REQUIRED_SCOPES } from './merchants.js';
import type { MerchantState, Store } from './store.js';

const complete = <T>(results: T) => ({ status: 'COMPLETE', error: null, results });
const NO_MIGRATION_PLATFORMS = new Set(['CUSTOM', 'OTHER']);

/** The merchant's payout account as the service reports it: complete, or with what Stripe still wants. */
function payoutAccount(m: MerchantState['profile'], state: MerchantState, appId: number, synced: string): ConnectionHealthReport['payout_account'] {
  const payoutOk = m.payout_currently_due.length === 0;
  return {
    status: 'COMPLETE',
    error: payoutOk ? null : { message: `Payout account incomplete: ${m.payout_currently_due.join(', ')} due`, error: 'payout_account_incomplete', code: 4002, data: null, ids: [] },
    results: {
      id: m.id * 10 + 1,
      account_id: m.id,
      app_id: appId,
      account_type: 'MERCHANT',
      is_active: payoutOk,
      payouts_enabled: payoutOk,
      verified: payoutOk,
      status: payoutOk ? 'COMPLETE' : 'INCOMPLETE',
      kyc_status: payoutOk ? 'COMPLETE' : 'INCOMPLETE',
      country_code: m.country,
      payment_provider: 'STRIPE',
      payment_provider_account_id: state.payoutAccountId ?? `acct_sandbox_${m.id}`,
      payment_provider_account_type: 'EXPRESS',
      payment_provider_metadata: {},
      payment_provider_account: {},
      date_deactivated: null,
      date_created: serviceDate(SEED_EPOCH_MS - 400 * 86_400_000),
      date_last_modified: state.healthCheckedAt ?? synced,
      errors: payoutOk
        ? []
        : [{ id: m.id * 100, error_code: 4002, payout_account_id: m.id * 10 + 1, error_message: 'Requirements currently due', resolved: false, date_resolved: null, date_created: synced }],
      externalId: `acct_sandbox_${m.id}`,
      paymentServiceAccountType: 'EXPRESS',
      paymentService: 'STRIPE',
      details: {
        legal_entity_business_name: m.name,
        legal_entity_address_country: m.country,
        legal_entity_currency: m.currency,
        website_url: m.store_url,
        email: m.email,
        tosAccepted: payoutOk,
        payoutsEnabled: payoutOk,
        paymentsEnabled: payoutOk,
        hasPayoutAccount: true,
        currentlyDue: m.payout_currently_due,
        eventuallyDue: payoutOk ? [] : ['individual.id_number'],
        pastDue: [],
        pendingVerification: [],
      },
    },
  };
}

/** Computes a merchant's connection health report from the current state. */
export function buildHealthReport(store: Store, state: MerchantState, appId: number): ConnectionHealthReport {
  const m = state.profile;
  const offers = [...store.offers.values()].filter((s) => s.offer.merchant_id === m.id);
  const published = offers.filter((s) => s.offer.publishing_status === 'PUBLISHED').length;
  const scopesOk = m.missing_scopes.length === 0;
  const invalid = offers.filter((s) => s.offer.publishing_status !== 'PUBLISHED');
  const synced = serviceDate(SEED_EPOCH_MS);
  return {
    merchant_id: m.id,
    merchant_name: m.name,
    merchant_email: m.email,
    merchant_status: 'ACTIVE',
    platform: m.platform,
    store_url: m.store_url,
    distribution_type: m.distribution_type,
    connection: {
      status: 'COMPLETE',
      error: scopesOk ? null : { message: `Missing scopes: ${m.missing_scopes.join(', ')}`, error: 'missing_scopes', code: 4001, data: null, ids: [] },
      results: {
        isConnected: true,
        hasActivePlatformPlan: true,
        hasShippingMethods: m.shipping.length > 0,
        connected: true,
        storeScopes: { hasValidScopes: scopesOk, requiredScopes: REQUIRED_SCOPES, missingScopes: m.missing_scopes },
      },
    },
    // The real service marks a check it wants looked at NEEDS_ATTENTION rather than FAILED.
    scope_validation: { ...complete({ valid: scopesOk, missing_scopes: m.missing_scopes }), ...(scopesOk ? {} : { status: 'NEEDS_ATTENTION' }) },
    sync_status: complete({
      id: m.id * 10,
      merchant_id: m.id,
      app_id: appId,
      status: 'COMPLETED',
      abort: false,
      total_products: offers.length,
      total_products_synced: offers.length,
      resync_required: false,
      taxonomy_synced: true,
      webhooks_created: true,
      date_last_synced: synced,
      date_shipping_last_synced: synced,
    }),
    invalid_products: complete({
      count: invalid.length,
      invalid_product: invalid[0]
        ? {
            id: invalid[0].offer.id,
            external_id: invalid[0].offer.external_id,
            name: invalid[0].offer.name,
            thumbnail_url: invalid[0].offer.default_image_url,
            issues: ['NOT_PUBLISHED'],
            merchant_id: m.id,
            status: 'UNRESOLVED',
            date_created: invalid[0].offer.date_created,
            date_last_modified: invalid[0].offer.date_last_modified,
          }
        : null,
    }),
    offers_published: complete({ sync_complete: true, count: published }),
    payout_account: payoutAccount(m, state, appId, synced),
    // Platform migrations exist only for the platforms that have them; a custom store has none to run.
    migration: NO_MIGRATION_PLATFORMS.has(m.platform) ? { status: 'NOT_APPLICABLE', error: null, results: null } : complete('NOT_REQUIRED'),
    commission_rate: { status: 'COMPLETE', error: null, default_rate: 15, overrides: [] },
  };
}

/** The cached report, computed on first use (the real one is refreshed every 24 hours). */
export function cachedHealth(store: Store, state: MerchantState, appId: number): ConnectionHealthReport {
  if (!state.health) refreshHealth(store, state, appId);
  return state.health!;
}

export function refreshHealth(store: Store, state: MerchantState, appId: number): ConnectionHealthReport {
  state.healthCheckedAt = nowDate();
  state.health = buildHealthReport(store, state, appId);
  return state.health;
}

