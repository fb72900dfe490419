/**
 * A price as the shopper sees it: in the provider's currency when a merchant sells in another, marked "≈" with
 * the merchant's own price for screen readers and on hover (`title`), else exactly as the merchant states it.
 * Several amounts (a range) are converted each once and written by `join`.
 */
import { html, type TemplateResult } from 'lit';
import { formatMoney } from '../../contract/money.js';
import { convertMoney, type DisplayCurrency } from '../../state/display-money.js';
import type { Translate } from '../../i18n/localize.js';

export function shownPrice(
  amounts: number[],
  currency: string,
  display: DisplayCurrency | undefined,
  locale: string,
  t: Translate,
  join: (texts: string[]) => string = (texts) => texts[0]!,
): TemplateResult | string {
  const shown = amounts.map((amount) => convertMoney({ amount, currency }, display));
  const text = join(shown.map((m) => formatMoney(m.amount, m.currency, locale)));
  if (!shown[0]?.converted) return text;
  const note = t('convertedFrom', { price: join(amounts.map((a) => formatMoney(a, currency, locale))) });
  return html`<span class="converted" title=${note} data-converted=${currency}
    ><span aria-hidden="true">≈ </span><span class="sr-only">${t('about')} </span>${text}<span class="sr-only"> (${note})</span></span
  >`;
}
