import { html } from 'lit';
import { isKnownCurrency } from '../../contract/money.js';
import type { ToteApi } from '../../state/api-client.js';
import type { ProvidedName } from '../internal/provider-controller.js';
import { currencyStorageKey } from '../../state/display-money.js';
import { ToteElement } from '../internal/tote-element.js';
import type { MessageArea } from '../../i18n/localize.js';
import { currencySelectStyles } from './currency-select.styles.js';
import '../../i18n/areas/catalog.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-currency-select': ToteCurrencySelect;
  }
}

/**
 * @summary Lets a shopper pick the currency prices are shown in, from the ones the shop offers: it sets the
 * `currency` of the nearest `<tote-provider>`, so cards, picker and cart show converted prices ("≈") and the
 * checkout quotes in it. The choice is kept in `localStorage` per BFF endpoint: every provider of that endpoint
 * (the checkout page's too) starts in it on the next page and after a reload.
 *
 * @event change - The shopper chose another currency; the provider's `currency` has changed.
 *
 * @csspart base - The label and the select.
 * @csspart label - The word "Currency" (hide it visually where the header is tight; the select keeps its name).
 * @csspart select - The native `<select>`.
 */
export class ToteCurrencySelect extends ToteElement {
  static override styles = currencySelectStyles;
  static override messageArea: MessageArea = 'catalog';

  static override properties = {
    currencies: {},
    api: { state: true },
    host: { state: true },
  };

  static override provided: readonly ProvidedName[] = ['api', 'host'];

  /** The ISO 4217 codes the shop offers, separated by spaces or commas (`currencies="EUR USD GBP"`). */
  currencies = '';

  declare private api?: ToteApi;
  declare private host?: EventTarget;

  /** The offered codes, upper case, known to ISO 4217, each once. */
  get #codes(): string[] {
    return [...new Set(this.currencies.toUpperCase().split(/[\s,]+/))].filter(isKnownCurrency);
  }

  get #provider(): { currency?: string } | undefined {
    return this.host as { currency?: string } | undefined;
  }

  #choose(code: string): void {
    const provider = this.#provider;
    if (provider) provider.currency = code;
    try {
      if (this.api) localStorage.setItem(currencyStorageKey(this.api.endpoint), code);
    } catch {
      // Not kept: the choice holds for this page.
    }
  }

  #handleChange(e: Event): void {
    this.#choose((e.target as HTMLSelectElement).value);
    // The select's own `change` stays in the shadow root: the host page hears this one.
    this.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  }

  #name(code: string): string {
    try {
      return new Intl.DisplayNames(this.effectiveLocale, { type: 'currency' }).of(code) ?? code;
    } catch {
      return code;
    }
  }

  override render() {
    const current = this.display?.currency ?? this.#provider?.currency?.toUpperCase();
    return html`<label part="base"
      ><span part="label">${this.t('currencyLabel')}</span>
      <select part="select" @change=${this.#handleChange}>
        ${this.#codes.map((code) => html`<option value=${code} title=${this.#name(code)} ?selected=${code === current}>${code}</option>`)}
      </select></label
    >`;
  }
}
