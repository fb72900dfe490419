import { html, nothing } from 'lit';
import { Loader } from '../../../state/loader.js';
import type { QuoteBag, QuoteLine, QuoteResponse } from '../../../contract/checkout-api.js';
import { formatMoney } from '../../../contract/money.js';
import { type ToteApi } from '../../../state/api-client.js';
import { type AddressDraft, emptyAddress } from '../../rules/checkout-address.js';
import { type CheckoutLine, isBlocking } from '../../rules/checkout-order.js';
import { QUOTE_DEBOUNCE_MS } from '../../controller/checkout-controller.js';
import { checkoutCurrency, quoteKey, quoteRequest } from '../../rules/checkout-quote.js';
import type { ProvidedName } from '../../../elements/internal/provider-controller.js';
import { wait } from '../../../state/clock.js';
import { safeUrl } from '../../../elements/internal/safe-url.js';
import { ToteElement } from '../../../elements/internal/tote-element.js';
import { estimateStyles } from './estimate.styles.js';
import { renderShopBusy } from '../../../elements/internal/shop-busy.js';
import '../../../i18n/areas/checkout.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-estimate': ToteEstimate;
  }
}

/** A cart line's picture and options, when the quote has none of its own. */
type LineExtras = CheckoutLine & { image?: string; variant_values?: { variant: string; value: string }[] };

/**
 * @summary The order summary: every line with its picture, name, options, quantity and price, grouped by
 * shop, each shop's discounts, shipping and tax (a VAT-inclusive shop's as "incl. VAT"), and one grand total in the quote's one currency. Given a `quote` it
 * shows it; given `lines` (and an `address`) it asks the BFF for a quote itself, debounced and abortable.
 *
 * @event tote-estimate-change - A quote this element asked for itself arrived.
 *
 * @csspart base - The root.
 * @csspart bag - One shop's block.
 * @csspart line - One line item.
 * @csspart problems - A shop's problem list.
 * @csspart total - The grand total.
 */
export class ToteEstimate extends ToteElement {
  static override styles = estimateStyles;

  static override properties = {
    api: { attribute: false },
    currency: { attribute: false },
    quote: { attribute: false },
    lines: { attribute: false },
    address: { attribute: false },
    busy: { attribute: false },
    updating: { type: Boolean },
    hideLines: { type: Boolean, attribute: 'hide-lines' },
  };

  static override provided: readonly ProvidedName[] = ['api', 'currency'];

  /** The BFF client; taken from `<tote-provider>` when not set. */
  declare api?: ToteApi;

  /** The provider's currency (`currency` attribute), for a quote this element asks for itself. */
  declare currency?: string;

  /** The quote to show; when set, nothing is fetched. */
  declare quote?: QuoteResponse;
  /** The cart's lines: quoted when no `quote` is given, and their pictures used where the quote has none. */
  lines: readonly LineExtras[] = [];
  /** The shipping address for a quote this element asks for itself. */
  declare address?: AddressDraft;
  /** Busy shops: merchant id → epoch ms when they are asked again. */
  busy: ReadonlyMap<number, number> = new Map();
  /** A newer quote is on its way. */
  updating = false;
  /** Hides the line items (the grand total and each shop's totals stay). */
  hideLines = false;

  readonly #quoteTask = new Loader(this, {
    args: () => [this.quote ? '' : quoteKey(this.#ownRequest())] as [string],
    task: async ([key], { signal }) => {
      const req = this.#ownRequest();
      if (!key || !req || !this.api) return undefined;
      await wait(QUOTE_DEBOUNCE_MS, signal);
      return this.api.quote(req, { signal });
    },
    onComplete: (quote) => {
      if (quote) this.emit('tote-estimate-change', { quote });
    },
  });

  #ownRequest() {
    if (!this.api) return undefined;
    const lines = this.lines.filter((l) => !isBlocking(l));
    const state = { shipping: this.address ?? emptyAddress(), billing: emptyAddress(), billingSameAsShipping: true, selections: {} };
    return quoteRequest({ mode: 'direct', currency: checkoutCurrency(this.currency, lines), lines, state });
  }

  /** The quote shown: the one given, else the last one fetched. */
  get shown(): QuoteResponse | undefined {
    return this.quote ?? this.#quoteTask.value;
  }

  #money(amount: number) {
    return formatMoney(amount, this.shown!.currency, this.effectiveLocale);
  }

  override render() {
    const quote = this.shown;
    const loading = this.updating || this.#quoteTask.status === 1;
    return html`<section part="base" aria-labelledby="summary-title" aria-busy=${loading ? 'true' : 'false'}>
      <h3 id="summary-title">${this.t('summary')}</h3>
      <p class="status" role="status">${loading ? this.t('estimating') : ''}</p>
      ${this.#quoteTask.status === 3 && !this.quote
        ? html`<p class="error" role="alert">
            ${this.t('estimateError')}
            <button class="button secondary" type="button" @click=${() => void this.#quoteTask.run()}>${this.t('retry')}</button>
          </p>`
        : nothing}
      ${quote ? html`${quote.bags.map((b) => this.#renderBag(b))} ${this.#renderTotals(quote)}` : nothing}
    </section>`;
  }

  #renderBag(bag: QuoteBag) {
    const until = this.busy.get(bag.merchant_id);
    const merchant = bag.merchant_name || `#${bag.merchant_id}`;
    const shippingChosen = bag.shipping_method_id !== undefined;
    return html`<div class="bag" part="bag" data-merchant=${bag.merchant_id}>
      <h4>${merchant}</h4>
      ${this.hideLines ? nothing : html`<ul class="lines">${bag.lines.map((l) => this.#renderLine(l))}</ul>`}
      <dl>
        ${this.#renderDiscount(bag.discount_total ?? 0)}
        ${shippingChosen ? html`<div><dt>${this.t('shipping')}</dt><dd>${this.#money(bag.shipping_total)}</dd></div>` : nothing}
        ${shippingChosen ? this.#renderTax(bag.taxes_included ? 0 : bag.tax_total, bag.taxes_included ? bag.tax_total : 0) : nothing}
        <div class="total"><dt>${this.t('bagTotal')}</dt><dd data-total=${bag.total} data-currency=${this.shown!.currency}>${this.#money(bag.total)}</dd></div>
      </dl>
      ${until !== undefined ? html`<p class="busy" role="status">${renderShopBusy((k, p) => this.t(k, p), merchant, until)}</p>` : nothing}
      ${bag.problems.some((p) => p.code === 'no_shipping')
        ? html`<p class="problem" part="problems">${this.t('problemNoShipping')}</p>`
        : nothing}
    </div>`;
  }

  #renderLine(line: QuoteLine) {
    const cart = this.lines.find((l) => l.sku_id === line.sku_id);
    const src = safeUrl(line.thumbnail ?? cart?.image);
    const values = cart?.variant_values?.map((v) => v.value) ?? [];
    // Many shops already name the variant in the product name ("Parka — XS / Plum"): not said twice.
    const variant = line.variant ?? (values.every((v) => line.name.includes(v)) ? undefined : values.join(' · '));
    return html`<li part="line" class=${line.available ? '' : 'unavailable'} data-sku=${line.sku_id}>
      <span class="thumb">
        ${src ? html`<img src=${src} alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer" />` : nothing}
        <span class="qty" aria-hidden="true">${line.quantity}</span>
      </span>
      <span class="what">
        <span class="name">${line.name}</span>
        ${variant ? html`<span class="variant">${variant}</span>` : nothing}
        <span class="sr-only">${this.t('quantityShort', { count: line.quantity })}</span>
        ${line.available ? nothing : html`<span class="problem">${this.t('problemUnavailable', { name: line.name })}</span>`}
      </span>
      <span class="price">${this.#money(line.total)}</span>
    </li>`;
  }

  #renderDiscount(amount: number) {
    return amount ? html`<div class="discount"><dt>${this.t('discount')}</dt><dd data-discount=${amount}>−${this.#money(amount)}</dd></div>` : nothing;
  }

  /** Tax added on top gets its line; VAT already inside the prices is said as such ("incl. VAT €3.20"), never added. */
  #renderTax(added: number, included: number) {
    return html`${added || !included ? html`<div><dt>${this.t('tax')}</dt><dd>${this.#money(added)}</dd></div>` : nothing}
    ${included ? html`<div class="incl-tax"><dt>${this.t('inclTax', { amount: this.#money(included) })}</dt><dd></dd></div>` : nothing}`;
  }

  #renderTotals(quote: QuoteResponse) {
    const t = quote.totals;
    const shippingKnown = quote.bags.every((b) => b.shipping_method_id !== undefined);
    const converted = this.lines.some((l) => l.currency !== quote.currency);
    return html`<dl class="order-total" part="total">
        <div><dt>${this.t('subtotal')}</dt><dd>${this.#money(t.sub_total)}</dd></div>
        <div>
          <dt>${this.t('shipping')}</dt>
          <dd class=${shippingKnown ? '' : 'muted'}>${shippingKnown ? this.#money(t.shipping_total) : this.t('shippingLater')}</dd>
        </div>
        ${this.#renderDiscount(t.discount_total ?? 0)}
        ${shippingKnown ? this.#renderTax(t.tax_total, t.included_tax_total ?? 0) : nothing}
        <div class="grand">
          <dt>${this.t('grandTotal')} <span class="currency">${quote.currency}</span></dt>
          <dd data-total=${t.total} data-currency=${quote.currency}>${this.#money(t.total)}</dd>
        </div>
      </dl>
      ${converted ? html`<p class="note">${this.t('paidIn', { currency: quote.currency })}</p>` : nothing}
      ${quote.bags.some((b) => b.problems.some((p) => p.code === 'totals_disagree'))
        ? html`<p class="error" role="alert">${this.t('totalsDisagree')}</p>`
        : nothing}`;
  }
}

