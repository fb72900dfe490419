/**
 * Operator routes (`/operator/...`): only registered when an operator token
 * is configured, and only answered to `Authorization: Bearer <that token>`.
 * A shopper's access handle opens nothing here. Answers leave out provider
 * secrets and identity numbers the admin screens do not need.
 */
import { ApiOnboardingRequestSchema } from '../contract/api.js';
import type { ConnectionHealthReport, MerchantOnboarding } from '../contract/operations.js';
import { ApiHttpError, json } from './errors.js';
import { safeEqual } from './security.js';
import type { BffParts, RouteContext, RouteHandler } from './context.js';
import type { Router } from './router.js';
import { parseId, parseWith } from './validation.js';
import { addOperatorOrderRoutes } from './operator-orders.js';

/** A health report without free-form provider objects and identity numbers. */
export function redactReport(report: ConnectionHealthReport): ConnectionHealthReport {
  const payout = report.payout_account;
  if (!payout?.results) return report;
  const { payment_provider_metadata: _m, payment_provider_account: _a, details, ...account } = payout.results;
  const safeDetails = details && (({ legal_entity_business_tax_id: _t, legal_entity_ssn_last_four: _s, legal_entity_date_of_birth: _d, ...rest }) => rest)(details);
  return { ...report, payout_account: { ...payout, results: { ...account, ...(safeDetails ? { details: safeDetails } : {}) } } };
}

/** The onboarding record without `payment_provider_metadata` (where provider credentials may sit). */
export function publicOnboarding(record: MerchantOnboarding) {
  return {
    merchant_onboarding_id: record.merchant_onboarding_id ?? null,
    channel_merchant_id: record.channel_merchant_id ?? null,
    app_id: record.app_id ?? null,
    payout_details: record.payout_details
      ? {
          payment_provider: record.payout_details.payment_provider ?? null,
          payment_provider_account_id: record.payout_details.payment_provider_account_id ?? null,
        }
      : null,
    date_created: record.date_created ?? null,
    date_last_modified: record.date_last_modified ?? null,
  };
}

/** A handler answered only to `Authorization: Bearer <operator token>` (401 otherwise). */
export const requireOperator =
  (operatorToken: string) =>
  (handler: RouteHandler): RouteHandler =>
  async (ctx: RouteContext) => {
    const header = ctx.request.headers.get('authorization') ?? '';
    const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header);
    if (!match || !safeEqual(match[1]!, operatorToken)) {
      throw new ApiHttpError(401, 'unauthorized', 'Operator token missing or wrong', {}, { 'www-authenticate': 'Bearer realm="tote-operator"' });
    }
    return handler(ctx);
  };

export function addOperatorRoutes(router: Router<RouteHandler>, parts: BffParts, operatorToken: string) {
  const { client, health } = parts;
  const authorized = requireOperator(operatorToken);
  const now = () => new Date().toISOString();

  router.add('GET', '/operator/connection-health', authorized(async () => {
    // Operators look after every connected merchant, public ones included.
    const reports = await client.connectionHealth({ excludePublic: false });
    return json(200, { reports: reports.map(redactReport), fetched_at: now() });
  }));

  router.add('POST', '/operator/connection-health/:merchant_id/refresh', authorized(async ({ params }) => {
    const report = await client.merchantConnectionHealth(parseId(params.merchant_id, 'merchant_id'));
    // The shop-facing merchant list must see the refresh too.
    health.invalidate();
    return json(200, { report: redactReport(report), fetched_at: now() });
  }));

  router.add('PUT', '/operator/onboarding/:id', authorized(async ({ request, params }) => {
    const id = parseId(params.id, 'id');
    const input = parseWith(ApiOnboardingRequestSchema, await parts.body(request));
    const record = await client.onboardMerchant(id, { ...input, merchant_onboarding_id: id });
    return json(200, { onboarding: publicOnboarding(record) });
  }));

  addOperatorOrderRoutes(router, parts, authorized);
}
