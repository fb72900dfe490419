import { html, nothing } from 'lit';
import { formatMoney } from '../../../contract/money.js';
import type { QuoteBag } from '../../../contract/checkout-api.js';
import { ToteElement } from '../../../elements/internal/tote-element.js';
import { shippingStepStyles } from './shipping-step.styles.js';
import { renderShopBusy } from '../../../elements/internal/shop-busy.js';
import '../../../i18n/areas/checkout.js';
import { deliveryWindowText } from '../../../contract/delivery-dates.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-shipping-step': ToteShippingStep;
  }
}

/**
 * @summary Shipping per bag: the methods each merchant offers for the address, with carrier, delivery estimate
 * and price, one choice per bag (a radio group, arrow keys move the choice). The quote picks the cheapest for
 * the shopper. A bag with no method says so and blocks only itself; a busy shop says it is busy and when it is
 * asked again (a countdown, read out once), never that it does not ship. Either offers to remove that shop's items.
 *
 * @event tote-shipping-select - A method was chosen for a bag.
 * @event tote-shipping-remove-bag - The shopper asked to remove the items of a bag that cannot ship or whose shop is busy.
 *
 * @csspart base - The root.
 * @csspart bag - One bag's fieldset.
 * @csspart method - One method's label.
 * @csspart price - A method's price.
 * @csspart delivery - A method's delivery dates (business days from today, in the shopper's locale).
 * @csspart no-shipping - The note of a bag without methods.
 */
export class ToteShippingStep extends ToteElement {
  static override styles = shippingStepStyles;

  static override properties = {
    bags: { attribute: false },
    currency: {},
    busy: { attribute: false },
    selections: { attribute: false },
    loading: { type: Boolean, reflect: true },
    error: {},
    now: { attribute: false },
  };

  /** The quote's bags, as the BFF answered them: the methods offered for the address, carriers named for shoppers. */
  bags: QuoteBag[] = [];
  /** The quote's currency. */
  currency = '';
  /** Busy shops (rate limited): merchant id → epoch ms when their methods are asked for again. */
  busy: ReadonlyMap<number, number> = new Map();
  /** Chosen method per bag, keyed by merchant id. */
  selections: Record<string, string> = {};
  /** Shows the loading state. */
  loading = false;
  /** An error message to show instead of the choices. */
  error = '';
  /** Today, for the delivery dates (a test or a story sets a fixed clock). */
  now: () => Date = () => new Date();

  /** True when every bag that can ship has a valid choice. */
  get complete(): boolean {
    return this.bags.every((b) => b.shipping_methods.some((m) => m.shipping_method_id === this.selections[b.merchant_id]));
  }

  /** Merchant ids of the bags that offer no method for the address (busy shops are not among them). */
  get blockedBags(): number[] {
    return this.bags.filter((b) => !b.shipping_methods.length && !this.busy.has(b.merchant_id)).map((b) => b.merchant_id);
  }

  #handleSelect(merchantId: number, id: string) {
    this.selections = { ...this.selections, [String(merchantId)]: id };
    this.emit('tote-shipping-select', { merchant_id: merchantId, shipping_method_id: id });
  }

  override render() {
    if (this.loading && !this.bags.length) {
      return html`<div part="base" aria-busy="true">
        <p role="status">${this.t('loadingShipping')}</p>
        <div class="skeleton loading"></div>
      </div>`;
    }
    if (this.error) return html`<div part="base"><p class="error" role="alert">${this.error}</p></div>`;
    return html`<div part="base">${this.bags.map((b) => this.#renderBag(b))}</div>`;
  }

  #renderRemove(merchantId: number, label: string) {
    return html`<div>
      <button class="button secondary" type="button" @click=${() => this.emit('tote-shipping-remove-bag', { merchant_id: merchantId })}>${label}</button>
    </div>`;
  }

  #renderBag(bag: QuoteBag) {
    const { merchant_id: id, merchant_name: merchant, shipping_methods: methods } = bag;
    const until = this.busy.get(id);
    return html`<fieldset part="bag" data-merchant=${id}>
      <legend>${this.t('shippingFor', { merchant })}</legend>
      ${until !== undefined
        ? html`<p class="busy" part="busy" role="status">${renderShopBusy((k, p) => this.t(k, p), merchant, until)}</p>
            ${this.#renderRemove(id, this.t('removeShop', { merchant }))}`
        : methods.length === 0
        ? html`<p class="none" part="no-shipping" role="alert">${this.t('noShippingForBag', { merchant })}</p>
            ${this.#renderRemove(id, this.t('removeBag', { merchant }))}`
        : methods.map(
            (m) => html`<label part="method">
              <input
                type="radio"
                name=${`ship-${id}`}
                value=${m.shipping_method_id}
                .checked=${this.selections[id] === m.shipping_method_id}
                @change=${() => this.#handleSelect(id, m.shipping_method_id)}
              />
              <span class="method">
                <span>${m.label}${m.carrier ? html` <span class="carrier">· ${m.carrier}</span>` : nothing}</span>
                ${m.min_days !== undefined || m.max_days !== undefined
                  ? html`<span class="days" part="delivery"
                      >${this.t('arrives', { dates: deliveryWindowText(m.min_days ?? m.max_days!, m.max_days ?? m.min_days!, this.effectiveLocale, this.now()) })}</span
                    >`
                  : nothing}
              </span>
              <span class="price" part="price">${m.price === 0 ? this.t('free') : formatMoney(m.price, this.currency, this.effectiveLocale)}</span>
            </label>`,
          )}
    </fieldset>`;
  }
}
