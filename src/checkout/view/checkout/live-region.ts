/**
 * The checkout's one polite live region for totals: after a quote, the new total is announced once
 * (WCAG 2.2 4.1.3 Status Messages). "Updating totals…" alone told a screen-reader user that something
 * changed, never what. The text changes only when the total does, so a re-render announces nothing.
 */
import { html } from 'lit';
import { formatMoney } from '../../../contract/money.js';
import type { CheckoutController } from '../../controller/checkout-controller.js';
import type { Translate } from '../../../i18n/localize.js';

/** A renderer of the region that remembers what it last announced. */
export function totalsAnnouncer() {
  let said = '';
  let text = '';
  return (flow: CheckoutController, t: Translate, locale: string) => {
    const q = flow.quote;
    const total = q && !flow.quoteLoading && !flow.quoteFailed ? formatMoney(q.totals.total, q.currency, locale) : said;
    if (total !== said) {
      said = total;
      text = `${t('bagTotal')} ${total}`;
    }
    // role=status is a polite, atomic live region by definition.
    return html`<p class="sr-only" part="live" role="status">${text}</p>`;
  };
}
