/**
 * One line of `<tote-cart>`: its picture, name and options, unit price, the
 * quantity stepper (bounded by the stock the shop reported), remove, the
 * line total, and what changed about it since it was added (sold out, price,
 * quantity) with, when it can still be bought, a way to acknowledge it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { multiplyMoney, type Money } from '../../contract/money.js';
import { type CartLine, type CartStore, isBuyable } from '../../state/cart-store.js';
import type { Translate as T } from '../../i18n/localize.js';
import { safeUrl } from '../internal/safe-url.js';

/** The most a stepper goes to when the shop reported no stock figure. */
const MAX_QUANTITY = 1000;

export interface CartLineView {
  t: T;
  money(m: Money): string;
  /** The price as the shopper sees it: converted into the provider's currency, marked "≈" (shown-price.ts). */
  price(m: Money): TemplateResult | string;
  store?: CartStore;
  /** Removes the line and keeps keyboard focus in place (the cart's own job). */
  remove(line: CartLine): void;
  /** Sets the line's quantity (the cart says so with `tote-cart-quantity`). */
  setQuantity(line: CartLine, quantity: number): void;
}

export function renderCartLine(line: CartLine, view: CartLineView) {
  const { t, price } = view;
  const image = safeUrl(line.image);
  const blocking = !isBuyable(line);
  const nameId = `name-${line.sku_id}`;
  const issueId = `issue-${line.sku_id}`;
  return html`<li
    class="line ${blocking ? 'blocked' : ''}"
    part="line"
    data-sku=${line.sku_id}
    tabindex="-1"
    aria-labelledby=${nameId}
    aria-describedby=${line.issue ? issueId : nothing}
  >
    ${image
      ? html`<img part="image" src=${image} alt="" width="64" height="64" loading="lazy" />`
      : html`<span class="no-image" part="image" aria-hidden="true"></span>`}
    <div>
      <div class="name" id=${nameId}>${line.name}</div>
      ${line.variant_values.length
        ? html`<p class="variants">${line.variant_values.map((v, i) => html`${i ? ', ' : ''}${v.variant}: ${v.value}`)}</p>`
        : nothing}
      <div class="unit"><span class="sr-only">${t('unitPrice')}: </span>${price({ amount: line.unit_price, currency: line.currency })}</div>
      <div class="controls">
        ${blocking ? nothing : renderStepper(line, view)}
        <button class="link" part="remove-button" type="button" aria-label=${t('removeItem', { name: line.name })} @click=${() => view.remove(line)}>
          ${t('remove')}
        </button>
      </div>
    </div>
    <div class="line-total">${price(multiplyMoney({ amount: line.unit_price, currency: line.currency }, line.quantity))}</div>
    ${line.issue ? renderIssue(line, issueId, view) : nothing}
  </li>`;
}

function renderStepper(line: CartLine, { t, store, setQuantity }: CartLineView) {
  const max = Math.min(line.max_quantity ?? MAX_QUANTITY, MAX_QUANTITY);
  const typed = (e: Event) => {
    const input = e.target as HTMLInputElement;
    const n = Math.trunc(Number(input.value));
    if (Number.isFinite(n) && n >= 1) setQuantity(line, n);
    // Junk or zero: show the quantity the store kept (removal is an explicit button).
    input.value = String(store?.line(line.sku_id)?.quantity ?? line.quantity);
  };
  return html`<div class="stepper" part="quantity">
      <button type="button" aria-label=${t('decreaseQuantityOf', { name: line.name })} ?disabled=${line.quantity <= 1} @click=${() => setQuantity(line, line.quantity - 1)}>−</button>
      <input type="number" inputmode="numeric" min="1" max=${max} .value=${String(line.quantity)} aria-label=${t('quantityOf', { name: line.name })} @change=${typed} />
      <button type="button" aria-label=${t('increaseQuantityOf', { name: line.name })} ?disabled=${line.quantity >= max} @click=${() => setQuantity(line, line.quantity + 1)}>+</button>
    </div>
    ${line.max_quantity !== undefined && line.quantity >= line.max_quantity ? html`<span class="unit">${t('maxStock', { count: line.max_quantity })}</span>` : nothing}`;
}

function issueText(line: CartLine, { t, money }: CartLineView): string {
  switch (line.issue) {
    case 'unavailable':
      return t('issueUnavailable');
    case 'out_of_stock':
      return t('issueOutOfStock');
    case 'price_changed':
      return t('issuePriceChanged', {
        before: line.previous_unit_price === undefined ? '—' : money({ amount: line.previous_unit_price, currency: line.currency }),
        after: money({ amount: line.unit_price, currency: line.currency }),
      });
    default:
      return t('issueQuantityReduced', { count: line.quantity });
  }
}

function renderIssue(line: CartLine, id: string, view: CartLineView) {
  const blocking = !isBuyable(line);
  return html`<p class="issue ${blocking ? 'blocking' : ''}" part="issue" id=${id}>
    <span>${issueText(line, view)}</span>
    ${blocking ? nothing : html`<button class="link" type="button" @click=${() => view.store?.acknowledge(line.sku_id)}>${view.t('acknowledge')}</button>`}
  </p>`;
}
