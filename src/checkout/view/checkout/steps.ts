/**
 * Pieces of the checkout's view around the current step: the step list as a
 * navigation (steps done and the current one can be revisited, by click or
 * keyboard), the one order summary (a sticky column when wide, a collapsible
 * bar with the total when narrow), and the final review's recap of address,
 * shipping and payment with a way back to each.
 */
import { html, nothing } from 'lit';
import { formatMoney } from '../../../contract/money.js';
import type { CheckoutController } from '../../controller/checkout-controller.js';
import { CHECKOUT_STEPS, type CheckoutStep, stepIndex } from '../../rules/checkout-session.js';
import type { MessageKey, Translate as T } from '../../../i18n/localize.js';
import { codeStates, withCode, withoutCode } from '../../rules/checkout-quote-codes.js';
import type { ToteDiscountApplyDetail, ToteDiscountRemoveDetail } from '../../../events/registry.js';

const STEP_LABEL: Record<CheckoutStep, MessageKey> = {
  review: 'stepReview',
  address: 'stepAddress',
  shipping: 'stepShipping',
  payment: 'stepPayment',
  confirm: 'stepConfirm',
  placed: 'stepPlaced',
};

export function renderStepNav(current: CheckoutStep, t: T, goTo: (step: CheckoutStep) => void) {
  const index = stepIndex(current);
  return html`<nav aria-label=${t('checkoutSteps')}>
    <ol part="steps">
      ${CHECKOUT_STEPS.filter((s) => s !== 'placed').map((s, i) => {
        const label = t(STEP_LABEL[s]);
        if (i > index) return html`<li class="todo">${label}</li>`;
        return html`<li class=${i < index ? 'done' : 'current'}>
          <button
            class="step"
            type="button"
            aria-current=${s === current ? 'step' : nothing}
            aria-label=${i < index ? t('stepCompleted', { step: label }) : nothing}
            @click=${() => goTo(s)}
          >
            ${i < index ? html`<span aria-hidden="true">✓</span> ` : nothing}${label}
          </button>
        </li>`;
      })}
    </ol>
  </nav>`;
}

export function renderRecap(flow: CheckoutController, t: T, goTo: (step: CheckoutStep) => void) {
  const s = flow.state;
  const a = s.shipping;
  // The lines as the country writes them, in the shopper's language: the BFF's (`shipping_address_lines`).
  const address = [...(flow.quote?.shipping_address_lines ?? []), a.email, a.phone].filter(Boolean).join('\n');
  const shipping = (flow.quote?.bags ?? [])
    .map((b) => {
      const m = b.shipping_methods.find((x) => x.shipping_method_id === b.shipping_method_id);
      return m ? `${b.merchant_name}: ${m.label}` : '';
    })
    .filter(Boolean)
    .join('\n');
  const pay = s.payment;
  const item = (label: MessageKey, step: CheckoutStep, value: unknown) => html`<div>
    <dt>${t(label)} <button class="link" type="button" @click=${() => goTo(step)}>${t('edit')}</button></dt>
    <dd>${value}</dd>
  </div>`;
  return html`<dl class="recap">
    ${item('shippingAddress', 'address', address)} ${item('shipping', 'shipping', shipping)}
    ${item('paymentMethod', 'payment', pay?.brand && pay.last4 ? t('paidWith', { brand: pay.brand, last4: pay.last4 }) : pay?.payment_provider)}
  </dl>`;
}

export function renderSummary(flow: CheckoutController, o: { t: T; locale: string; open: boolean; toggle: () => void }) {
  const { t } = o;
  const quote = flow.quote;
  const total = quote ? formatMoney(quote.totals.total, quote.currency, o.locale) : '';
  // Focusable: when wide it scrolls on its own (a long order in a short window). On the cart step the cart
  // itself lists the lines: the summary keeps to the totals there.
  return html`<aside class="summary ${o.open ? 'open' : ''}" part="summary" aria-label=${t('summary')} tabindex="0">
    <button class="summary-toggle" type="button" aria-expanded=${o.open ? 'true' : 'false'} aria-controls="summary-body" @click=${o.toggle}>
      <span>${t(o.open ? 'hideSummary' : 'showSummary')}</span>
      <strong class="summary-total">${total}</strong>
    </button>
    <div id="summary-body">
      <tote-estimate .quote=${quote} .lines=${flow.lines} .busy=${flow.busy} ?updating=${flow.quoteLoading} ?hide-lines=${flow.step === 'review'}></tote-estimate>
      <tote-discount-codes
        .codes=${codeStates(flow.state.codes, quote)}
        currency=${quote?.currency ?? ''}
        @tote-discount-apply=${(e: CustomEvent<ToteDiscountApplyDetail>) => flow.setCodes(withCode(flow.state.codes, e.detail.code))}
        @tote-discount-remove=${(e: CustomEvent<ToteDiscountRemoveDetail>) => flow.setCodes(withoutCode(flow.state.codes, e.detail.code))}
      ></tote-discount-codes>
      ${flow.quoteFailed
        ? html`<p class="error" role="alert">
            ${flow.currencyRefused ? t('currencyRefused', { currency: flow.currency ?? '' }) : t('estimateError')}
            <button class="button secondary" type="button" @click=${() => flow.requote()}>${t('retryNow')}</button>
          </p>`
        : nothing}
    </div>
  </aside>`;
}
