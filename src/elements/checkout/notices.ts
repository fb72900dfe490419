/**
 * The words for what the checkout's flow reports besides the step: an error
 * (shown in the `error` part, announced assertively) or a status (placing,
 * waiting for a busy shop). Never upstream text: only Tote's own messages.
 */
import { formatMoney } from '../../contract/money.js';
import type { CheckoutController } from '../../state/checkout-controller.js';
import type { QuoteChange } from '../../state/checkout-quote.js';
import type { Translate as T } from '../internal/localize.js';

export function noticeText(flow: CheckoutController, t: T, locale: string): { error: string; status: string } {
  const merchantName = (id?: number) =>
    flow.quote?.bags.find((b) => b.merchant_id === id)?.merchant_name ?? flow.lines.find((l) => l.merchant_id === id)?.merchant_name;
  const seconds = flow.placeRetryAt ? Math.max(0, Math.ceil((flow.placeRetryAt - Date.now()) / 1000)) : 0;
  if (flow.placing === 'pending') return { error: '', status: t('stillPlacing') };
  if (flow.placing === 'confirming') return { error: '', status: t('confirmingPayment') };
  if (flow.placing === 'sending') return { error: '', status: t('placingOrder') };
  const notice = flow.notice;
  if (flow.placing === 'busy' && notice?.kind === 'busy') {
    return { error: '', status: t('placeBusy', { merchant: merchantName(notice.merchantId) ?? t('thisShop'), seconds }) };
  }
  switch (notice?.kind) {
    case undefined:
    case 'declined':
      // A declined card is told on the payment step, next to the card fields.
      return { error: '', status: '' };
    case 'payment_required':
      return { error: t('paymentRequired'), status: '' };
    case 'quote_changed':
      return { error: [t('quoteChanged'), ...flow.changes.map((c) => changeText(c, t, flow.quote?.currency, locale))].join('\n'), status: '' };
    case 'quote_expired':
      return { error: t('quoteExpired'), status: '' };
    case 'placed_elsewhere':
      return { error: t('placedElsewhere'), status: '' };
    case 'unknown':
      return { error: t('errorUnknown'), status: '' };
    case 'busy': {
      const merchant = merchantName(notice.merchantId);
      return { error: merchant ? t('merchantBusy', { merchant }) : t('errorBusy'), status: '' };
    }
    case 'confirm_failed':
      return { error: notice.message ?? t('confirmFailed'), status: '' };
    default:
      return { error: t('errorPlace'), status: '' };
  }
}

function changeText(change: QuoteChange, t: T, currency: string | undefined, locale: string): string {
  const money = (n: number) => (currency ? formatMoney(n, currency, locale) : String(n));
  switch (change.kind) {
    case 'price':
      return t('changePrice', { name: change.name, before: money(change.before), after: money(change.after) });
    case 'unavailable':
      return t('changeUnavailable', { name: change.name });
    case 'shipping':
      return t('changeShipping', { merchant: change.merchant, before: money(change.before), after: money(change.after) });
    case 'tax':
      return t('changeTax', { merchant: change.merchant, before: money(change.before), after: money(change.after) });
    case 'total':
      return t('changeTotal', { before: money(change.before), after: money(change.after) });
  }
}
