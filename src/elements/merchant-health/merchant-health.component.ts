import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { consume } from '@lit/context';
import type { ConnectionHealthReport } from '../../contract/operations.js';
import type { ToteApi } from '../../state/api-client.js';
import { isAbortError } from '../../state/api-client.js';
import { apiContext } from '../../state/context.js';
import { OperatorClientCache, operatorErrorMessage } from '../internal/operator.js';
import { safeUrl } from '../internal/safe-url.js';
import type { MessageArea } from '../internal/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import type { MessageKey } from '../internal/localize.js';
import {
  arrangeHealth,
  checkError,
  issuesOf,
  missingScopes,
  payoutRequirements,
  replaceReport,
  syncProgress,
  type CheckName,
  type HealthFilter,
  type HealthSort,
  type MerchantHealth,
  type Severity,
} from './health-model.js';
import { styles } from './merchant-health.styles.js';
import '../internal/messages-operator.js';

/** `tote-health-refresh`: one merchant's report was re-read. */
export interface ToteHealthRefreshDetail {
  merchant_id: number;
  report: ConnectionHealthReport;
}

/** Platform names as their makers spell them; the service sends them as upper-case enum values. */
const PLATFORM_NAMES: Partial<Record<string, string>> = {
  SHOPIFY: 'Shopify',
  WOOCOMMERCE: 'WooCommerce',
  BIGCOMMERCE: 'BigCommerce',
  MAGENTO: 'Magento',
  SALESFORCE: 'Salesforce',
  SQUARESPACE: 'Squarespace',
  WIX: 'Wix',
  ECWID: 'Ecwid',
  SHOPWARE: 'Shopware',
  CUSTOM: 'Custom',
  OTHER: 'Other',
};
const platformName = (p: string) => PLATFORM_NAMES[p.toUpperCase()] ?? codeText(p);
/** An upstream constant such as `NOT_PUBLISHED` as words ("Not published"); other text as it is. */
const codeText = (code: string) => {
  if (!/^[A-Z][A-Z0-9_]*$/.test(code)) return code;
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

declare global {
  interface GlobalEventHandlersEventMap {
    'tote-health-refresh': CustomEvent<ToteHealthRefreshDetail>;
  }
  interface HTMLElementTagNameMap {
    'tote-merchant-health': ToteMerchantHealth;
  }
}

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

const SEVERITY_LABEL: Record<Severity | 'ok', MessageKey> = {
  blocking: 'severityBlocking',
  warning: 'severityWarning',
  info: 'severityInfo',
  ok: 'severityOk',
};

/** Reports older than this get a visible "reload" hint on top of the standing 24-hour note. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * @summary For a channel's operators: the connection health of every merchant,
 * one row each, with what needs their attention first.
 *
 * Reads `GET /api/operator/connection-health` with the operator token, or
 * shows the `reports` it is given. Each merchant can be re-read on its own
 * (`POST …/:merchant_id/refresh`). The service caches these reports for up
 * to 24 hours; the element says so and when it fetched them.
 *
 * @event tote-health-refresh - A merchant's report was re-read; detail `{ merchant_id, report }`.
 *
 * @csspart base - The root.
 * @csspart toolbar - Filter and sort controls.
 * @csspart freshness - When the data was fetched and how old it may be.
 * @csspart list - The list of merchants.
 * @csspart row - One merchant.
 * @csspart name - The merchant's name.
 * @csspart badge - The merchant's overall state (healthy, needs attention, blocked, in progress).
 * @csspart checks - The merchant's checks.
 * @csspart check - One check.
 * @csspart check-error - The error a check carries, with the SKUs it names.
 * @csspart refresh-button - The button that re-reads one merchant.
 * @csspart reload-button - The button that reloads every merchant.
 * @csspart message - Loading, empty, error and token messages.
 *
 * @cssproperty --tote-merchant-health-row-background - Background of a merchant's row.
 * @cssproperty --tote-merchant-health-attention-color - Accent of a row that needs attention.
 * @cssproperty --tote-merchant-health-blocking-color - Accent of a row that is blocked.
 */
export class ToteMerchantHealth extends ToteElement {
  static override messageArea: MessageArea = 'operator';

  static override styles = styles;

  private readonly clients = new OperatorClientCache();
  private loadController?: AbortController;
  private readonly refreshControllers = new Map<number, AbortController>();
  /** Endpoint and token of the last load, so a new token loads again. */
  private loadedFor?: string;

  @consume({ context: apiContext, subscribe: true })
  @state()
  private api?: ToteApi;

  @state() private data?: ConnectionHealthReport[];
  @state() private fetchedAt?: string;
  @state() private loading = false;
  @state() private loadError?: unknown;
  @state() private refreshing = new Set<number>();
  @state() private refreshedAt = new Map<number, string>();
  @state() private refreshErrors = new Map<number, string>();
  @state() private announcement = '';

  /** The reports to show; when set, the element does not fetch them itself. */
  @property({ attribute: false }) reports?: ConnectionHealthReport[];

  /** When `reports` were fetched (ISO 8601); shown with the 24-hour note. */
  @property({ attribute: 'fetched-at' }) fetchedAtInput?: string;

  /** Base URL of the BFF; defaults to the provider's endpoint. */
  @property() endpoint?: string;

  /** The operator token (`TOTE_OPERATOR_TOKEN`), sent as `Authorization: Bearer`. Prefer the property over the attribute. */
  @property() token?: string;

  /** For tests and custom transports: the `fetch` the operator client uses. */
  @property({ attribute: false }) fetch?: typeof globalThis.fetch;

  /** `attention` shows only merchants that need attention; `all` shows every merchant. */
  @property({ reflect: true }) filter: HealthFilter = 'all';

  /** `status` lists merchants that need attention first; `name` alphabetically. */
  @property({ reflect: true }) sort: HealthSort = 'status';

  private get client() {
    return this.clients.get(this.endpoint ?? this.api?.endpoint, this.token, this.fetch);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.loadController?.abort();
    for (const c of this.refreshControllers.values()) c.abort();
    this.refreshControllers.clear();
    this.loadedFor = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('reports')) {
      this.data = this.reports;
      this.fetchedAt = this.fetchedAtInput;
    } else if (changed.has('fetchedAtInput')) {
      this.fetchedAt = this.fetchedAtInput;
    }
    // Started here rather than in `updated()` so the loading state is part of this render, not a second one.
    if (this.reports) return;
    const client = this.client;
    const key = client ? `${client.endpoint}\n${this.token}` : undefined;
    if (client && key !== this.loadedFor) {
      this.loadedFor = key;
      void this.reload();
    }
  }

  private handleFilter(e: Event) {
    this.filter = (e.target as HTMLInputElement).value as HealthFilter;
  }

  private handleSort(e: Event) {
    this.sort = (e.target as HTMLSelectElement).value as HealthSort;
  }

  /** Fetches every merchant's report again. */
  async reload(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.loadController?.abort();
    const controller = new AbortController();
    this.loadController = controller;
    this.loading = true;
    this.loadError = undefined;
    try {
      const snapshot = await client.connectionHealth({ signal: controller.signal });
      this.data = snapshot.reports;
      this.fetchedAt = snapshot.fetchedAt;
      this.refreshedAt = new Map();
      this.refreshErrors = new Map();
    } catch (e) {
      if (isAbortError(e)) return;
      this.loadError = e;
    } finally {
      if (this.loadController === controller) this.loading = false;
    }
  }

  /** Re-reads one merchant's report (the service refreshes it) and replaces its row. */
  async refreshMerchant(merchantId: number): Promise<void> {
    const client = this.client;
    if (!client) return;
    const name = this.nameOf(this.data?.find((r) => r.merchant_id === merchantId) ?? { merchant_id: merchantId });
    this.refreshControllers.get(merchantId)?.abort();
    const controller = new AbortController();
    this.refreshControllers.set(merchantId, controller);
    this.refreshing = new Set(this.refreshing).add(merchantId);
    const errors = new Map(this.refreshErrors);
    errors.delete(merchantId);
    this.refreshErrors = errors;
    try {
      const { report, fetchedAt } = await client.refreshMerchant(merchantId, { signal: controller.signal });
      this.data = replaceReport(this.data ?? [], report);
      this.refreshedAt = new Map(this.refreshedAt).set(merchantId, fetchedAt);
      this.announcement = this.t('healthRefreshed', { name: this.nameOf(report) });
      this.emit('tote-health-refresh', { merchant_id: merchantId, report });
      void this.keepFocus(merchantId);
    } catch (e) {
      if (isAbortError(e)) return;
      // The list loaded, so the routes exist: a 404 here is about this merchant.
      const message = operatorErrorMessage((k, p) => this.t(k, p), e, { routesReachable: true });
      this.refreshErrors = new Map(this.refreshErrors).set(merchantId, message);
      this.announcement = this.t('healthRefreshFailed', { name, message });
    } finally {
      if (this.refreshControllers.get(merchantId) === controller) {
        this.refreshControllers.delete(merchantId);
        const next = new Set(this.refreshing);
        next.delete(merchantId);
        this.refreshing = next;
      }
    }
  }

  /**
   * A refresh re-sorts the rows; moving the focused row in the DOM blurs it, and a merchant fixed by the
   * refresh leaves the "needs attention" list altogether. Focus goes back to the button, or to the heading.
   */
  private async keepFocus(merchantId: number) {
    const focused = this.shadowRoot?.activeElement as HTMLElement | null | undefined;
    if (!focused?.closest(`[data-merchant-id="${merchantId}"]`)) return;
    await this.updateComplete;
    if (!focused.isConnected) this.renderRoot.querySelector<HTMLElement>('#title')?.focus();
    else if (this.shadowRoot?.activeElement !== focused) focused.focus();
  }

  private nameOf(report: Pick<ConnectionHealthReport, 'merchant_id' | 'merchant_name'>): string {
    return report.merchant_name || this.t('healthMerchantFallback', { id: report.merchant_id });
  }

  private formatDate(iso: string | null | undefined): string | undefined {
    if (!iso) return undefined;
    // The service also writes offsets without a colon (`+0000`), which `Date` does not read everywhere.
    const date = new Date(iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    if (Number.isNaN(date.getTime())) return undefined;
    return new Intl.DateTimeFormat(this.effectiveLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }

  private formatAgo(iso: string): string {
    const minutes = Math.round((new Date(iso).getTime() - Date.now()) / 60_000);
    const rtf = new Intl.RelativeTimeFormat(this.effectiveLocale, { numeric: 'auto' });
    return Math.abs(minutes) < 60 ? rtf.format(minutes, 'minute') : rtf.format(Math.round(minutes / 60), 'hour');
  }

  private formatNumber(n: number): string {
    return new Intl.NumberFormat(this.effectiveLocale).format(n);
  }

  override render() {
    return html`<section part="base" class="base" aria-labelledby="title">
      <h2 id="title" class="title" tabindex="-1">${this.t('healthTitle')}</h2>
      ${this.renderBody()}
      <p class="sr-only" role="status" aria-live="polite">${this.announcement}</p>
    </section>`;
  }

  private renderBody() {
    if (!this.data) {
      if (this.loadError) return this.renderLoadError();
      if (this.loading) return this.renderLoading();
      if (!this.client) return html`<p part="message" class="message">${this.t('operatorTokenNeeded')}</p>`;
      return this.renderLoading();
    }
    const all = arrangeHealth(this.data, { filter: 'all', sort: this.sort });
    const rows = this.filter === 'attention' ? all.filter((h) => h.needsAttention) : all;
    return html`${this.renderToolbar(all)} ${this.renderFreshness()}
      ${this.loadError ? this.renderLoadError() : nothing}
      ${rows.length
        ? html`<ul part="list" class="list" aria-busy=${this.loading ? 'true' : 'false'}>
            ${repeat(
              rows,
              (h) => h.report.merchant_id,
              (h) => this.renderRow(h),
            )}
          </ul>`
        : html`<p part="message" class="message">
            ${this.t(all.length ? 'healthNoneNeedAttention' : 'healthEmpty')}
          </p>`}`;
  }

  private renderLoading() {
    return html`<div part="message" class="message" role="status">
      <span>${this.t('healthLoading')}</span>
      <div class="skeleton-list" aria-hidden="true">
        ${[0, 1, 2].map(() => html`<div class="skeleton skeleton-row"></div>`)}
      </div>
    </div>`;
  }

  private renderLoadError() {
    return html`<div part="message" class="message error" role="alert">
      <p>${this.t('healthLoadError')} ${operatorErrorMessage((k, p) => this.t(k, p), this.loadError)}</p>
      ${this.client
        ? html`<button type="button" class="button secondary" @click=${() => this.reload()}>${this.t('healthRetry')}</button>`
        : nothing}
    </div>`;
  }

  private renderToolbar(all: MerchantHealth[]) {
    const attention = all.filter((h) => h.needsAttention).length;
    return html`<div part="toolbar" class="toolbar">
      <fieldset class="filter">
        <legend>${this.t('healthShow')}</legend>
        <label
          ><input
            type="radio"
            name="filter"
            value="attention"
            .checked=${this.filter === 'attention'}
            @change=${this.handleFilter}
          />${this.t('healthFilterAttention', { count: attention })}</label
        >
        <label
          ><input type="radio" name="filter" value="all" .checked=${this.filter === 'all'} @change=${this.handleFilter} />${this.t(
            'healthFilterAll',
            { count: all.length },
          )}</label
        >
      </fieldset>
      <label class="sort"
        >${this.t('healthSortBy')}
        <select @change=${this.handleSort}>
          <option value="status" ?selected=${this.sort === 'status'}>${this.t('healthSortStatus')}</option>
          <option value="name" ?selected=${this.sort === 'name'}>${this.t('healthSortName')}</option>
        </select>
      </label>
      ${this.client
        ? html`<button
            type="button"
            part="reload-button"
            class="button secondary"
            aria-disabled=${this.loading ? 'true' : 'false'}
            @click=${() => !this.loading && this.reload()}
          >
            ${this.t('healthReloadAll')}
          </button>`
        : nothing}
    </div>`;
  }

  private renderFreshness() {
    const when = this.formatDate(this.fetchedAt);
    const stale = this.fetchedAt && Date.now() - new Date(this.fetchedAt).getTime() > STALE_AFTER_MS;
    return html`<div part="freshness" class="freshness">
      ${when ? html`<p>${this.t('healthFetchedAt', { when, ago: this.formatAgo(this.fetchedAt!) })}</p>` : nothing}
      ${stale ? html`<p class="stale"><strong>${this.t('healthStale', { ago: this.formatAgo(this.fetchedAt!) })}</strong></p>` : nothing}
      <p>${this.t('healthCacheNote')}</p>
    </div>`;
  }

  private renderRow(health: MerchantHealth) {
    const { report } = health;
    const id = report.merchant_id;
    const name = this.nameOf(report);
    const url = safeUrl(report.store_url);
    const refreshing = this.refreshing.has(id);
    const refreshedAt = this.formatDate(this.refreshedAt.get(id));
    const refreshError = this.refreshErrors.get(id);
    return html`<li part="row" class="row" data-merchant-id=${id} data-severity=${health.severity}>
      <article aria-labelledby="merchant-${id}" aria-busy=${refreshing ? 'true' : 'false'}>
        <header class="row-header">
          <h3 id="merchant-${id}" part="name" class="name">${name}</h3>
          <span part="badge" class="badge" data-severity=${health.severity}>${this.t(SEVERITY_LABEL[health.severity])}</span>
          ${this.client
            ? html`<button
                type="button"
                part="refresh-button"
                class="button secondary refresh"
                aria-label=${this.t('healthRefreshMerchant', { name })}
                aria-disabled=${refreshing ? 'true' : 'false'}
                @click=${() => !refreshing && this.refreshMerchant(id)}
              >
                ${this.t(refreshing ? 'healthRefreshing' : 'healthRefresh')}
              </button>`
            : nothing}
        </header>
        <dl class="meta">
          <div><dt>${this.t('healthPlatform')}</dt><dd>${report.platform ? platformName(report.platform) : '—'}</dd></div>
          <div>
            <dt>${this.t('healthStore')}</dt>
            <dd>
              ${url
                ? html`<a href=${url} target="_blank" rel="noopener noreferrer">${report.store_url}</a>`
                : report.store_url || this.t('healthNoStoreUrl')}
            </dd>
          </div>
          <div class="merchant-status" data-state=${issuesOf(health, 'merchant')[0]?.severity ?? 'ok'}>
            <dt>${this.t('healthMerchantStatus')}</dt>
            <dd>${report.merchant_status ? this.t('merchantStatusLabel', { status: report.merchant_status }) : '—'}</dd>
          </div>
        </dl>
        ${refreshedAt ? html`<p class="refreshed">${this.t('healthMerchantRefreshedAt', { when: refreshedAt })}</p>` : nothing}
        ${refreshError ? html`<p class="refresh-error" role="alert">${refreshError}</p>` : nothing}
        <dl part="checks" class="checks">${(Object.keys(CHECK_LABEL) as CheckName[]).map((c) => this.renderCheck(health, c))}</dl>
      </article>
    </li>`;
  }

  private renderCheck(health: MerchantHealth, check: CheckName) {
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
      <dt>${this.t(CHECK_LABEL[check])}</dt>
      <dd>
        ${this.renderCheckResult(health, check)}
        ${issues.some((i) => i.kind === 'check_failed') ? html`<span class="line">${this.t('checkFailed')}</span>` : nothing}
        ${error ? this.renderCheckError(error.message, error.skus) : nothing}
      </dd>
    </div>`;
  }

  private renderCheckError(message: string, skus: { sku_id?: number; name?: string; message?: string }[]) {
    return html`<div part="check-error" class="check-error">
      <p><strong>${this.t('checkErrorTitle')}</strong> ${message}</p>
      ${skus.length
        ? html`<p>${this.t('checkErrorSkus')}</p>
            <ul class="skus">
              ${skus.map(
                (s) =>
                  html`<li>
                    ${s.sku_id !== undefined ? html`<code>${this.t('checkErrorSku', { id: s.sku_id })}</code>` : nothing}
                    ${s.name ?? ''}${s.message ? html`: ${s.message}` : nothing}
                  </li>`,
              )}
            </ul>`
        : nothing}
    </div>`;
  }

  private renderList(items: string[]): TemplateResult {
    return html`<ul class="codes">
      ${items.map((i) => html`<li><code>${i}</code></li>`)}
    </ul>`;
  }

  private renderCheckResult(health: MerchantHealth, check: CheckName): TemplateResult | string {
    const r = health.report;
    switch (check) {
      case 'connection': {
        if (!r.connection?.results) return this.t('checkNotReported');
        const issues = issuesOf(health, 'connection');
        if (!issues.length) return this.t('connected');
        return html`${issues.map(
          (i) => html`<span class="line"
            >${this.t(i.kind === 'not_connected' ? 'notConnected' : i.kind === 'no_platform_plan' ? 'noPlatformPlan' : 'noShippingMethods')}</span
          >`,
        )}`;
      }
      case 'scope_validation': {
        if (!r.scope_validation?.results && !r.connection?.results?.storeScopes) return this.t('checkNotReported');
        const missing = missingScopes(r);
        if (missing.length) return html`${this.t('scopesMissing', { count: missing.length })} ${this.renderList(missing)}`;
        return issuesOf(health, 'scope_validation').length ? this.t('scopesInvalid') : this.t('scopesValid');
      }
      case 'sync_status': {
        const results = r.sync_status?.results;
        if (!results) return this.t('checkNotReported');
        const progress = syncProgress(r);
        const issues = issuesOf(health, 'sync_status');
        const running = issues.some((i) => i.kind === 'sync_in_progress');
        const last = this.formatDate(results.date_last_synced);
        return html`${progress
            ? html`<span class="line"
                >${this.t('syncProgress', { synced: this.formatNumber(progress.synced), total: this.formatNumber(progress.total) })}</span
              >`
            : html`<span class="line">${this.t('syncNotStarted')}</span>`}
          ${running && progress
            ? html`<progress
                max=${Math.max(progress.total, 1)}
                .value=${progress.synced}
                aria-label=${this.t('syncProgressLabel', { name: this.nameOf(r) })}
              ></progress>`
            : nothing}
          ${running ? html`<span class="line">${this.t('syncRunning')}</span>` : nothing}
          ${issues.some((i) => i.kind === 'sync_failed') ? html`<span class="line">${this.t('syncFailed')}</span>` : nothing}
          ${issues.some((i) => i.kind === 'resync_required')
            ? html`<span class="line">${this.t('syncResyncRequired')}</span>`
            : nothing}
          ${last ? html`<span class="line muted">${this.t('syncLast', { when: last })}</span>` : nothing}`;
      }
      case 'invalid_products': {
        if (!r.invalid_products?.results) return this.t('checkNotReported');
        const issue = issuesOf(health, 'invalid_products').find((i) => i.kind === 'invalid_products');
        if (!issue || issue.kind !== 'invalid_products') return this.t('invalidNone');
        const example = r.invalid_products.results.invalid_product?.name;
        return html`<span class="line">${this.t('invalidCount', { count: issue.count })}</span>
          ${example && issue.issues.length
            ? html`<span class="line">${this.t('invalidExample', { name: example })}</span>
                <ul class="issues">
                  ${issue.issues.map((i) => html`<li>${codeText(i)}</li>`)}
                </ul>`
            : issue.issues.length
              ? html`<ul class="issues">
                  ${issue.issues.map((i) => html`<li>${codeText(i)}</li>`)}
                </ul>`
              : nothing}`;
      }
      case 'offers_published': {
        const results = r.offers_published?.results;
        if (!results) return this.t('checkNotReported');
        return html`<span class="line">${this.t('offersCount', { count: results.count ?? 0 })}</span>
          ${results.sync_complete === false ? html`<span class="line muted">${this.t('offersSyncing')}</span>` : nothing}`;
      }
      case 'payout_account': {
        const account = r.payout_account?.results;
        if (!account) return r.payout_account ? this.t('payoutNone') : this.t('checkNotReported');
        const issues = issuesOf(health, 'payout_account');
        const { currentlyDue, pastDue } = payoutRequirements(r);
        const errors = issues.flatMap((i) => (i.kind === 'payout_errors' ? i.messages : []));
        const provider = account.payment_provider ?? account.paymentService;
        return html`<span class="line"
            >${this.t(issues.some((i) => i.kind === 'payout_incomplete') ? 'payoutIncomplete' : 'payoutComplete')}</span
          >
          ${provider && account.payment_provider_account_id
            ? html`<span class="line muted"
                >${this.t('payoutAccount', { provider, account: account.payment_provider_account_id })}</span
              >`
            : nothing}
          ${currentlyDue.length
            ? html`<span class="line">${this.t('payoutCurrentlyDue')}</span> ${this.renderList(currentlyDue)}`
            : nothing}
          ${pastDue.length ? html`<span class="line">${this.t('payoutPastDue')}</span> ${this.renderList(pastDue)}` : nothing}
          ${errors.length
            ? html`<ul class="issues">
                ${errors.map((m) => html`<li>${m}</li>`)}
              </ul>`
            : nothing}`;
      }
      case 'commission_rate': {
        const rate = r.commission_rate;
        if (!rate) return this.t('checkNotReported');
        const errors = [rate.error, ...(rate.overrides ?? []).map((o) => o.error)].filter((e) => e != null);
        return html`${rate.default_rate != null
            ? html`<span class="line">${this.t('commissionDefault', { rate: this.formatNumber(rate.default_rate) })}</span>`
            : nothing}
          ${(rate.overrides ?? []).map(
            (o) =>
              html`<span class="line muted"
                >${this.t('commissionOverride', {
                  app: o.app_id ?? '—',
                  rate: o.rate != null ? this.formatNumber(o.rate) : '—',
                  locked: o.commission_locked ? this.t('commissionLocked') : '',
                })}</span
              >`,
          )}
          ${errors.map((e) => this.renderCheckError(e.message ?? e.error ?? '', e.data?.skus ?? []))}`;
      }
      case 'migration': {
        if (!r.migration?.results) return this.t('checkNotReported');
        return this.t(r.migration.results === 'MIGRATION_REQUIRED' ? 'migrationRequired' : 'migrationNotRequired');
      }
    }
  }
}

