/**
 * The words for what the checkout's flow reports besides the step: an error
 * (shown in the `error` part, announced assertively) or a status (placing,
 * checking, waiting for a busy shop), and the buttons that answer it. Never upstream text: only Tote's own
 * messages (a shop's name is the catalogue's, as everywhere else).
 */
import { html, nothing } from 'lit';
import { formatMoney } from '../../../contract/money.js';
import type { CheckoutController } from '../../controller/checkout-controller.js';
import type { QuoteChange } from '../../../contract/checkout-api.js';
import type { CheckoutNotice, PlacingState } from '../../controller/checkout-place.js';
import type { MessageKey, Translate as T } from '../../../i18n/localize.js';
import { renderShopBusy } from '../../../elements/internal/shop-busy.js';

/**
 * What the checkout says besides the step: `error` (announced assertively), `status` (politely: placing,
 * checking, a busy shop's countdown), `busy` (the shop whose items the shopper may remove) and `ask` (the
 * two-tab question, answered with "Place another order" / "Cancel").
 */
export function noticeText(flow: CheckoutController, t: T, locale: string): { error: string; status: unknown; busy?: number; ask?: boolean } {
  const merchantName = (id?: number) =>
    flow.quote?.bags.find((b) => b.merchant_id === id)?.merchant_name ?? flow.lines.find((l) => l.merchant_id === id)?.merchant_name ?? t('thisShop');
  const { placing, notice, retryAt, busyMerchant, changes } = flow.placer;
  if (placing === 'busy') return { error: '', status: renderShopBusy(t, merchantName(busyMerchant), retryAt ?? 0), busy: busyMerchant };
  if (placing !== 'idle') return { error: '', status: t(PLACING[placing]) };
  // A declined card is told on the payment step, next to the card fields.
  if (!notice || notice.kind === 'declined') return { error: '', status: '' };
  switch (notice.kind) {
    case 'quote_changed':
      return { error: [t('quoteChanged'), ...shownChanges(flow, changes).map((c) => changeText(c, t, flow.quote?.currency, locale))].join('\n'), status: '' };
    case 'busy':
      return { error: t('busyStopped', { merchant: merchantName(notice.merchantId) }), status: '', busy: notice.merchantId };
    case 'confirm_failed':
      return { error: notice.message ?? t('confirmFailed'), status: '' };
    default:
      return { error: t(ERROR[notice.kind] ?? 'errorPlace'), status: '', ask: notice.kind === 'duplicate' };
  }
}

/** What the shopper can do about a notice: remove a busy shop's items; answer the two-tab question. */
export function renderAnswers(flow: CheckoutController, { busy, ask }: ReturnType<typeof noticeText>, t: T) {
  const merchant = flow.quote?.bags.find((b) => b.merchant_id === busy)?.merchant_name;
  return html`${merchant
    ? html`<div><button class="button secondary" type="button" @click=${() => flow.removeBag(busy!)}>${t('removeShop', { merchant })}</button></div>`
    : nothing}
  ${ask
    ? html`<div class="actions">
        <button class="button secondary" type="button" @click=${() => flow.placer.dismiss()}>${t('cancel')}</button>
        <button class="button primary" type="button" @click=${() => void flow.placer.place({ confirmDuplicate: true })}>${t('placeAnother')}</button>
      </div>`
    : nothing}`;
}

const PLACING: Record<Exclude<PlacingState, 'idle' | 'busy'>, MessageKey> = {
  sending: 'placingOrder',
  pending: 'stillPlacing',
  checking: 'checking',
  confirming: 'confirmingPayment',
};

const ERROR: Partial<Record<CheckoutNotice['kind'], MessageKey>> = {
  payment_required: 'paymentRequired',
  quote_expired: 'quoteExpired',
  placed_elsewhere: 'placedElsewhere',
  duplicate: 'duplicateOrder',
};

/**
 * The changes as the summary shows them: the new total is the summary's own (the quote shown), never the
 * refused attempt's — a sold-out line's shop may have left the order since, and its shipping with it.
 */
function shownChanges(flow: CheckoutController, changes: readonly QuoteChange[]): QuoteChange[] {
  const now = flow.quote?.totals.total;
  return changes.flatMap((c) => (c.kind !== 'total' || now === undefined ? [c] : now === c.before ? [] : [{ ...c, after: now }]));
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
