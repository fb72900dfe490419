import { html, nothing } from 'lit';
import type { DeskHistoryResponse, DeskOrder } from '../../contract/after-order.js';
import type { DeskEvent } from '../../contract/webhook-events.js';
import { bagCancelState } from '../../contract/cancel-window.js';
import { formatMoney } from '../../contract/money.js';
import { ApiRequestError, isAbortError, type ToteApi } from '../../state/api-client.js';
import { Loader } from '../../state/loader.js';
import type { OperatorApi } from '../../state/operator-client.js';
import type { ProvidedName } from '../internal/provider-controller.js';
import type { MessageArea, MessageKey } from '../../i18n/localize.js';
import { OperatorClientCache, operatorErrorMessage } from '../internal/operator.js';
import { ToteElement } from '../internal/tote-element.js';
import { renderBagHistory } from './desk-history.js';
import { renderWebhooks } from './desk-webhooks.js';
import { orderDeskStyles } from './order-desk.styles.js';
import '../../i18n/areas/operator.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-order-desk': ToteOrderDesk;
  }
}

type DeskBag = DeskOrder['bags'][number];

const ATTENTION: Record<NonNullable<DeskBag['attention']>, MessageKey> = {
  rejected: 'deskAttentionRejected',
  failed: 'deskAttentionFailed',
  stuck: 'deskAttentionStuck',
};

/**
 * @summary For a channel's support desk: finds orders by number, `app_order_id` or the shopper's email (the
 * orders that need attention first), shows each bag's state, amounts and tracking and, on request, the webhook
 * events the BFF received for it (newest first), and cancels a bag with a reason and whether to restock and tell the shopper; lists the service's webhook deliveries, failed first, and
 * asks the service to redeliver a failed one. Behind the operator token, like `<tote-merchant-health>`.
 *
 * @csspart base - The root.
 * @csspart order - One order.
 * @csspart bag - One bag.
 * @csspart cancel-button - The button that opens a bag's cancel form.
 * @csspart history-button - The button that shows or hides a bag's history.
 * @csspart history - A bag's history: the events received, or that none were.
 * @csspart webhook - One webhook delivery.
 * @csspart message - Loading, empty, error and token messages.
 */
export class ToteOrderDesk extends ToteElement {
  static override messageArea: MessageArea = 'operator';

  static override styles = orderDeskStyles;

  static override properties = {
    api: { state: true },
    endpoint: {},
    token: {},
    fetch: { attribute: false },
    orders: { attribute: false },
    events: { attribute: false },
    redelivering: { state: true },
    cancelling: { state: true },
    sending: { state: true },
    announcement: { state: true },
    histories: { state: true },
    historyOpen: { state: true },
  };

  static override provided: readonly ProvidedName[] = ['api'];

  declare private api?: ToteApi;
  readonly #clients = new OperatorClientCache();

  /** Base URL of the BFF; defaults to the provider's endpoint. */
  declare endpoint?: string;
  /** The operator token (`TOTE_OPERATOR_TOKEN`), sent as `Authorization: Bearer`. Prefer the property over the attribute. */
  declare token?: string;
  /** For tests and custom transports: the `fetch` the operator client uses. */
  declare fetch?: typeof globalThis.fetch;
  /** The orders shown (fetched by the element; may be given). */
  orders: DeskOrder[] = [];
  /** The service's webhook deliveries shown (fetched by the element; may be given). */
  events: DeskEvent[] = [];

  private redelivering?: number;
  private cancelling?: { order: number; bag: number };
  private sending = false;
  private announcement = '';
  /** Per order read, its bags' histories. */
  private histories = new Map<number, DeskHistoryResponse['bags']>();
  /** The bags whose history is shown, as `order:bag`. */
  private historyOpen = new Set<string>();
  #query = '';
  #loadedFor = '';

  get #client() {
    return this.#clients.get(this.endpoint ?? this.api?.endpoint, this.token, this.fetch);
  }

  protected override updated(): void {
    // A new token, endpoint or provider: search again with it.
    const key = `${this.endpoint ?? this.api?.endpoint}|${this.token ?? ''}`;
    if (key !== this.#loadedFor && this.#client) {
      this.#loadedFor = key;
      void this.search(this.#query);
      void this.loadWebhooks();
    }
  }

  /** The orders found: a newer search aborts the one still running. */
  readonly #search = new Loader<readonly [OperatorApi, string], DeskOrder[]>(this, {
    autoRun: false,
    task: ([client, q], { signal }) => client.orders(q, { signal }),
    onComplete: (orders) => (this.orders = orders),
  });

  readonly #webhooks = new Loader<readonly [OperatorApi], DeskEvent[]>(this, {
    autoRun: false,
    task: ([client], { signal }) => client.webhookEvents({ signal }),
    onComplete: (events) => (this.events = events),
    onError: (e) => (this.announcement = operatorErrorMessage((k, p) => this.t(k, p), e, { routesReachable: true })),
  });

  private get loading(): boolean {
    return this.#search.status === 1;
  }

  /** Why the last search failed. */
  private get problem(): string {
    return this.#search.status === 3 ? operatorErrorMessage((k, p) => this.t(k, p), this.#search.error, { routesReachable: false }) : '';
  }

  /** Searches (an empty query lists the latest orders, attention first). */
  async search(q: string): Promise<void> {
    const client = this.#client;
    this.#query = q.trim();
    if (client) await this.#search.run([client, this.#query]);
  }

  /** Reads the service's webhook deliveries again. */
  async loadWebhooks(): Promise<void> {
    const client = this.#client;
    if (client) await this.#webhooks.run([client]);
  }

  async #redeliver(event: DeskEvent): Promise<void> {
    const client = this.#client;
    if (!client || this.redelivering !== undefined) return;
    this.redelivering = event.id;
    try {
      const copy = await client.redeliver(event);
      this.announcement = this.t('deskRedelivered', { id: event.id, copy: copy.id });
      await this.loadWebhooks();
    } catch (e) {
      if (!isAbortError(e)) this.announcement = operatorErrorMessage((k, p) => this.t(k, p), e, { routesReachable: true });
    } finally {
      this.redelivering = undefined;
    }
  }

  async #toggleHistory(orderId: number, bagId: number): Promise<void> {
    const key = `${orderId}:${bagId}`;
    const open = new Set(this.historyOpen);
    if (open.delete(key)) {
      this.historyOpen = open;
      return;
    }
    this.historyOpen = open.add(key);
    // Read again at each opening: events keep arriving while the desk is open.
    await this.#loadHistory(orderId);
  }

  async #loadHistory(orderId: number): Promise<void> {
    const client = this.#client;
    if (!client) return;
    const histories = new Map(this.histories);
    histories.delete(orderId);
    this.histories = histories;
    try {
      const bags = await client.orderHistory(orderId);
      this.histories = new Map(this.histories).set(orderId, bags);
    } catch (e) {
      if (isAbortError(e)) return;
      this.historyOpen = new Set([...this.historyOpen].filter((k) => !k.startsWith(`${orderId}:`)));
      this.announcement = operatorErrorMessage((k, p) => this.t(k, p), e, { routesReachable: true });
    }
  }

  async #cancel(event: SubmitEvent, order: DeskOrder, bag: DeskBag): Promise<void> {
    event.preventDefault();
    const client = this.#client;
    const form = event.target as HTMLFormElement;
    if (!client || this.sending || !form.reportValidity()) return;
    const data = new FormData(form);
    this.sending = true;
    try {
      const body = { reason: String(data.get('reason')).trim(), restock_items: data.has('restock'), notify_customer: data.has('notify') };
      const updated = await client.cancelBag(order.id, bag.id, body);
      this.orders = this.orders.map((o) => (o.id === updated.id ? updated : o));
      this.cancelling = undefined;
      this.announcement = this.t('deskCancelled', { bag: bag.id, order: order.id });
      if ([...this.historyOpen].some((k) => k.startsWith(`${order.id}:`))) void this.#loadHistory(order.id);
    } catch (e) {
      this.announcement =
        e instanceof ApiRequestError && e.code === 'not_cancelable'
          ? this.t('deskCancelRefused')
          : operatorErrorMessage((k, p) => this.t(k, p), e, { routesReachable: true });
    } finally {
      this.sending = false;
    }
  }

  override render() {
    const message = !this.token
      ? this.t('operatorTokenNeeded')
      : this.problem || (this.loading ? this.t('deskLoading') : this.orders.length ? '' : this.t('deskEmpty'));
    return html`<section part="base" aria-labelledby="desk-title" aria-busy=${this.loading ? 'true' : 'false'}>
      <h2 id="desk-title">${this.t('deskTitle')}</h2>
      <form
        class="search"
        role="search"
        @submit=${(e: SubmitEvent) => {
          e.preventDefault();
          void this.search(String(new FormData(e.target as HTMLFormElement).get('q') ?? ''));
        }}
      >
        <label>${this.t('deskSearch')}<input type="search" name="q" maxlength="254" autocomplete="off" /></label>
        <button class="button" type="submit">${this.t('deskSearchButton')}</button>
        <button class="button secondary" type="button" @click=${() => this.search('')}>${this.t('deskShowAll')}</button>
      </form>
      <p part="message" role="status" class=${this.problem ? 'error' : ''}>${message}</p>
      <p class="sr-only" role="status">${this.announcement}</p>
      <ol>
        ${this.orders.map((o) => this.#renderOrder(o))}
      </ol>
      ${this.token
        ? renderWebhooks({
            t: (k, p) => this.t(k, p),
            events: this.events,
            redelivering: this.redelivering,
            redeliver: (e) => void this.#redeliver(e),
            reload: () => void this.loadWebhooks(),
          })
        : nothing}
    </section>`;
  }

  #renderOrder(order: DeskOrder) {
    return html`<li>
      <article part="order" data-order=${order.id} ?data-attention=${order.needs_attention} aria-labelledby="order-${order.id}">
        <h3 id="order-${order.id}">${this.t('deskOrder', { id: order.id })}${order.needs_attention ? html` · <span class="attention">${this.t('deskNeedsAttention')}</span>` : nothing}</h3>
        ${order.app_order_id ? html`<p>${this.t('deskAppOrderId', { id: order.app_order_id })}</p>` : nothing}
        ${order.bags.map((b) => this.#renderBag(order, b))}
      </article>
    </li>`;
  }

  #renderBag(order: DeskOrder, bag: DeskBag) {
    const shop = bag.merchant_name ?? `#${bag.merchant_id}`;
    const open = this.cancelling?.order === order.id && this.cancelling.bag === bag.id;
    // The desk does not judge the shopper's window (the service decides); shipped or over bags get no button.
    const cancelable = !bagCancelState(bag);
    return html`<div class="bag" part="bag" data-bag=${bag.id} data-status=${bag.status ?? ''}>
      <h4>${shop}</h4>
      ${bag.attention ? html`<p class="attention" data-attention=${bag.attention}>${this.t(ATTENTION[bag.attention])}</p>` : nothing}
      <dl>
        <div><dt>${this.t('deskState')}</dt><dd data-field="status">${bag.status ?? '—'}</dd></div>
        <div><dt>${this.t('deskPayment')}</dt><dd>${bag.financial_status ?? '—'}</dd></div>
        <div><dt>${this.t('deskDelivery')}</dt><dd>${bag.fulfillment_status ?? '—'}</dd></div>
        <div><dt>${this.t('deskTotal')}</dt><dd>${bag.total != null && bag.currency ? formatMoney(bag.total, bag.currency, this.effectiveLocale) : '—'}</dd></div>
      </dl>
      ${bag.tracking.map((t) => (t.tracking_number ? html`<p>${this.t('deskTracking', { number: t.tracking_number })}</p>` : nothing))}
      ${renderBagHistory({
        t: (k, p) => this.t(k, p),
        locale: this.effectiveLocale,
        orderId: order.id,
        bagId: bag.id,
        open: this.historyOpen.has(`${order.id}:${bag.id}`),
        entries: this.histories.has(order.id) ? (this.histories.get(order.id)!.find((h) => h.bag_id === bag.id)?.history ?? []) : undefined,
        toggle: () => void this.#toggleHistory(order.id, bag.id),
      })}
      ${!cancelable
        ? nothing
        : open
          ? html`<form class="cancel" @submit=${(e: SubmitEvent) => this.#cancel(e, order, bag)}>
              <label>${this.t('deskCancelReason')}<textarea name="reason" required maxlength="500"></textarea></label>
              <div class="checks">
                <label><input type="checkbox" name="restock" checked />${this.t('deskRestock')}</label>
                <label><input type="checkbox" name="notify" checked />${this.t('deskNotify')}</label>
              </div>
              <div>
                <button class="button" type="submit" ?disabled=${this.sending}>${this.sending ? this.t('deskCancelSending') : this.t('deskCancelConfirm')}</button>
                <button class="button secondary" type="button" @click=${() => (this.cancelling = undefined)}>${this.t('deskCancelKeep')}</button>
              </div>
            </form>`
          : html`<button part="cancel-button" class="button secondary" type="button" @click=${() => (this.cancelling = { order: order.id, bag: bag.id })}>
              ${this.t('deskCancelBag', { shop })}
            </button>`}
    </div>`;
  }
}
