import { html, nothing, type PropertyValues } from 'lit';
import type { BagEvent } from '../../contract/api.js';
import type { ShopperBag as Bag, ShopperOrder as Order } from '../../contract/shopper-order.js';
import type { AccessHandle, EventStream, ToteApi } from '../../state/api-client.js';
import { Loader } from '../../state/loader.js';
import { bagStatus } from '../../contract/statuses.js';
import type { ProvidedName } from '../internal/provider-controller.js';
import { safeUrl } from '../internal/safe-url.js';
import type { MessageArea } from '../../i18n/localize.js';
import { renderBagDetails, renderOrderFacts, stateBadge, type DetailsView } from './order-details.js';
import { ToteElement } from '../internal/tote-element.js';
import { orderStatusStyles } from './order-status.styles.js';
import '../../i18n/areas/orders.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-order-status': ToteOrderStatus;
  }
}

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
 * @summary A placed order as a shopper reads it: per shop, its state in plain words (Order received, Confirmed
 * by the shop, Shipped, Delivered, Cancelled, Refunded) and what happens next, the items with images, variant
 * values and quantities, the shipping method and estimated delivery, discounts, tax and total, tracking links;
 * then the shipping address, the payment method and the order's totals. Updated live from the BFF's event stream
 * (reconnecting after a drop); below, loaded on demand, refunds and the cancel controls (`<tote-order-changes>`).
 *
 * @event tote-order-cancel - Cancelable; the shopper confirmed a cancel; detail `{ order_id, bag_id, reason }`.
 *
 * @csspart base - The root.
 * @csspart bag - One bag.
 * @csspart status - A bag's state badge (the shopper's words; `data-value` keeps the service's bag status).
 * @csspart items - A bag's items.
 * @csspart method - A bag's shipping method.
 * @csspart delivery - A bag's estimated delivery dates.
 * @csspart address - The shipping address.
 * @csspart payment - The payment method.
 * @csspart totals - The order's totals.
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
    embedded: { type: Boolean },
    connection: { state: true },
  };

  static override provided: readonly ProvidedName[] = ['api'];

  /** The BFF client; taken from `<tote-provider>` when not set. */
  declare api?: ToteApi;

  /** The order id. */
  declare orderId?: number;
  /** The access handle the BFF returned with the order. */
  access = '';
  /** The order to show (set by the element as it loads; may be given directly). */
  declare order?: Order;
  /** Shows the order without opening the live stream. */
  noLive = false;
  /** Shown inside the checkout's confirmation, which states the order number and what was charged: neither is repeated. */
  embedded = false;

  private connection: 'idle' | 'live' | 'reconnecting' = 'idle';

  #stream?: EventStream;
  /** The order read once (the live stream brings its changes); a newer read or leaving the page aborts it. */
  readonly #reader = new Loader<readonly [ToteApi, AccessHandle], Order>(this, {
    autoRun: false,
    task: ([api, handle], { signal }) => api.getOrder(handle, { signal }),
    onComplete: (order) => (this.order = order),
  });

  private get loading(): boolean {
    return this.#reader.status === 1;
  }

  /** The order could not be read, and the stream has not brought it either. */
  private get failed(): boolean {
    return this.#reader.status === 3 && !this.order;
  }
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
    this.#reader.abort();
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
    if (!this.order || this.order.id !== id) void this.#reader.run([api, handle]);
    if (this.noLive) return;
    this.#stream = api.orderEvents(handle, {
      onOpen: () => (this.connection = 'live'),
      onOrder: (order) => {
        this.order = order;
        this.connection = 'live';
      },
      onBag: (event) => {
        if (this.order) this.order = applyBagEvent(this.order, event);
      },
      onError: () => (this.connection = 'reconnecting'),
    });
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
    const view = { t: this.t.bind(this), locale: this.effectiveLocale };
    return html`<section part="base" aria-labelledby="order-title" aria-busy=${this.loading ? 'true' : 'false'}>
      ${this.embedded ? nothing : html`<h3 id="order-title">${this.t('orderNumber', { id: order.id })}</h3>`}
      <p class="live" role="status">
        ${this.connection === 'live' ? this.t('live') : this.connection === 'reconnecting' ? this.t('reconnecting') : ''}
      </p>
      <ul class="bags">
        ${order.bags.map((b) => this.#renderBag(order, b, view))}
      </ul>
      ${renderOrderFacts(order, view, this.embedded)}
      ${this.api && this.access
        ? html`<tote-order-changes .api=${this.api} .order=${order} .access=${this.access} .onOrder=${(o: Order) => (this.order = o)}></tote-order-changes>`
        : nothing}
    </section>`;
  }

  #renderBag(order: Order, bag: Bag, view: DetailsView) {
    return html`<li class="bag" part="bag" data-bag=${bag.id} data-status=${bagStatus(bag) ?? ''} data-merchant=${bag.merchant_id}>
      <div class="bag-head">
        <h4>${bag.merchant_name ?? `#${bag.merchant_id}`}</h4>
        <span part="status" data-field="status">${stateBadge(bag, view)}</span>
      </div>
      ${renderBagDetails(order, bag, view)}
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

