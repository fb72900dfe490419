/**
 * The data behind `<tote-merchant-health>` as a reactive controller: the
 * reports on show, loading every merchant's report (a newer load aborts the
 * one still running), and re-reading single merchants, each abortable on its
 * own. The element words the outcomes and renders.
 *
 * Each load is a `Loader` (`state/loader.ts`), as all element I/O: one for
 * the full load, one per merchant re-read.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ConnectionHealthReport } from '../../contract/operations.js';
import { Loader } from '../../state/loader.js';
import type { ConnectionHealthSnapshot, MerchantHealthSnapshot, OperatorApi } from '../../state/operator-client.js';
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
  /** When each merchant re-read since the last full load was fetched. */
  refreshedAt: ReadonlyMap<number, string> = new Map();
  /** Why each merchant's last re-read failed. */
  refreshErrors: ReadonlyMap<number, unknown> = new Map();

  /** Endpoint and token of the last load, so a new token loads again. */
  #loadedFor?: string;
  /** Every merchant's report: a newer load aborts the one still running. */
  readonly #load: Loader<readonly [OperatorApi], ConnectionHealthSnapshot>;
  /** One loader per merchant re-read, and what the element does when that merchant's re-read ends. */
  readonly #refreshers = new Map<number, Loader<readonly [OperatorApi], MerchantHealthSnapshot>>();
  readonly #outcomes = new Map<number, RefreshOutcome>();

  readonly #host: ReactiveControllerHost;
  /** The operator client for the element's endpoint and token; none without a token. */
  readonly #client: () => OperatorApi | undefined;

  constructor(host: ReactiveControllerHost, client: () => OperatorApi | undefined) {
    this.#host = host;
    this.#client = client;
    host.addController(this);
    this.#load = new Loader(host, {
      autoRun: false,
      task: ([api], { signal }) => api.connectionHealth({ signal }),
      onComplete: (snapshot) => {
        this.data = snapshot.reports;
        this.fetchedAt = snapshot.fetchedAt;
        this.refreshedAt = new Map();
        this.refreshErrors = new Map();
      },
    });
  }

  /** A full load is running. */
  get loading(): boolean {
    return this.#load.status === 1;
  }

  /** Why the last full load failed; cleared when the next one starts. */
  get loadError(): unknown {
    return this.#load.status === 3 ? this.#load.error : undefined;
  }

  /** Merchants being re-read now. */
  get refreshing(): ReadonlySet<number> {
    return new Set([...this.#refreshers].filter(([, loader]) => loader.status === 1).map(([id]) => id));
  }

  hostDisconnected(): void {
    // The loaders abort what is running; back on the page, the element loads again.
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
    if (client) await this.#load.run([client]);
  }

  /** Re-reads one merchant's report (the service refreshes it) and replaces its row. */
  async refresh(merchantId: number, outcome: RefreshOutcome): Promise<void> {
    const client = this.#client();
    if (!client) return;
    // A newer re-read of the same merchant aborts the last, whose outcome is never told.
    this.#outcomes.set(merchantId, outcome);
    this.refreshErrors = without(this.refreshErrors, merchantId);
    await this.#refresher(merchantId).run([client]);
  }

  #refresher(merchantId: number): Loader<readonly [OperatorApi], MerchantHealthSnapshot> {
    let loader = this.#refreshers.get(merchantId);
    if (!loader) {
      loader = new Loader(this.#host, {
        autoRun: false,
        task: ([api], { signal }) => api.refreshMerchant(merchantId, { signal }),
        // Told as soon as the answer is in, before the rows re-render (see RefreshOutcome).
        onComplete: (snapshot) => {
          this.data = replaceReport(this.data ?? [], snapshot.report);
          this.refreshedAt = new Map(this.refreshedAt).set(merchantId, snapshot.fetchedAt);
          this.#outcomes.get(merchantId)?.done(snapshot);
        },
        onError: (e) => {
          this.refreshErrors = new Map(this.refreshErrors).set(merchantId, e);
          this.#outcomes.get(merchantId)?.failed(e);
        },
      });
      this.#refreshers.set(merchantId, loader);
    }
    return loader;
  }
}
