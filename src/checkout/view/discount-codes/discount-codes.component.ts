import { html, nothing } from 'lit';
import { formatMoney } from '../../../contract/money.js';
import type { CodeState } from '../../rules/checkout-quote-codes.js';
import type { MessageKey } from '../../../i18n/localize.js';
import { ToteElement } from '../../../elements/internal/tote-element.js';
import { discountCodesStyles } from './discount-codes.styles.js';
import '../../../i18n/areas/checkout.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-discount-codes': ToteDiscountCodes;
  }
}

/** What the shopper is told of a code, naming it; never the shop's own words. */
const SAYS: Record<CodeState['status'], MessageKey> = {
  pending: 'discountChecking',
  applied: 'discountApplied',
  unknown: 'discountUnknown',
  expired: 'discountExpired',
  not_applicable: 'discountNotApplicable',
  below_minimum: 'discountBelowMinimum',
  used_up: 'discountUsedUp',
};

/**
 * @summary Discount codes for the order: a "Have a discount code?" button that opens a field (collapsed by
 * default, as the best checkouts have it), one or more codes, each shown applied with what it took off, refused
 * with why (naming the code), or being checked, each with a Remove button. The checkout applies the codes to
 * the shops they belong to; this element only collects and shows them.
 *
 * @event tote-discount-apply - A code was entered.
 * @event tote-discount-remove - A code was removed.
 *
 * @csspart base - The code field's form.
 * @csspart toggle - The "Have a discount code?" button.
 * @csspart input - The code field.
 * @csspart apply-button - "Apply".
 * @csspart code - One entered code's row.
 * @csspart remove-button - A code's "Remove".
 */
export class ToteDiscountCodes extends ToteElement {
  static override styles = discountCodesStyles;

  static override properties = {
    codes: { attribute: false },
    currency: {},
    open: { type: Boolean, reflect: true },
  };

  /** The codes entered and what each did (`codeStates()` of the quote). */
  codes: readonly CodeState[] = [];
  /** The quote's currency, for the amounts taken off. */
  currency = '';
  /** The field is shown (it opens by itself once a code is entered). */
  open = false;

  #handleToggle() {
    this.open = true;
    void this.updateComplete.then(() => this.renderRoot.querySelector('input')?.focus());
  }

  #handleSubmit(e: Event) {
    e.preventDefault();
    const input = this.renderRoot.querySelector('input')!;
    const code = input.value.trim();
    if (!code) return input.focus();
    this.emit('tote-discount-apply', { code });
    input.value = '';
  }

  #handleRemove(code: string) {
    this.emit('tote-discount-remove', { code });
    // The row goes away with the button: focus stays in the element, on the field.
    void this.updateComplete.then(() => this.renderRoot.querySelector('input')?.focus());
  }

  override render() {
    return html`${this.open || this.codes.length
        ? html`<form part="base" @submit=${this.#handleSubmit}>
            <label for="code">${this.t('discountLabel')}</label>
            <div class="row">
              <input id="code" part="input" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="64" />
              <button class="button secondary" part="apply-button">${this.t('discountApply')}</button>
            </div>
          </form>`
        : html`<button class="link" part="toggle" type="button" aria-expanded="false" @click=${this.#handleToggle}>${this.t('discountToggle')}</button>`}
      <ul aria-label=${this.t('discountCodes')} aria-live="polite">
        ${this.codes.map((c) => this.#renderCode(c))}
      </ul>`;
  }

  #renderCode({ code, status, amount }: CodeState) {
    return html`<li part="code" class=${status === 'applied' || status === 'pending' ? status : 'refused'} data-code=${code} data-status=${status}>
      <span class="what"
        >${this.t(SAYS[status], { code })}
        ${status === 'applied' && this.currency ? html`<b>−${formatMoney(amount, this.currency, this.effectiveLocale)}</b>` : nothing}</span
      >
      <button class="link" part="remove-button" type="button" aria-label=${this.t('discountRemoveCode', { code })} @click=${() => this.#handleRemove(code)}>
        ${this.t('discountRemove')}
      </button>
    </li>`;
  }
}
