import { html, nothing } from 'lit';
import { formatMoney } from '../../../contract/money.js';
import type { BagShippingChoice } from '../../rules/checkout-quote.js';
import { ToteElement } from '../../../elements/internal/tote-element.js';
import { shippingStepStyles } from './shipping-step.styles.js';
import { renderShopBusy } from '../../../elements/internal/shop-busy.js';
import '../../../i18n/areas/checkout.js';
import { carrierName } from '../../rules/carrier.js';
import { deliveryWindowText } from '../../../contract/delivery-dates.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-shipping-step': ToteShippingStep;
  }
}

/** Carrier codes as shoppers know them; a code not listed (`OTHER`, internal ids) is not shown at all. */

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
    choices: { attribute: false },
    selections: { attribute: false },
    loading: { type: Boolean, reflect: true },
    error: {},
    now: { attribute: false },
  };

  /** One entry per bag with the methods offered for the address. */
  choices: BagShippingChoice[] = [];
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
    return this.choices.every((c) => c.methods.some((m) => m.id === this.selections[String(c.merchantId)]));
  }

  /** Merchant ids of the bags that offer no method for the address (busy shops are not among them). */
  get blockedBags(): number[] {
    return this.choices.filter((c) => c.methods.length === 0 && c.busyUntil === undefined).map((c) => c.merchantId);
  }

  #handleSelect(merchantId: number, id: string) {
    this.selections = { ...this.selections, [String(merchantId)]: id };
    this.emit('tote-shipping-select', { merchant_id: merchantId, shipping_method_id: id });
  }

  override render() {
    if (this.loading && !this.choices.length) {
      return html`<div part="base" aria-busy="true">
        <p role="status">${this.t('loadingShipping')}</p>
        <div class="skeleton loading"></div>
      </div>`;
    }
    if (this.error) return html`<div part="base"><p class="error" role="alert">${this.error}</p></div>`;
    return html`<div part="base">${this.choices.map((c) => this.#renderBag(c))}</div>`;
  }

  #renderRemove(merchantId: number, label: string) {
    return html`<div>
      <button class="button secondary" type="button" @click=${() => this.emit('tote-shipping-remove-bag', { merchant_id: merchantId })}>${label}</button>
    </div>`;
  }

  #renderBag(choice: BagShippingChoice) {
    const merchant = choice.merchantName ?? `#${choice.merchantId}`;
    const name = `ship-${choice.merchantId}`;
    return html`<fieldset part="bag" data-merchant=${choice.merchantId}>
      <legend>${this.t('shippingFor', { merchant })}</legend>
      ${choice.busyUntil !== undefined
        ? html`<p class="busy" part="busy" role="status">${renderShopBusy((k, p) => this.t(k, p), merchant, choice.busyUntil)}</p>
            ${this.#renderRemove(choice.merchantId, this.t('removeShop', { merchant }))}`
        : choice.methods.length === 0
        ? html`<p class="none" part="no-shipping" role="alert">${this.t('noShippingForBag', { merchant })}</p>
            ${this.#renderRemove(choice.merchantId, this.t('removeBag', { merchant }))}`
        : choice.methods.map(
            (m) => html`<label part="method">
              <input
                type="radio"
                name=${name}
                value=${m.id}
                .checked=${this.selections[String(choice.merchantId)] === m.id}
                @change=${() => this.#handleSelect(choice.merchantId, m.id)}
              />
              <span class="method">
                <span>${m.label}${carrierName(m.carrier) ? html` <span class="carrier">· ${carrierName(m.carrier)}</span>` : nothing}</span>
                ${m.minDays !== undefined || m.maxDays !== undefined
                  ? html`<span class="days" part="delivery"
                      >${this.t('arrives', { dates: deliveryWindowText(m.minDays ?? m.maxDays!, m.maxDays ?? m.minDays!, this.effectiveLocale, this.now()) })}</span
                    >`
                  : nothing}
              </span>
              <span class="price" part="price">${m.price === 0 ? this.t('free') : formatMoney(m.price, choice.currency, this.effectiveLocale)}</span>
            </label>`,
          )}
    </fieldset>`;
  }
}

