/**
 * The confirmation after "Place order": the order number first, where the
 * confirmation was emailed, a headline for each shop that refused its part
 * (and what was not charged), what each other shop does next, the total, and
 * "Continue shopping". No step list: the checkout is over.
 */
import { html, nothing } from 'lit';
import { formatMoney } from '../../contract/money.js';
import type { ShopperBag as Bag } from '../../contract/shopper-order.js';
import type { CheckoutController } from '../../state/checkout-controller.js';
import { bagStatus } from '../../contract/statuses.js';
import type { MessageKey, Translate as T } from '../../i18n/localize.js';

const NEXT: Record<string, MessageKey> = {
  SHIPPED: 'nextShipped',
  FULFILLED: 'nextShipped',
  COMPLETED: 'nextShipped',
  ACCEPTED: 'nextPreparing',
  IN_PROGRESS: 'nextConfirming',
  SUBMITTED: 'nextConfirming',
};

export function renderConfirmation(flow: CheckoutController, opts: { t: T; locale: string; onContinue: () => void }) {
  const { t, locale } = opts;
  const placed = flow.state.placed!;
  const order = flow.order;
  const currencyOf = (bag?: Bag) => bag?.currency ?? order?.currency ?? order?.base_currency ?? 'USD';
  const money = (n: number, bag?: Bag) => formatMoney(n, currencyOf(bag), locale);
  const rejected = order?.bags.filter((b) => bagStatus(b) === 'REJECTED') ?? [];
  const going = order?.bags.filter((b) => bagStatus(b) !== 'REJECTED') ?? [];
  const problem = flow.orderTotalsProblem;
  const charged = going.reduce((n, b) => n + (b.total ?? 0), 0);
  const name = (b: Bag) => b.merchant_name ?? `#${b.merchant_id}`;
  return html`<section class="confirmation" aria-labelledby="step-heading" data-step="placed">
    <p class="order-number" part="order-number">${t('orderConfirmed', { id: placed.orderId })}</p>
    <h2 id="step-heading" tabindex="-1">${t('thanksHeading')}</h2>
    ${rejected.map(
      (b) => html`<div class="alert" role="alert" data-merchant=${b.merchant_id}>
        <p class="headline">${t('bagRejectedHeadline', { merchant: name(b), amount: money(b.total ?? 0, b) })}</p>
        <p>${t('bagRejectedHint')}</p>
      </div>`,
    )}
    ${problem
      ? html`<div class="alert" part="error" role="alert">
          ${problem === 'currency'
            ? t('orderCurrencyMismatch')
            : t('orderTotalsMismatch', {
                total: money(order!.total ?? 0),
                sum: money(order!.bags.reduce((n, b) => n + (b.total ?? 0), 0)),
              })}
        </div>`
      : nothing}
    ${placed.email ? html`<p class="emailed">${t('emailedYou', { email: placed.email })}</p>` : nothing}
    ${order
      ? html`<h3>${t('whatHappensNext')}</h3>
          <ul class="next">
            ${going.map(
              (b) => html`<li data-merchant=${b.merchant_id} data-status=${bagStatus(b) ?? ''}>
                <span>${t(NEXT[bagStatus(b) ?? ''] ?? 'nextConfirming', { merchant: name(b) })}</span>
                <span class="amount">${money(b.total ?? 0, b)}</span>
              </li>`,
            )}
          </ul>
          ${problem === 'currency'
            ? nothing
            : html`<dl class="charged">
                <div><dt>${t('totalCharged')}</dt><dd data-total=${charged} data-currency=${currencyOf()}>${money(charged)}</dd></div>
              </dl>`}`
      : html`<p role="status">${t('loadingOrder')}</p>`}
    <div class="actions">
      <button class="button primary" part="continue-button" type="button" @click=${opts.onContinue}>${t('continueShopping')}</button>
    </div>
  </section>`;
}
