/**
 * One check of a merchant's row: what the service reported for it in words,
 * how bad it is (`data-state`), and the error it carries with the SKUs that
 * error names. Every upstream string is rendered as text.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ErrorSku } from '../../contract/errors.js';
import type { MessageKey } from '../../i18n/localize.js';
import {
  CHECKS,
  checkError,
  issuesOf,
  missingScopes,
  payoutRequirements,
  syncProgress,
  type CheckName,
  type MerchantHealth,
} from './health-model.js';
import { codeText, type HealthText } from './health-text.js';

const CHECK_LABEL: Record<CheckName, MessageKey> = {
  connection: 'checkConnection',
  scope_validation: 'checkScopes',
  sync_status: 'checkSync',
  invalid_products: 'checkInvalidProducts',
  offers_published: 'checkOffers',
  payout_account: 'checkPayout',
  commission_rate: 'checkCommission',
  migration: 'checkMigration',
};

/** Every check of a merchant, in the order the model lists them. */
export function renderChecks(health: MerchantHealth, text: HealthText) {
  return html`<dl part="checks" class="checks">${CHECKS.map((c) => renderCheck(health, c, text))}</dl>`;
}

function renderCheck(health: MerchantHealth, check: CheckName, text: HealthText) {
  const issues = issuesOf(health, check);
  const state = issues.some((i) => i.severity === 'blocking')
    ? 'blocking'
    : issues.some((i) => i.severity === 'warning')
      ? 'warning'
      : issues.length
        ? 'info'
        : 'ok';
  const error = check === 'commission_rate' ? undefined : checkError(health.report, check);
  return html`<div part="check" class="check" data-check=${check} data-state=${state}>
    <dt>${text.t(CHECK_LABEL[check])}</dt>
    <dd>
      ${CHECK_RESULT[check](health, text)}
      ${issues.some((i) => i.kind === 'check_failed') ? html`<span class="line">${text.t('checkFailed')}</span>` : nothing}
      ${error ? renderCheckError(error.message, error.skus, text) : nothing}
    </dd>
  </div>`;
}

function renderCheckError(message: string, skus: readonly ErrorSku[], text: HealthText) {
  return html`<div part="check-error" class="check-error">
    <p><strong>${text.t('checkErrorTitle')}</strong> ${message}</p>
    ${skus.length
      ? html`<p>${text.t('checkErrorSkus')}</p>
          <ul class="skus">
            ${skus.map(
              (s) =>
                html`<li>
                  ${s.sku_id !== undefined ? html`<code>${text.t('checkErrorSku', { id: s.sku_id })}</code>` : nothing}
                  ${s.name ?? ''}${s.message ? html`: ${s.message}` : nothing}
                </li>`,
            )}
          </ul>`
      : nothing}
  </div>`;
}

function renderList(items: string[]): TemplateResult {
  return html`<ul class="codes">
    ${items.map((i) => html`<li><code>${i}</code></li>`)}
  </ul>`;
}

type CheckResult = TemplateResult | string;

function renderConnection(health: MerchantHealth, text: HealthText): CheckResult {
  const r = health.report;
  if (!r.connection?.results) return text.t('checkNotReported');
  const issues = issuesOf(health, 'connection');
  if (!issues.length) return text.t('connected');
  return html`${issues.map(
    (i) => html`<span class="line"
      >${text.t(i.kind === 'not_connected' ? 'notConnected' : i.kind === 'no_platform_plan' ? 'noPlatformPlan' : 'noShippingMethods')}</span
    >`,
  )}`;
}

function renderScopes(health: MerchantHealth, text: HealthText): CheckResult {
  const r = health.report;
  if (!r.scope_validation?.results && !r.connection?.results?.storeScopes) return text.t('checkNotReported');
  const missing = missingScopes(r);
  if (missing.length) return html`${text.t('scopesMissing', { count: missing.length })} ${renderList(missing)}`;
  return issuesOf(health, 'scope_validation').length ? text.t('scopesInvalid') : text.t('scopesValid');
}

function renderSync(health: MerchantHealth, text: HealthText): CheckResult {
  const r = health.report;
  const results = r.sync_status?.results;
  if (!results) return text.t('checkNotReported');
  const progress = syncProgress(r);
  const issues = issuesOf(health, 'sync_status');
  const running = issues.some((i) => i.kind === 'sync_in_progress');
  const last = text.date(results.date_last_synced);
  return html`${progress
      ? html`<span class="line"
          >${text.t('syncProgress', { synced: text.number(progress.synced), total: text.number(progress.total) })}</span
        >`
      : html`<span class="line">${text.t('syncNotStarted')}</span>`}
    ${running && progress
      ? html`<progress
          max=${Math.max(progress.total, 1)}
          .value=${progress.synced}
          aria-label=${text.t('syncProgressLabel', { name: text.nameOf(r) })}
        ></progress>`
      : nothing}
    ${running ? html`<span class="line">${text.t('syncRunning')}</span>` : nothing}
    ${issues.some((i) => i.kind === 'sync_failed') ? html`<span class="line">${text.t('syncFailed')}</span>` : nothing}
    ${issues.some((i) => i.kind === 'resync_required')
      ? html`<span class="line">${text.t('syncResyncRequired')}</span>`
      : nothing}
    ${last ? html`<span class="line muted">${text.t('syncLast', { when: last })}</span>` : nothing}`;
}

function renderInvalidProducts(health: MerchantHealth, text: HealthText): CheckResult {
  const r = health.report;
  if (!r.invalid_products?.results) return text.t('checkNotReported');
  const issue = issuesOf(health, 'invalid_products').find((i) => i.kind === 'invalid_products');
  if (!issue || issue.kind !== 'invalid_products') return text.t('invalidNone');
  const example = r.invalid_products.results.invalid_product?.name;
  return html`<span class="line">${text.t('invalidCount', { count: issue.count })}</span>
    ${example && issue.issues.length
      ? html`<span class="line">${text.t('invalidExample', { name: example })}</span>
          <ul class="issues">
            ${issue.issues.map((i) => html`<li>${codeText(i)}</li>`)}
          </ul>`
      : issue.issues.length
        ? html`<ul class="issues">
            ${issue.issues.map((i) => html`<li>${codeText(i)}</li>`)}
          </ul>`
        : nothing}`;
}

function renderOffers(health: MerchantHealth, text: HealthText): CheckResult {
  const r = health.report;
  const results = r.offers_published?.results;
  if (!results) return text.t('checkNotReported');
  return html`<span class="line">${text.t('offersCount', { count: results.count ?? 0 })}</span>
    ${results.sync_complete === false ? html`<span class="line muted">${text.t('offersSyncing')}</span>` : nothing}`;
}

function renderPayout(health: MerchantHealth, text: HealthText): CheckResult {
  const r = health.report;
  const account = r.payout_account?.results;
  if (!account) return r.payout_account ? text.t('payoutNone') : text.t('checkNotReported');
  const issues = issuesOf(health, 'payout_account');
  const { currentlyDue, pastDue } = payoutRequirements(r);
  const errors = issues.flatMap((i) => (i.kind === 'payout_errors' ? i.messages : []));
  const provider = account.payment_provider ?? account.paymentService;
  return html`<span class="line"
      >${text.t(issues.some((i) => i.kind === 'payout_incomplete') ? 'payoutIncomplete' : 'payoutComplete')}</span
    >
    ${provider && account.payment_provider_account_id
      ? html`<span class="line muted"
          >${text.t('payoutAccount', { provider, account: account.payment_provider_account_id })}</span
        >`
      : nothing}
    ${currentlyDue.length
      ? html`<span class="line">${text.t('payoutCurrentlyDue')}</span> ${renderList(currentlyDue)}`
      : nothing}
    ${pastDue.length ? html`<span class="line">${text.t('payoutPastDue')}</span> ${renderList(pastDue)}` : nothing}
    ${errors.length
      ? html`<ul class="issues">
          ${errors.map((m) => html`<li>${m}</li>`)}
        </ul>`
      : nothing}`;
}

function renderCommission(health: MerchantHealth, text: HealthText): CheckResult {
  const r = health.report;
  const rate = r.commission_rate;
  if (!rate) return text.t('checkNotReported');
  const errors = [rate.error, ...(rate.overrides ?? []).map((o) => o.error)].filter((e) => e != null);
  return html`${rate.default_rate != null
      ? html`<span class="line">${text.t('commissionDefault', { rate: text.number(rate.default_rate) })}</span>`
      : nothing}
    ${(rate.overrides ?? []).map(
      (o) =>
        html`<span class="line muted"
          >${text.t('commissionOverride', {
            app: o.app_id ?? '—',
            rate: o.rate != null ? text.number(o.rate) : '—',
            locked: o.commission_locked ? text.t('commissionLocked') : '',
          })}</span
        >`,
    )}
    ${errors.map((e) => renderCheckError(e.message ?? e.error ?? '', e.data?.skus ?? [], text))}`;
}

function renderMigration(health: MerchantHealth, text: HealthText): CheckResult {
  const r = health.report;
  if (!r.migration?.results) return text.t('checkNotReported');
  return text.t(r.migration.results === 'MIGRATION_REQUIRED' ? 'migrationRequired' : 'migrationNotRequired');
}

/** What each check reports, in words: one sub-template per check. */
const CHECK_RESULT: Record<CheckName, (health: MerchantHealth, text: HealthText) => CheckResult> = {
  connection: renderConnection,
  scope_validation: renderScopes,
  sync_status: renderSync,
  invalid_products: renderInvalidProducts,
  offers_published: renderOffers,
  payout_account: renderPayout,
  commission_rate: renderCommission,
  migration: renderMigration,
};
