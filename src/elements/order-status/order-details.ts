/**
 * What the order page and the confirmation show of an order: per shop, its state in plain words and what
 * happens next, the items (image, name, variant values, quantity, price), the shipping method with its
 * estimated delivery, discounts, tax and total; then where it ships, how it was paid and the order's totals.
 * Only what the BFF's shopper allowlist carries (src/contract/shopper-order.ts).
 */
import { html, nothing } from 'lit';
import { formatMoney } from '../../contract/money.js';
import type { ShopperBag as Bag, ShopperOrder as Order } from '../../contract/shopper-order.js';
import { deliveryWindowText } from '../../contract/delivery-dates.js';
import { shopperBagState, type ShopperState } from '../../state/shopper-status.js';
import type { MessageKey, Translate } from '../../i18n/localize.js';
import { safeUrl } from '../internal/safe-url.js';

export interface DetailsView {
  t: Translate;
  locale: string;
}

export const STATE_LABEL: Record<ShopperState, MessageKey> = {
  received: 'stateReceived',
  confirmed: 'stateConfirmed',
  partlyShipped: 'statePartlyShipped',
  shipped: 'stateShipped',
  delivered: 'stateDelivered',
  cancelled: 'stateCancelled',
  refunded: 'stateRefunded',
  partlyRefunded: 'statePartlyRefunded',
};

const STATE_NEXT: Record<ShopperState, MessageKey> = {
  received: 'nextReceived',
  confirmed: 'nextConfirmed',
  partlyShipped: 'nextPartlyShipped',
  shipped: 'nextShippedParcel',
  delivered: 'nextDelivered',
  cancelled: 'nextCancelled',
  refunded: 'nextRefunded',
  partlyRefunded: 'nextPartlyRefunded',
};

const TONE: Partial<Record<ShopperState, string>> = { confirmed: 'good', shipped: 'good', delivered: 'good', cancelled: 'bad', refunded: 'bad' };

const currencyOf = (order: Order, bag?: Bag) => bag?.currency ?? order.currency ?? order.base_currency ?? 'USD';

/** A shop's state as a badge: the shopper's word; `data-value` keeps the service's bag status for scripts. */
export function stateBadge(bag: Bag, { t }: DetailsView) {
  const state = shopperBagState(bag);
  return html`<span class="badge ${TONE[state] ?? ''}" data-value=${bag.bag_status ?? bag.status ?? ''} data-state=${state}>${t(STATE_LABEL[state])}</span>`;
}

/** "Arrives …" from the day the bag was placed, while it is still on its way. */
function delivery(order: Order, bag: Bag, view: DetailsView) {
  const m = bag.shipping_method;
  const from = Date.parse(bag.date_submitted ?? order.date_submitted ?? order.date_created ?? '');
  const state = shopperBagState(bag);
  if (m?.min_days == null || m.max_days == null || Number.isNaN(from) || !['received', 'confirmed', 'partlyShipped', 'shipped'].includes(state)) return nothing;
  return html`<p class="delivery" part="delivery">${view.t('estimatedDelivery', { dates: deliveryWindowText(m.min_days, m.max_days, view.locale, new Date(from)) })}</p>`;
}

export function renderBagDetails(order: Order, bag: Bag, view: DetailsView) {
  const { t, locale } = view;
  const money = (n: number) => formatMoney(n, currencyOf(order, bag), locale);
  const shop = bag.merchant_name ?? `#${bag.merchant_id}`;
  const method = bag.shipping_method;
  const discounts = bag.discounts.filter((d) => d.amount && d.status !== 'INVALID' && d.status !== 'EXPIRED' && d.status !== 'ERROR');
  return html`<p class="next" part="next">${t(STATE_NEXT[shopperBagState(bag)], { merchant: shop })}</p>
    <ul class="items" part="items" aria-label=${t('orderItems')}>
      ${bag.skus.map((s) => {
        const image = safeUrl(s.thumbnail);
        return html`<li class="item" data-sku=${s.sku_id}>
          ${image ? html`<img src=${image} alt="" width="56" height="56" loading="lazy" />` : html`<span class="no-image" aria-hidden="true"></span>`}
          <span class="what">
            <span class="name">${s.name ?? `#${s.sku_id}`}</span>
            ${s.variant_values.length ? html`<span class="variants">${s.variant_values.map((v) => `${v.variant}: ${v.value}`).join(', ')}</span>` : nothing}
            <span class="qty">${t('itemQuantity', { count: s.quantity })}</span>
          </span>
          <span class="amount">${money(s.line_price ?? s.price * s.quantity)}</span>
        </li>`;
      })}
    </ul>
    <dl class="sums">
      ${bag.sub_total != null ? html`<div><dt>${t('itemsSubtotal')}</dt><dd>${money(bag.sub_total)}</dd></div>` : nothing}
      ${discounts.map((d) => html`<div class="discount" data-code=${d.code ?? ''}><dt>${t('discountCode', { code: d.code ?? '' })}</dt><dd>−${money(Math.abs(d.amount!))}</dd></div>`)}
      ${method
        ? html`<div class="method" part="method"><dt>${t('shippingMethod')}</dt><dd>${method.label} · ${method.price === 0 ? t('freeShipping') : money(method.price)}</dd></div>`
        : nothing}
      ${bag.tax_total
        ? html`<div><dt>${bag.taxes_included ? t('inclVat') : t('taxLine')}</dt><dd>${money(bag.tax_total)}</dd></div>`
        : nothing}
      ${bag.total != null ? html`<div class="total"><dt>${t('shopTotal')}</dt><dd>${money(bag.total)}</dd></div>` : nothing}
    </dl>
    ${delivery(order, bag, view)}`;
}

/** Where it ships, how it was paid, and the order's totals, unless the page around it states them (the confirmation does). */
export function renderOrderFacts(order: Order, { t, locale }: DetailsView, embedded = false) {
  const withTotals = !embedded;
  const a = order.shipping_address;
  const card = order.payment_method;
  const name = a ? (a.name ?? [a.first_name, a.last_name].filter(Boolean).join(' ')) : '';
  const region = a ? [a.postal_code, a.city, a.state].filter(Boolean).join(' ') : '';
  const regionName = a?.country ? (new Intl.DisplayNames(locale, { type: 'region' }).of(a.country) ?? a.country) : '';
  const money = (n: number) => formatMoney(n, currencyOf(order), locale);
  return html`<div class="facts">
      ${a && !embedded
        ? html`<section part="address" aria-labelledby="ship-to"><h4 id="ship-to">${t('shipTo')}</h4>
            <address>${[name, a.address_1, a.address_2, region, regionName].filter(Boolean).map((l, i) => html`${i ? html`<br />` : nothing}${l}`)}</address>
          </section>`
        : nothing}
      ${card?.last4 || card?.brand
        ? html`<section part="payment" aria-labelledby="paid-with"><h4 id="paid-with">${t('paidWithHeading')}</h4>
            <p data-brand=${card.brand ?? ''}>${card.last4 ? t('cardEnding', { brand: brandName(card.brand, t), last4: card.last4 }) : brandName(card.brand, t)}</p>
          </section>`
        : nothing}
    </div>
    ${withTotals && order.total != null
      ? html`<dl class="order-sums" part="totals">
          ${order.sub_total != null ? html`<div><dt>${t('itemsSubtotal')}</dt><dd>${money(order.sub_total)}</dd></div>` : nothing}
          ${order.discount_total ? html`<div><dt>${t('discountsTotal')}</dt><dd>−${money(Math.abs(order.discount_total))}</dd></div>` : nothing}
          ${order.shipping_total != null ? html`<div><dt>${t('shippingTotal')}</dt><dd>${money(order.shipping_total)}</dd></div>` : nothing}
          ${order.tax_total ? html`<div><dt>${t('taxLine')}</dt><dd>${money(order.tax_total)}</dd></div>` : nothing}
          <div class="total"><dt>${t('orderTotal')}</dt><dd data-total=${order.total} data-currency=${currencyOf(order)}>${money(order.total)}</dd></div>
        </dl>`
      : nothing}`;
}

/** Card brands as printed on cards; an unknown brand is shown as "Card". */
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay' };
const brandName = (brand: string | null | undefined, t: Translate) => BRANDS[(brand ?? '').toLowerCase().split('_')[0]!] ?? t('card');
