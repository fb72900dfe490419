/**
 * One merchant's row of `<tote-merchant-health>`: name, overall badge, the
 * button that re-reads it, platform, store link (http(s) only), merchant
 * status, the state of its last refresh, and its checks.
 */
import { html, nothing } from 'lit';
import { safeUrl } from '../internal/safe-url.js';
import type { MessageKey } from '../../i18n/localize.js';
import { renderChecks } from './health-checks.js';
import { issuesOf, type MerchantHealth, type Severity } from './health-model.js';
import { platformName, type HealthText } from './health-text.js';

const SEVERITY_LABEL: Record<Severity | 'ok', MessageKey> = {
  blocking: 'severityBlocking',
  warning: 'severityWarning',
  info: 'severityInfo',
  ok: 'severityOk',
};

/** Where the row's merchant stands with its own refresh. */
export interface RowRefresh {
  running: boolean;
  /** When the merchant was last re-read on its own (already formatted). */
  at?: string;
  /** Why the last re-read failed, in words. */
  error?: string;
  /** Re-reads the merchant; without it (no operator client) the row has no refresh button. */
  start?: () => void;
}

export function renderRow(health: MerchantHealth, text: HealthText, refresh: RowRefresh) {
  const { t } = text;
  const { report } = health;
  const id = report.merchant_id;
  const name = text.nameOf(report);
  const url = safeUrl(report.store_url);
  const { running, start } = refresh;
  return html`<li part="row" class="row" data-merchant-id=${id} data-severity=${health.severity}>
    <article aria-labelledby="merchant-${id}" aria-busy=${running ? 'true' : 'false'}>
      <header class="row-header">
        <h3 id="merchant-${id}" part="name" class="name">${name}</h3>
        <span part="badge" class="badge" data-severity=${health.severity}>${t(SEVERITY_LABEL[health.severity])}</span>
        ${start
          ? html`<button
              type="button"
              part="refresh-button"
              class="button secondary refresh"
              aria-label=${t('healthRefreshMerchant', { name })}
              aria-disabled=${running ? 'true' : 'false'}
              @click=${() => !running && start()}
            >
              ${t(running ? 'healthRefreshing' : 'healthRefresh')}
            </button>`
          : nothing}
      </header>
      <dl class="meta">
        <div><dt>${t('healthPlatform')}</dt><dd>${report.platform ? platformName(report.platform) : '—'}</dd></div>
        <div>
          <dt>${t('healthStore')}</dt>
          <dd>
            ${url
              ? html`<a href=${url} target="_blank" rel="noopener noreferrer">${report.store_url}</a>`
              : report.store_url || t('healthNoStoreUrl')}
          </dd>
        </div>
        <div class="merchant-status" data-state=${issuesOf(health, 'merchant')[0]?.severity ?? 'ok'}>
          <dt>${t('healthMerchantStatus')}</dt>
          <dd>${report.merchant_status ? t('merchantStatusLabel', { status: report.merchant_status }) : '—'}</dd>
        </div>
      </dl>
      ${refresh.at ? html`<p class="refreshed">${t('healthMerchantRefreshedAt', { when: refresh.at })}</p>` : nothing}
      ${refresh.error ? html`<p class="refresh-error" role="alert">${refresh.error}</p>` : nothing}
      ${renderChecks(health, text)}
    </article>
  </li>`;
}
