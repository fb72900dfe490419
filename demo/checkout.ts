/**
 * The demo's checkout page: `?mode=cart` (default) or `?mode=direct`, `?payment=stripe` to pay with Stripe. After
 * the order is placed it offers the order status page, whose address carries
 * the order's access handle.
 */
import '../src/elements/provider/provider.js';
import '../src/checkout/view/checkout/checkout.js';
import type { ToteCheckout } from '../src/checkout/view/checkout/checkout.js';

const mode = new URLSearchParams(location.search).get('mode') === 'direct' ? 'direct' : 'cart';
const checkout = document.querySelector<ToteCheckout>('tote-checkout')!;
checkout.mode = mode;
document.getElementById(`mode-${mode}`)?.setAttribute('aria-current', 'page');
// `?payment=stripe` pays through the Stripe adapter; `&stripe-key=pk_test_…` for direct orders, `&wallets` for Apple Pay /
// Google Pay where offered (docs/payments.md).
const params = new URLSearchParams(location.search);
if (params.get('payment') === 'stripe') {
  checkout.payment = 'stripe';
  checkout.stripeKey = params.get('stripe-key') ?? '';
  checkout.wallets = params.has('wallets');
}

// The confirmation is the end of the checkout: no "Checkout" heading above it.
checkout.addEventListener('tote-checkout-step', (e) => {
  document.querySelector<HTMLElement>('.checkout-page > h1')!.hidden = e.detail.step === 'placed';
});

checkout.addEventListener('tote-checkout-complete', (e) => {
  const { order, access } = e.detail;
  const link = document.createElement('a');
  link.id = 'order-link';
  link.href = `./order.html?${new URLSearchParams({ order: String(order.id), access })}`;
  link.textContent = `Follow order ${order.id}`;
  document.getElementById('after-order')!.replaceChildren(link);
});
