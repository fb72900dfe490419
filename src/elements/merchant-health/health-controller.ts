/**
 * The data behind `<tote-merchant-health>` as a reactive controller: the
 * reports on show, loading every merchant's report (a newer load aborts the
 * one still running), and re-reading single merchants, each abortable on its
 * own. The element words the outcomes and renders.
 *
 * Plain `AbortController`s, one per merchant's re-read: not yet on the one
 * `Loader` (`state/loader.ts`) the other elements' I/O goes through (issue 31).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ConnectionHealthReport } from '../../contract/operations.js';
import { isAbortError } from '../../state/api-client.js';
import type { MerchantHealthSnapshot, OperatorApi } from '../../state/operator-client.js';
import { replaceReport } from './health-model.js';

/**
 * What the element does when a merchant's re-read ends. Called as soon as the
 * answer is in, before the rows re-render, so the element can still see
 * which control had focus.
 */
export interface RefreshOutcome {
  done(snapshot: MerchantHealthSnapshot): void;
  failed(error: unknown): void;
}

function without<K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> {
  const next = new Map(map);
  next.delete(key);
  return next;
}

export class HealthController implements ReactiveController {
  /** The reports on show: given by the element's `reports`, or loaded. */
  data?: ConnectionHealthReport[];
  /** When `data` was fetched (ISO 8601). */
  fetchedAt?: string;
  /** Merchants being re-read now. */
  refreshing: ReadonlySet<number> = new Set();
  /** When each merchant re-read since the last full load was fetched. */
  refreshedAt: ReadonlyMap<number, string> = new Map();
  /** Why each merchant's last re-read failed. */
  refreshErrors: ReadonlyMap<number, unknown> = new Map();

  /** A full load is running. */
  loading = false;
  /** Why the last full load failed; cleared when the next one starts. */
  loadError?: unknown;

  /** Endpoint and token of the last load, so a new token loads again. */
  #loadedFor?: string;
  #loadController?: AbortController;
  readonly #refreshControllers = new Map<number, AbortController>();

  readonly #host: ReactiveControllerHost;
  /** The operator client for the element's endpoint and token; none without a token. */
  readonly #client: () => OperatorApi | undefined;

  constructor(host: ReactiveControllerHost, client: () => OperatorApi | undefined) {
    this.#host = host;
    this.#client = client;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.#loadController?.abort();
    for (const c of this.#refreshControllers.values()) c.abort();
    this.#refreshControllers.clear();
    this.refreshing = new Set();
    this.#loadedFor = undefined;
  }

  /** Shows reports the element was given instead of loaded ones. */
  show(reports: ConnectionHealthReport[] | undefined, fetchedAt: string | undefined): void {
    this.data = reports;
    this.fetchedAt = fetchedAt;
  }

  /**
   * Loads unless this endpoint and token were loaded already. The element
   * calls it from `willUpdate`, so the loading state is part of that render,
   * not a second one.
   */
  loadFor(token: string | undefined): void {
    const client = this.#client();
    const key = client ? `${client.endpoint}\n${token}` : undefined;
    if (client && key !== this.#loadedFor) {
      this.#loadedFor = key;
      void this.reload();
    }
  }

  /** Fetches every merchant's report again; resolves when this load ends or a newer one replaces it. */
  async reload(): Promise<void> {
    const client = this.#client();
    if (!client) return;
    this.#loadController?.abort();
    const controller = new AbortController();
    this.#loadController = controller;
    this.loading = true;
    this.loadError = undefined;
    this.#host.requestUpdate();
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
      if (this.#loadController === controller) this.loading = false;
      this.#host.requestUpdate();
    }
  }

  /** Re-reads one merchant's report (the service refreshes it) and replaces its row. */
  async refresh(merchantId: number, outcome: RefreshOutcome): Promise<void> {
    const client = this.#client();
    if (!client) return;
    this.#refreshControllers.get(merchantId)?.abort();
    const controller = new AbortController();
    this.#refreshControllers.set(merchantId, controller);
    this.refreshing = new Set(this.refreshing).add(merchantId);
    this.refreshErrors = without(this.refreshErrors, merchantId);
    this.#host.requestUpdate();
    try {
      const snapshot = await client.refreshMerchant(merchantId, { signal: controller.signal });
      this.data = replaceReport(this.data ?? [], snapshot.report);
      this.refreshedAt = new Map(this.refreshedAt).set(merchantId, snapshot.fetchedAt);
      outcome.done(snapshot);
    } catch (e) {
      if (isAbortError(e)) return;
      this.refreshErrors = new Map(this.refreshErrors).set(merchantId, e);
      outcome.failed(e);
    } finally {
      // A newer re-read of the same merchant owns the "refreshing" state now.
      if (this.#refreshControllers.get(merchantId) === controller) {
        this.#refreshControllers.delete(merchantId);
        const next = new Set(this.refreshing);
        next.delete(merchantId);
        this.refreshing = next;
      }
      this.#host.requestUpdate();
    }
  }
}
