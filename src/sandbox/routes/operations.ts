import { MerchantOnboardingInputSchema, type MerchantOnboarding } from '../../contract/operations.js';
import { nowDate } from '../dates.js';
import { cachedHealth, refreshHealth } from '../health.js';
import { merchantEntity, needsAttention } from '../merchants.js';
import { invalid, notFound, parseId, parseWith } from '../http.js';
import type { Route } from '../router.js';
import { injectedAnswer } from './catalog.js';
import { throwIfBusy } from '../submit.js';

function booleanParam(text: string | null, name: string, fallback: boolean): boolean {
  if (text === null || text === '') return fallback;
  if (/^(true|1)$/i.test(text)) return true;
  if (/^(false|0)$/i.test(text)) return false;
  throw invalid(name, 'expected true or false');
}

export function operationsRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/v1/operations/connection_health',
      auth: 'access',
      handler({ ctx, query }) {
        const appIdText = query.get('app_id');
        if (!appIdText) throw invalid('app_id', 'required');
        if (!/^\d{1,15}$/.test(appIdText)) throw invalid('app_id', 'expected an integer');
        const appId = Number(appIdText);
        const excludePublic = booleanParam(query.get('exclude_public'), 'exclude_public', true);
        // Another app sees no merchants: the sandbox has one app.
        if (appId !== ctx.creds.appId) return { body: [] };
        const reports = [...ctx.store.merchants.values()]
          .map((m) => cachedHealth(ctx.store, m, appId))
          .filter((r) => !(excludePublic && r.distribution_type === 'PUBLIC'));
        return { body: reports };
      },
    },
    {
      method: 'GET',
      path: '/v1/operations/connection_health/:merchant_id',
      auth: 'access',
      async handler({ ctx, params, query }) {
        const merchantId = parseId(params.merchant_id, 'merchant_id');
        const state = ctx.store.merchant(merchantId);
        if (!state) throw notFound('Merchant', merchantId, 'merchant_id');
        // Without `refresh=true` the service answers its cached report; with it, it re-reads the platform.
        if (!booleanParam(query.get('refresh'), 'refresh', false)) return { body: cachedHealth(ctx.store, state, ctx.creds.appId) };
        throwIfBusy(await Promise.allSettled([state.platform.call('health_check')]));
        const injected = injectedAnswer(state.platform);
        if (injected) return injected;
        const report = refreshHealth(ctx.store, state, ctx.creds.appId);
        if (needsAttention(state.profile)) {
          ctx.webhooks.emit('MERCHANT_NEEDS_ATTENTION', merchantEntity(state.profile), { entityId: String(merchantId), reason: 'CONNECTION_HEALTH_CHECK' });
        }
        return { body: report };
      },
    },
    {
      method: 'PUT',
      path: '/v1/merchants/onboard/:onboarding_id',
      auth: 'access',
      handler({ ctx, params, body }) {
        const onboardingId = parseId(params.onboarding_id, 'merchant_onboarding_id');
        const input = parseWith(MerchantOnboardingInputSchema, body ?? null);
        if (input.merchant_onboarding_id != null && input.merchant_onboarding_id !== onboardingId) {
          throw invalid('merchant_onboarding_id', `does not match the path (${onboardingId})`);
        }
        if (input.app_id != null && input.app_id !== ctx.creds.appId) throw invalid('app_id', `is not this app (${ctx.creds.appId})`);
        const previous = ctx.store.onboardings.get(onboardingId);
        const now = nowDate();
        const accountId = input.payout_details.payment_provider_metadata.stripe_account_id;
        const record: MerchantOnboarding = {
          merchant_onboarding_id: onboardingId,
          channel_merchant_id: input.channel_merchant_id,
          app_id: ctx.creds.appId,
          payout_details: {
            payment_provider: input.payout_details.payment_provider,
            payment_provider_account_id: accountId,
            payment_provider_metadata: { stripe_account_id: accountId },
          },
          commission_details: { default_rate: 15 },
          date_created: previous?.date_created ?? now,
          date_last_modified: now,
        };
        ctx.store.onboardings.set(onboardingId, record);
        // Onboarding a seeded merchant (channel_merchant_id = its id) completes its payout account;
        // connection health shows it after that merchant is refreshed.
        const merchant = /^\d+$/.test(input.channel_merchant_id) ? ctx.store.merchant(Number(input.channel_merchant_id)) : undefined;
        if (merchant) {
          merchant.profile.payout_currently_due = [];
          merchant.payoutAccountId = accountId;
        }
        return { body: record };
      },
    },
  ];
}
