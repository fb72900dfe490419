/**
 * The confirmation after "Place order": the order number first, a headline for each shop that refused its
 * part (and what was not charged), then the order as the order page shows it (`<tote-order-status>`: each
 * shop's state and what happens next, items, shipping method and delivery, discounts, tax, the address and
 * the payment method), the total charged in its currency, and "Continue shopping". It claims no email: Tote
 * sends none (a shop sends its own from the BFF's `onOrderPlaced`). No step list: the checkout is over.
 */
import { html, nothing } from 'lit';
import { formatMoney } from '../../../contract/money.js';
import type { ShopperBag as Bag } from '../../../contract/shopper-order.js';
import type { CheckoutController } from '../../controller/checkout-controller.js';
import { bagStatus } from '../../../contract/statuses.js';
import type { Translate as T } from '../../../i18n/localize.js';

/** Registers `<tote-order-status>` when the confirmation first shows; set by `checkout.ts` (the class alone registers nothing). */
export const orderPage: { load?: () => Promise<unknown> } = {};

export function renderConfirmation(flow: CheckoutController, opts: { t: T; locale: string; onContinue: () => void }) {
  void orderPage.load?.();
  const { t, locale } = opts;
  const placed = flow.state.placed!;
  const order = flow.order;
  const currencyOf = (bag?: Bag) => bag?.currency ?? order?.currency ?? order?.base_currency ?? 'USD';
  const money = (n: number, bag?: Bag) => formatMoney(n, currencyOf(bag), locale);
  const rejected = order?.bags.filter((b) => bagStatus(b) === 'REJECTED') ?? [];
  const going = order?.bags.filter((b) => bagStatus(b) !== 'REJECTED') ?? [];
  // The BFF's reading of the totals (issue 15.11): a bag in another currency, or a total that is not the bags' sum.
  const problem = order?.totals_problem;
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
    <h3>${t('shippingAddress')}</h3>
    <p class="address" part="address">${placed.address?.join('\n')}</p>
    ${order
      ? html`<h3>${t('whatHappensNext')}</h3>
          <tote-order-status .order=${order} no-live embedded></tote-order-status>
          ${problem === 'currency'
            ? nothing
            : html`<dl class="charged">
                  <div><dt>${t('totalCharged')}</dt><dd data-total=${charged} data-currency=${currencyOf()}>${money(charged)}</dd></div>
                </dl>
                <p class="charged-in">${t('chargedIn', { currency: currencyOf() })}</p>`}`
      : html`<p role="status">${t('loadingOrder')}</p>`}
    <div class="actions">
      <button class="button primary" part="continue-button" type="button" @click=${opts.onContinue}>${t('continueShopping')}</button>
    </div>
  </section>`;
}
