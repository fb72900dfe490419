import { html, nothing, type PropertyValues } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ConnectionHealthReport } from '../../contract/operations.js';
import type { ToteApi } from '../../state/api-client.js';
import type { ProvidedName } from '../internal/provider-controller.js';
import { OperatorClientCache, operatorErrorMessage } from '../internal/operator.js';
import type { MessageArea } from '../../i18n/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import { HealthController } from './health-controller.js';
import { arrangeHealth, type HealthFilter, type HealthSort, type MerchantHealth } from './health-model.js';
import { renderRow } from './health-row.js';
import { healthText, type HealthText } from './health-text.js';
import { styles } from './merchant-health.styles.js';
import '../../i18n/areas/operator.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-merchant-health': ToteMerchantHealth;
  }
}

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

  static override properties = {
    api: { state: true },
    announcement: { state: true },
    reports: { attribute: false },
    fetchedAtInput: { attribute: 'fetched-at' },
    endpoint: {},
    token: {},
    fetch: { attribute: false },
    filter: { reflect: true },
    sort: { reflect: true },
  };

  static override provided: readonly ProvidedName[] = ['api'];

  declare private api?: ToteApi;

  readonly #clients = new OperatorClientCache();
  readonly #health = new HealthController(this, () => this.#client);

  private announcement = '';

  /** The reports to show; when set, the element does not fetch them itself. */
  declare reports?: ConnectionHealthReport[];

  /** When `reports` were fetched (ISO 8601); shown with the 24-hour note. */
  declare fetchedAtInput?: string;

  /** Base URL of the BFF; defaults to the provider's endpoint. */
  declare endpoint?: string;

  /** The operator token (`TOTE_OPERATOR_TOKEN`), sent as `Authorization: Bearer`. Prefer the property over the attribute. */
  declare token?: string;

  /** For tests and custom transports: the `fetch` the operator client uses. */
  declare fetch?: typeof globalThis.fetch;

  /** `attention` shows only merchants that need attention; `all` shows every merchant. */
  filter: HealthFilter = 'all';

  /** `status` lists merchants that need attention first; `name` alphabetically. */
  sort: HealthSort = 'status';

  get #client() {
    return this.#clients.get(this.endpoint ?? this.api?.endpoint, this.token, this.fetch);
  }

  get #text(): HealthText {
    return healthText((k, p) => this.t(k, p), this.effectiveLocale);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('reports')) this.#health.show(this.reports, this.fetchedAtInput);
    else if (changed.has('fetchedAtInput')) this.#health.fetchedAt = this.fetchedAtInput;
    if (!this.reports) this.#health.loadFor(this.token);
  }

  #handleFilter(e: Event) {
    this.filter = (e.target as HTMLInputElement).value as HealthFilter;
  }

  #handleSort(e: Event) {
    this.sort = (e.target as HTMLSelectElement).value as HealthSort;
  }

  /** Fetches every merchant's report again. */
  reload(): Promise<void> {
    return this.#health.reload();
  }

  /** Re-reads one merchant's report (the service refreshes it) and replaces its row. */
  refreshMerchant(merchantId: number): Promise<void> {
    const text = this.#text;
    const name = text.nameOf(this.#health.data?.find((r) => r.merchant_id === merchantId) ?? { merchant_id: merchantId });
    return this.#health.refresh(merchantId, {
      done: ({ report }) => {
        this.announcement = this.t('healthRefreshed', { name: text.nameOf(report) });
        this.emit('tote-health-refresh', { merchant_id: merchantId, report });
        void this.#keepFocus(merchantId);
      },
      failed: (error) => {
        this.announcement = this.t('healthRefreshFailed', { name, message: this.#refreshErrorMessage(error) });
      },
    });
  }

  /**
   * A refresh re-sorts the rows; moving the focused row in the DOM blurs it, and a merchant fixed by the
   * refresh leaves the "needs attention" list altogether. Focus goes back to the button, or to the heading.
   */
  async #keepFocus(merchantId: number) {
    const focused = this.shadowRoot?.activeElement as HTMLElement | null | undefined;
    if (!focused?.closest(`[data-merchant-id="${merchantId}"]`)) return;
    await this.updateComplete;
    if (!focused.isConnected) this.renderRoot.querySelector<HTMLElement>('#title')?.focus();
    else if (this.shadowRoot?.activeElement !== focused) focused.focus();
  }

  /** The list loaded, so the routes exist: a 404 on a re-read is about that merchant. */
  #refreshErrorMessage(error: unknown): string {
    return operatorErrorMessage((k, p) => this.t(k, p), error, { routesReachable: true });
  }

  override render() {
    return html`<section part="base" class="base" aria-labelledby="title">
      <h2 id="title" class="title" tabindex="-1">${this.t('healthTitle')}</h2>
      ${this.#renderBody()}
      <p class="sr-only" role="status" aria-live="polite">${this.announcement}</p>
    </section>`;
  }

  #renderBody() {
    const { data, loading, loadError } = this.#health;
    if (!data) {
      if (loadError) return this.#renderLoadError();
      if (loading) return this.#renderLoading();
      if (!this.#client) return html`<p part="message" class="message">${this.t('operatorTokenNeeded')}</p>`;
      return this.#renderLoading();
    }
    const all = arrangeHealth(data, { filter: 'all', sort: this.sort });
    const rows = this.filter === 'attention' ? all.filter((h) => h.needsAttention) : all;
    return html`${this.#renderToolbar(all)} ${this.#renderFreshness()}
      ${loadError ? this.#renderLoadError() : nothing}
      ${rows.length
        ? html`<ul part="list" class="list" aria-busy=${loading ? 'true' : 'false'}>
            ${repeat(
              rows,
              (h) => h.report.merchant_id,
              (h) => this.#renderMerchant(h),
            )}
          </ul>`
        : html`<p part="message" class="message">
            ${this.t(all.length ? 'healthNoneNeedAttention' : 'healthEmpty')}
          </p>`}`;
  }

  #renderMerchant(health: MerchantHealth) {
    const id = health.report.merchant_id;
    const text = this.#text;
    const error = this.#health.refreshErrors.get(id);
    return renderRow(health, text, {
      running: this.#health.refreshing.has(id),
      at: text.date(this.#health.refreshedAt.get(id)),
      error: error === undefined ? undefined : this.#refreshErrorMessage(error),
      start: this.#client ? () => void this.refreshMerchant(id) : undefined,
    });
  }

  #renderLoading() {
    return html`<div part="message" class="message" role="status">
      <span>${this.t('healthLoading')}</span>
      <div class="skeleton-list" aria-hidden="true">
        ${[0, 1, 2].map(() => html`<div class="skeleton skeleton-row"></div>`)}
      </div>
    </div>`;
  }

  #renderLoadError() {
    return html`<div part="message" class="message error" role="alert">
      <p>${this.t('healthLoadError')} ${operatorErrorMessage((k, p) => this.t(k, p), this.#health.loadError)}</p>
      ${this.#client
        ? html`<button type="button" class="button secondary" @click=${() => this.reload()}>${this.t('healthRetry')}</button>`
        : nothing}
    </div>`;
  }

  #renderToolbar(all: MerchantHealth[]) {
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
            @change=${this.#handleFilter}
          />${this.t('healthFilterAttention', { count: attention })}</label
        >
        <label
          ><input type="radio" name="filter" value="all" .checked=${this.filter === 'all'} @change=${this.#handleFilter} />${this.t(
            'healthFilterAll',
            { count: all.length },
          )}</label
        >
      </fieldset>
      <label class="sort"
        >${this.t('healthSortBy')}
        <select @change=${this.#handleSort}>
          <option value="status" ?selected=${this.sort === 'status'}>${this.t('healthSortStatus')}</option>
          <option value="name" ?selected=${this.sort === 'name'}>${this.t('healthSortName')}</option>
        </select>
      </label>
      ${this.#client
        ? html`<button
            type="button"
            part="reload-button"
            class="button secondary"
            aria-disabled=${this.#health.loading ? 'true' : 'false'}
            @click=${() => !this.#health.loading && this.reload()}
          >
            ${this.t('healthReloadAll')}
          </button>`
        : nothing}
    </div>`;
  }

  #renderFreshness() {
    const { fetchedAt } = this.#health;
    const text = this.#text;
    const when = text.date(fetchedAt);
    const stale = fetchedAt && Date.now() - new Date(fetchedAt).getTime() > STALE_AFTER_MS;
    return html`<div part="freshness" class="freshness">
      ${when ? html`<p>${this.t('healthFetchedAt', { when, ago: text.ago(fetchedAt!) })}</p>` : nothing}
      ${stale ? html`<p class="stale"><strong>${this.t('healthStale', { ago: text.ago(fetchedAt!) })}</strong></p>` : nothing}
      <p>${this.t('healthCacheNote')}</p>
    </div>`;
  }
}
