import { html, nothing } from 'lit';
import type { ShopperRefund } from '../../contract/after-order.js';
import { cancelState, remorseEnds } from '../../contract/cancel-window.js';
import { formatMoney } from '../../contract/money.js';
import type { ShopperBag as Bag, ShopperOrder as Order } from '../../contract/shopper-order.js';
import { ApiRequestError, type ToteApi } from '../../state/api-client.js';
import { Loader } from '../../state/loader.js';
import { cancelOrder, orderRefunds } from '../internal/order-api.js';
import type { MessageArea } from '../../i18n/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import { orderChangesStyles } from './order-changes.styles.js';
import '../../i18n/areas/orders.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-order-changes': ToteOrderChanges;
  }
}

/** Which cancel is being confirmed: a bag's id, or `order` for all of it. */
export type Target = number | 'order';

/**
 * @summary The order page's part after placing: each bag's items and refunds (amounts and lines), and, while
 * the service's remorse window is open, "Cancel this order" / "Cancel items from <shop>" with a confirm step
 * and a reason; once it has closed, why cancelling is no longer possible. `<tote-order-status>` shows it.
 *
 * @event tote-order-cancel - Cancelable; the shopper confirmed a cancel; detail `{ order_id, bag_id, reason }`.
 *
 * @csspart base - The root.
 * @csspart cancel - A cancel button.
 * @csspart refund - One refund.
 */
export class ToteOrderChanges extends ToteElement {
  static override messageArea: MessageArea = 'orders';
  static override styles = orderChangesStyles;

  static override properties = {
    api: { attribute: false },
    order: { attribute: false },
    access: {},
    onOrder: { attribute: false },
    refunds: { attribute: false },
    confirming: { attribute: false },
    sending: { state: true },
    notice: { state: true },
  };

  /** The BFF client (`<tote-order-status>` passes its own). */
  declare api?: ToteApi;
  /** The placed order shown. */
  declare order?: Order;
  /** The order's access handle. */
  access = '';
  /** Receives the order a cancel answered with (the live stream brings it too). */
  declare onOrder?: (order: Order) => void;

  /** The order's refunds (read by the element when it has `api` and `access`; may be given). */
  refunds: ShopperRefund[] = [];
  /** Which cancel is asking for confirmation: a bag's id, `order`, or none (set by the buttons; may be given). */
  declare confirming?: Target;
  private sending = false;
  private notice?: { text: string; error?: boolean };

  #reason = '';
  #key = '';

  /**
   * Refunds are read again when a bag's money or state moves (an `ORDER_REFUNDED` event arrived). After a
   * failure the refunds stay as they were, and the next event tries again.
   */
  readonly #refunds = new Loader(this, {
    args: () => {
      const { api, order, access } = this;
      return api && order && access ? ([api, order.id, access, order.bags.map((b) => `${b.status}/${b.financial_status}`).join()] as const) : undefined;
    },
    task: ([api, id, access], { signal }) => orderRefunds(api, { id, access }, signal),
    onComplete: (refunds) => (this.refunds = refunds),
  });

  #ask(target: Target): void {
    this.confirming = target;
    this.notice = undefined;
    this.#reason = '';
    // One key per confirm step: pressing "Yes, cancel" twice, or again after a dropped answer, cancels once.
    this.#key = `cancel-${crypto.randomUUID()}`;
  }

  async #confirm(target: Target): Promise<void> {
    const { api, order, access } = this;
    if (!api || !order || this.sending) return;
    const bagId = target === 'order' ? undefined : target;
    const detail = { order_id: order.id, bag_id: bagId ?? null, reason: this.#reason.trim() };
    if (this.emit('tote-order-cancel', detail, { cancelable: true }).defaultPrevented) {
      this.confirming = undefined;
      return;
    }
    this.sending = true;
    try {
      const answer = await cancelOrder(api, { id: order.id, access }, bagId, detail.reason, this.#key);
      this.confirming = undefined;
      this.notice = { text: this.t('cancelDone') };
      this.onOrder?.(answer.order);
    } catch (e) {
      const code = e instanceof ApiRequestError ? e.code : '';
      const key = code === 'cancel_window_closed' ? 'cancelRefusedWindow' : code === 'not_cancelable' ? 'cancelRefused' : 'cancelFailed';
      this.notice = { text: this.t(key), error: true };
      if (key !== 'cancelFailed') this.confirming = undefined;
    } finally {
      this.sending = false;
    }
  }

  #time(ms: number): string {
    return new Intl.DateTimeFormat(this.effectiveLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  }

  #shop = (bag: Bag) => bag.merchant_name ?? `#${bag.merchant_id}`;

  override render() {
    const order = this.order;
    if (!order) return nothing;
    const now = Date.now();
    const states = order.bags.map((b) => cancelState(b, now));
    const live = states.filter((s) => s !== 'over');
    const wholeOrder = live.length > 0 && live.every((s) => s === 'open');
    return html`<div part="base">
      ${order.bags.map((bag, i) => this.#renderBag(bag, states[i]!, order.bags.length > 1))}
      ${wholeOrder ? this.#cancelControl('order', this.t('cancelOrder'), this.t('cancelConfirmOrder')) : nothing}
      <p role="status" class=${this.notice?.error ? 'error' : 'hint'}>${this.notice?.text ?? ''}</p>
    </div>`;
  }

  #renderBag(bag: Bag, state: ReturnType<typeof cancelState>, several: boolean) {
    const shop = this.#shop(bag);
    const currency = bag.currency ?? this.order?.currency ?? undefined;
    const refunds = this.refunds.filter((r) => r.bag_id === bag.id);
    const ends = remorseEnds(bag);
    const name = (id: number) => bag.skus.find((s) => s.id === id)?.name ?? `#${id}`;
    return html`<section class="bag" data-bag=${bag.id} aria-label=${shop}>
      <h4>${shop}</h4>
      ${refunds.length
        ? html`<h5>${this.t('refundsHeading')}</h5>
            <ul>
              ${refunds.map(
                (r) => html`<li part="refund" class="refund" data-refund=${r.id}>
                  ${this.t('refundLine', { amount: formatMoney(r.amount, r.currency ?? currency ?? 'USD', this.effectiveLocale) })}${r.items.length
                    ? html`: ${r.items.map((item) => this.t('refundItem', { name: name(item.order_sku_id), quantity: item.quantity ?? 1 })).join(', ')}`
                    : nothing}
                </li>`,
              )}
            </ul>`
        : nothing}
      ${state === 'open'
        ? html`<p class="hint" data-window="open">${this.t('cancelUntil', { time: this.#time(ends) })}</p>
            ${several ? this.#cancelControl(bag.id, this.t('cancelBag', { shop }), this.t('cancelConfirmBag', { shop })) : nothing}`
        : state === 'window_closed'
          ? html`<p class="hint" data-window="closed">${Number.isNaN(ends) ? this.t('cancelOver') : this.t('cancelClosed', { time: this.#time(ends) })}</p>`
          : state === 'shipped'
            ? html`<p class="hint" data-window="shipped">${this.t('cancelShipped')}</p>`
            : nothing}
    </section>`;
  }

  #cancelControl(target: Target, label: string, question: string) {
    if (this.confirming !== target) {
      return html`<button part="cancel" class="button secondary" type="button" data-cancel=${target} @click=${() => this.#ask(target)}>${label}</button>`;
    }
    const id = `reason-${target}`;
    return html`<div class="confirm" role="group" aria-labelledby="${id}-q" data-confirm=${target}>
      <p id="${id}-q">${question}</p>
      <label for=${id}>${this.t('cancelReason')}</label>
      <textarea id=${id} maxlength="500" @input=${(e: Event) => (this.#reason = (e.target as HTMLTextAreaElement).value)}></textarea>
      <div class="actions">
        <button class="button danger" type="button" data-confirm-yes ?disabled=${this.sending} @click=${() => this.#confirm(target)}>
          ${this.sending ? this.t('cancelSending') : this.t('cancelConfirm')}
        </button>
        <button class="button secondary" type="button" ?disabled=${this.sending} @click=${() => (this.confirming = undefined)}>${this.t('cancelKeep')}</button>
      </div>
    </div>`;
  }
}
