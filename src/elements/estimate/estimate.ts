import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { EstimateResponse } from '../../contract/estimate.js';
import { formatMoney } from '../../contract/money.js';
import type { Order } from '../../contract/order.js';
import { type ToteApi, isAbortError } from '../../state/api-client.js';
import { type AddressDraft, isAddressComplete, toAddressInput } from '../../state/checkout-address.js';
import { estimateFor } from '../../state/checkout-flow.js';
import {
  type BagProblem,
  type BagSummary,
  type CheckoutLine,
  isBlocking,
  summariseEstimate,
  summariseOrder,
  totalsOf,
} from '../../state/checkout-order.js';
import { apiContext } from '../../state/context.js';
import { defineElement } from '../internal/define.js';
import { ToteElement } from '../internal/tote-element.js';
import { estimateStyles } from './estimate.styles.js';
import '../internal/messages-checkout.js';

/** `tote-estimate-change`: a fresh estimate arrived (the checkout builds shipping choices and direct orders from it). */
export interface ToteEstimateChangeDetail {
  estimate: EstimateResponse;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'tote-estimate-change': CustomEvent<ToteEstimateChangeDetail>;
  }
  interface HTMLElementTagNameMap {
    'tote-estimate': ToteEstimate;
  }
}

const DEBOUNCE_MS = 300;

/**
 * @summary The order estimate grouped by bag — subtotal, shipping, tax and total per bag, then the order
 * total per currency — with each bag's problems (an unavailable SKU, a busy merchant, no shipping).
 * Given `lines` and a complete `address` it asks the BFF itself, debounced, aborting stale requests;
 * given a priced `cart` or explicit `bags` it just shows them.
 *
 * @event tote-estimate-change - A new estimate arrived.
 *
 * @csspart base - The root.
 * @csspart bag - One bag's block.
 * @csspart problems - A bag's problem list.
 * @csspart total - The order total per currency.
 */
export class ToteEstimate extends ToteElement {
  static override styles = estimateStyles;

  /** The BFF client; taken from `<tote-provider>` when not set. */
  @consume({ context: apiContext, subscribe: true })
  @property({ attribute: false })
  api?: ToteApi;

  /** The cart's lines (flagged ones are left out of the estimate). */
  @property({ attribute: false }) lines: readonly CheckoutLine[] = [];
  /** The shipping address; the estimate waits until it is complete. */
  @property({ attribute: false }) address?: AddressDraft;
  /** Chosen shipping method per bag (merchant id → method id). */
  @property({ attribute: false }) selections: Record<string, string> = {};
  /** A priced cart (cart flow): shown as is, nothing fetched. */
  @property({ attribute: false }) cart?: Order;
  /** Bags to show as they are (stories, hosts with their own numbers). */
  @property({ attribute: false }) bags?: BagSummary[];
  /** An estimate to show as is, nothing fetched. */
  @property({ attribute: false }) estimate?: EstimateResponse;
  /** Merchants whose bag the service rejected at submit. */
  @property({ attribute: false }) rejected: readonly number[] = [];

  @state() private fetched?: EstimateResponse;
  @state() private loading = false;
  @state() private failed = false;

  private timer?: ReturnType<typeof setTimeout>;
  private controller?: AbortController;
  private requestKey = '';

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
    this.controller?.abort();
    this.requestKey = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) this.schedule();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lines') || changed.has('address') || changed.has('api') || changed.has('cart') || changed.has('estimate') || changed.has('bags')) {
      this.schedule();
    }
  }

  private get fetching(): boolean {
    return !this.cart && !this.bags && !this.estimate;
  }

  /** What the request would be; the same request is not sent twice. */
  private keyOf(): string | undefined {
    if (!this.fetching || !this.api || !this.address || !isAddressComplete(this.address, false)) return undefined;
    const skus = this.lines.filter((l) => !isBlocking(l)).map((l) => [l.sku_id, l.quantity]);
    if (!skus.length) return undefined;
    return JSON.stringify([skus, toAddressInput(this.address)]);
  }

  private schedule(): void {
    const key = this.keyOf();
    if (!key) {
      clearTimeout(this.timer);
      this.controller?.abort();
      this.requestKey = '';
      this.loading = false;
      return;
    }
    if (key === this.requestKey) return;
    this.requestKey = key;
    clearTimeout(this.timer);
    // The answer in flight is for inputs that no longer hold.
    this.controller?.abort();
    this.loading = true;
    this.timer = setTimeout(() => void this.load(), DEBOUNCE_MS);
  }

  /** Asks for a fresh estimate now. */
  refresh(): Promise<void> {
    this.requestKey = '';
    clearTimeout(this.timer);
    return this.load();
  }

  private async load(): Promise<void> {
    if (!this.api || !this.address) return;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.loading = true;
    this.failed = false;
    try {
      const estimate = await estimateFor(this.api, this.lines, this.address, { signal: controller.signal });
      if (controller.signal.aborted) return;
      this.fetched = estimate;
      this.emit('tote-estimate-change', { estimate });
    } catch (e) {
      if (isAbortError(e) || controller.signal.aborted) return;
      this.failed = true;
      this.requestKey = '';
    } finally {
      if (this.controller === controller) this.loading = false;
    }
  }

  /** The bags shown, from whichever source is set. */
  get summary(): BagSummary[] {
    const names = new Map(this.lines.map((l) => [l.merchant_id, l.merchant_name ?? '']));
    let bags: BagSummary[];
    if (this.bags) bags = this.bags;
    else if (this.cart) bags = summariseOrder(this.cart);
    else {
      const estimate = this.estimate ?? this.fetched;
      bags = estimate ? summariseEstimate(estimate, this.selections, names) : [];
    }
    return bags.map((b) => ({ ...b, merchantName: b.merchantName || names.get(b.merchantId) || undefined }));
  }

  private money(amount: number, currency: string) {
    return formatMoney(amount, currency, this.effectiveLocale);
  }

  override render() {
    const bags = this.summary;
    const waitingForAddress = this.fetching && !this.keyOf() && !bags.length;
    return html`<section part="base" aria-labelledby="summary-title" aria-busy=${this.loading ? 'true' : 'false'}>
      <h3 id="summary-title">${this.t('summary')}</h3>
      <p class="status" role="status">
        ${this.loading ? this.t('estimating') : waitingForAddress ? this.t('estimateNeedsAddress') : ''}
      </p>
      ${this.failed
        ? html`<p class="error" role="alert">
            ${this.t('estimateError')}
            <button class="button secondary" type="button" @click=${() => void this.refresh()}>${this.t('retry')}</button>
          </p>`
        : nothing}
      ${bags.map((b) => this.renderBag(b))}
      ${bags.length ? this.renderTotals(bags) : nothing}
    </section>`;
  }

  private renderBag(bag: BagSummary) {
    const rejected = bag.status === 'REJECTED' || this.rejected.includes(bag.merchantId);
    const merchant = bag.merchantName ?? `#${bag.merchantId}`;
    return html`<div class="bag ${rejected ? 'rejected' : ''}" part="bag" data-merchant=${bag.merchantId}>
      <h4>${merchant}</h4>
      <dl>
        <div><dt>${this.t('subtotal')}</dt><dd>${this.money(bag.subTotal, bag.currency)}</dd></div>
        <div>
          <dt>${this.t('shipping')}</dt>
          <dd class=${bag.shippingTotal === undefined ? 'muted' : ''}>
            ${bag.shippingTotal === undefined ? this.t('shippingNotChosen') : this.money(bag.shippingTotal, bag.currency)}
          </dd>
        </div>
        ${bag.taxTotal !== undefined ? html`<div><dt>${this.t('tax')}</dt><dd>${this.money(bag.taxTotal, bag.currency)}</dd></div>` : nothing}
        ${bag.discountTotal ? html`<div><dt>${this.t('discount')}</dt><dd>−${this.money(bag.discountTotal, bag.currency)}</dd></div>` : nothing}
        <div class="total"><dt>${this.t('bagTotal')}</dt><dd data-total=${bag.total} data-currency=${bag.currency}>${this.money(bag.total, bag.currency)}</dd></div>
      </dl>
      ${rejected || bag.problems.length
        ? html`<ul class="problems" part="problems">
            ${rejected ? html`<li>${this.t('bagStatusRejected')}</li>` : nothing}
            ${bag.problems.map((p) => html`<li>${this.problemText(p)}</li>`)}
          </ul>`
        : nothing}
    </div>`;
  }

  private problemText(p: BagProblem): string {
    switch (p.kind) {
      case 'unavailable':
        return this.t('problemUnavailable', { name: p.name });
      case 'no_shipping':
        return this.t('problemNoShipping');
      default:
        return p.message;
    }
  }

  private renderTotals(bags: BagSummary[]) {
    const counted = bags.filter((b) => b.status !== 'REJECTED' && !this.rejected.includes(b.merchantId));
    const totals = totalsOf(counted);
    return html`<dl class="order-total" part="total">
      ${totals.map(
        (m) => html`<div>
          <dt>${this.t('orderTotal')}${totals.length > 1 ? ` (${m.currency})` : ''}</dt>
          <dd data-total=${m.amount} data-currency=${m.currency}>${this.money(m.amount, m.currency)}</dd>
        </div>`,
      )}
    </dl>`;
  }
}

defineElement('tote-estimate', ToteEstimate);
