import { html, nothing, type PropertyValues } from 'lit';
import { ContextConsumer } from '@lit/context';
import type { BagEvent } from '../../contract/api.js';
import { formatMoney } from '../../contract/money.js';
import type { ShopperBag as Bag, ShopperOrder as Order } from '../../contract/shopper-order.js';
import { shownFulfillmentStatus } from '../../contract/statuses.js';
import { type EventStream, type ToteApi, isAbortError } from '../../state/api-client.js';
import { bagStatus } from '../../contract/statuses.js';
import { apiContext } from '../../state/context.js';
import { safeUrl } from '../internal/safe-url.js';
import type { MessageArea, MessageKey } from '../../i18n/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import { orderStatusStyles } from './order-status.styles.js';
import '../../i18n/areas/orders.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-order-status': ToteOrderStatus;
  }
}

/** Status values the service documents, each with its own string; any other is shown as spelled. */
const STATUS_LABEL: Partial<Record<string, MessageKey>> = {
  IN_PROGRESS: 'statusInProgress',
  SUBMITTED: 'statusSubmitted',
  ACCEPTED: 'statusAccepted',
  REJECTED: 'statusRejected',
  COMPLETED: 'statusCompleted',
  CANCELED: 'statusCanceled',
  REFUNDED: 'statusRefunded',
  PARTIALLY_REFUNDED: 'statusPartiallyRefunded',
  BACKORDERED: 'statusBackordered',
  UNPAID: 'statusUnpaid',
  AUTHORIZED: 'statusAuthorized',
  PAID: 'statusPaid',
  VOIDED: 'statusVoided',
  PENDING: 'statusPending',
  PARTIALLY_PAID: 'statusPartiallyPaid',
  PROCESSING: 'statusProcessing',
  SHIPPED: 'statusShipped',
  PARTIALLY_SHIPPED: 'statusPartiallyShipped',
  DELIVERED: 'statusDelivered',
};

const GOOD = new Set(['ACCEPTED', 'COMPLETED', 'PAID', 'SHIPPED', 'DELIVERED', 'AUTHORIZED']);
const BAD = new Set(['REJECTED', 'CANCELED', 'VOIDED', 'REFUNDED']);

/**
 * Applies one bag event to an order (events may arrive for bags the order shows, in any order of fields).
 * An event that carries the whole bag replaces it, so new fulfillments and tracking links show at once.
 */
export function applyBagEvent(order: Order, event: BagEvent): Order {
  if (event.order_id !== order.id) return order;
  return {
    ...order,
    bags: order.bags.map((b) => {
      if (b.id !== event.bag_id) return b;
      const next = event.bag ? { ...b, ...event.bag, id: b.id } : b;
      return {
        ...next,
        status: event.status ?? next.status,
        bag_status: event.status ?? next.bag_status,
        financial_status: event.financial_status ?? next.financial_status,
        fulfillment_status: event.fulfillment_status ?? next.fulfillment_status,
      };
    }),
  };
}

/**
 * @summary A placed order: each bag's status, financial status and fulfillment status, updated live from the
 * BFF's event stream (reconnecting after a drop), with tracking links when a fulfillment has one; below them,
 * loaded on demand, each bag's items and refunds and the cancel controls (`<tote-order-changes>`).
 *
 * @event tote-order-cancel - Cancelable; the shopper confirmed a cancel; detail `{ order_id, bag_id, reason }`.
 *
 * @csspart base - The root.
 * @csspart bag - One bag.
 * @csspart status - A bag's status badge.
 * @csspart tracking - A tracking link.
 */
export class ToteOrderStatus extends ToteElement {
  static override messageArea: MessageArea = 'orders';
  static override styles = orderStatusStyles;

  /** Registers `<tote-order-changes>` on demand; set by `order-status.ts` (the class alone registers nothing). */
  static loadChanges?: () => Promise<unknown>;

  static override properties = {
    api: { attribute: false },
    orderId: { attribute: 'order-id', type: Number },
    access: {},
    order: { attribute: false },
    noLive: { type: Boolean, attribute: 'no-live' },
    loading: { state: true },
    failed: { state: true },
    connection: { state: true },
  };

  /** The BFF client; taken from `<tote-provider>` when not set. */
  declare api?: ToteApi;
  // The nearest `<tote-provider>`'s BFF client, written into `api` when it gives it and whenever it changes.
  readonly #apiConsumer = new ContextConsumer(this, { context: apiContext, subscribe: true, callback: (api) => (this.api = api) });

  /** The order id. */
  declare orderId?: number;
  /** The access handle the BFF returned with the order. */
  access = '';
  /** The order to show (set by the element as it loads; may be given directly). */
  declare order?: Order;
  /** Shows the order without opening the live stream. */
  noLive = false;

  private loading = false;
  private failed = false;
  private connection: 'idle' | 'live' | 'reconnecting' = 'idle';

  #stream?: EventStream;
  #controller?: AbortController;
  #streamKey = '';

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) this.#connect();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#disconnect();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Items, refunds and cancelling load apart: the checkout's confirmation does not wait for them.
    if (this.order && this.access) void ToteOrderStatus.loadChanges?.();
    if (changed.has('orderId') || changed.has('access') || changed.has('api') || changed.has('noLive')) this.#connect();
  }

  #disconnect(): void {
    this.#stream?.close();
    this.#stream = undefined;
    this.#controller?.abort();
    this.#streamKey = '';
    this.connection = 'idle';
  }

  #connect(): void {
    const api = this.api;
    const id = this.orderId;
    if (!api || !id || !this.access) return;
    const key = `${api.endpoint}|${id}|${this.access}|${this.noLive}`;
    if (key === this.#streamKey) return;
    this.#disconnect();
    this.#streamKey = key;
    const handle = { id, access: this.access };
    if (!this.order || this.order.id !== id) void this.#load(api, handle);
    if (this.noLive) return;
    this.#stream = api.orderEvents(handle, {
      onOpen: () => (this.connection = 'live'),
      onOrder: (order) => {
        this.order = order;
        this.failed = false;
        this.connection = 'live';
      },
      onBag: (event) => {
        if (this.order) this.order = applyBagEvent(this.order, event);
      },
      onError: () => (this.connection = 'reconnecting'),
    });
  }

  async #load(api: ToteApi, handle: { id: number; access: string }): Promise<void> {
    const controller = new AbortController();
    this.#controller = controller;
    this.loading = true;
    this.failed = false;
    try {
      const order = await api.getOrder(handle, { signal: controller.signal });
      if (!controller.signal.aborted) this.order = order;
    } catch (e) {
      if (!isAbortError(e) && !controller.signal.aborted && !this.order) this.failed = true;
    } finally {
      if (this.#controller === controller) this.loading = false;
    }
  }

  #retry(): void {
    this.#streamKey = '';
    this.#connect();
  }

  override render() {
    const order = this.order;
    if (!order) {
      if (this.failed) {
        return html`<div part="base">
          <p class="error" role="alert">${this.t('orderError')}</p>
          <div><button class="button secondary" type="button" @click=${() => this.#retry()}>${this.t('retryNow')}</button></div>
        </div>`;
      }
      return html`<div part="base" aria-busy="true"><p role="status">${this.t('orderLoading')}</p><div class="skeleton"></div></div>`;
    }
    const currency = order.currency ?? order.base_currency ?? undefined;
    return html`<section part="base" aria-labelledby="order-title" aria-busy=${this.loading ? 'true' : 'false'}>
      <h3 id="order-title">${this.t('orderNumber', { id: order.id })}</h3>
      <p class="live" role="status">
        ${this.connection === 'live' ? this.t('live') : this.connection === 'reconnecting' ? this.t('reconnecting') : ''}
      </p>
      <ul class="bags">
        ${order.bags.map((b) => this.#renderBag(b, currency))}
      </ul>
      ${this.api && this.access
        ? html`<tote-order-changes .api=${this.api} .order=${order} .access=${this.access} .onOrder=${(o: Order) => (this.order = o)}></tote-order-changes>`
        : nothing}
    </section>`;
  }

  #badge(value: string | null | undefined) {
    const v = value ?? '';
    const tone = GOOD.has(v) ? 'good' : BAD.has(v) ? 'bad' : '';
    const key = STATUS_LABEL[v];
    const label = !v ? this.t('statusPending') : key ? this.t(key) : v.replaceAll('_', ' ').toLowerCase();
    return html`<span class="badge ${tone}" data-value=${v}>${label}</span>`;
  }

  #renderBag(bag: Bag, currency?: string) {
    const status = bagStatus(bag);
    const cur = bag.currency ?? currency;
    return html`<li class="bag" part="bag" data-bag=${bag.id} data-status=${status ?? ''}>
      <h4>${bag.merchant_name ?? `#${bag.merchant_id}`}${bag.total != null && cur ? html` · ${formatMoney(bag.total, cur, this.effectiveLocale)}` : nothing}</h4>
      <dl>
        <div><dt>${this.t('bagStatus')}</dt><dd part="status" data-field="status">${this.#badge(status)}</dd></div>
        <div><dt>${this.t('financialStatus')}</dt><dd data-field="financial">${this.#badge(bag.financial_status)}</dd></div>
        <div><dt>${this.t('fulfillmentStatus')}</dt><dd data-field="fulfillment">${this.#badge(shownFulfillmentStatus(bag.fulfillment_status))}</dd></div>
      </dl>
      ${bag.fulfillments.some((f) => f.tracking_number || f.tracking_url)
        ? html`<ul class="tracking">
            ${bag.fulfillments.map((f) => {
              const url = safeUrl(f.tracking_url);
              const number = f.tracking_number ?? '';
              if (url) {
                return html`<li><a part="tracking" href=${url} target="_blank" rel="noopener noreferrer">${this.t('tracking', { number })}</a></li>`;
              }
              return number ? html`<li>${this.t('trackingNumber', { number })}</li>` : nothing;
            })}
          </ul>`
        : nothing}
    </li>`;
  }
}

