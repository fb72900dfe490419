/**
 * The code-split script-tag bundle `dist/split/tote.js`. Up front it defines
 * what a shop page shows first: `<tote-provider>` (before anything that
 * consumes its context), the offer grid and card, the cart, and the currency
 * switcher (380 B brotli inside this file, where as a chunk of its own it cost the
 * journey 725 B and a round trip: a file pays its own compression). The rest loads
 * when a shopper needs it:
 * - the checkout flow (address, shipping, estimate, payment, checkout, order
 *   status: one chunk) when checking out starts: `tote-checkout-start`, the cart's
 *   "Check out", or a `<tote-checkout>` coming into view — not merely being in
 *   the markup, as it often sits further down the page. A step element or
 *   `<tote-order-status>` used on its own loads it when it appears;
 * - the order lookup (a shopper finding an order again) when one appears, and
 *   an order page's items, refunds and cancelling when an order status shows;
 * - the variant picker on the first "Choose options", or when one appears;
 * - the operator elements (back office only) when one appears;
 * - a locale's strings when a provider (or the page's `lang`) makes it active.
 * Only the document is watched: use `dist/tote.js` when these elements live
 * inside other shadow roots.
 */
import './elements/provider/provider.js';
import './elements/offer-grid/offer-grid.js';
import './elements/offer-card/offer-card.js';
import './elements/cart/cart.js';
import './elements/currency-select/currency-select.js';
import { loadMessages } from './i18n/localize.js';
import { loadOnDemand, loadsOnDemand, notRequested } from './elements/internal/on-demand.js';

const CHECKOUT = 'tote-checkout';
/** Each module loaded on demand, with the tags it defines. */
const ON_DEMAND: [string[], () => Promise<unknown>][] = [
  // `checkout.js` imports every step; with the order status they are one chunk (scripts/build.mjs, `checkoutGroup`).
  [[CHECKOUT, 'tote-address-form', 'tote-shipping-step', 'tote-estimate', 'tote-discount-codes', 'tote-payment'], () => import('./checkout/view/checkout/checkout.js')],
  [['tote-order-status'], () => import('./elements/order-status/order-status.js')],
  [['tote-order-lookup'], () => import('./elements/order-lookup/order-lookup.js')],
  [['tote-variant-picker'], () => import('./elements/variant-picker/variant-picker.js')],
  [['tote-merchant-health'], () => import('./elements/merchant-health/merchant-health.js')],
  [['tote-merchant-onboarding'], () => import('./elements/merchant-onboarding/merchant-onboarding.js')],
  [['tote-order-desk'], () => import('./elements/order-desk/order-desk.js')],
];
for (const [tags, load] of ON_DEMAND) loadsOnDemand(tags, load);

/** Loaded as soon as they are in the document, the whole point of a page that has one: all but `<tote-checkout>`, which waits until it comes into view. */
const WHEN_PRESENT = ON_DEMAND.flatMap(([tags]) => tags).filter((tag) => tag !== CHECKOUT);

function startCheckoutLoad(): void {
  if (!notRequested(CHECKOUT)) return;
  void loadOnDemand(CHECKOUT)?.catch(() => {}); // reported by loadOnDemand
  // The flow's strings in each provider's language (its `locale`, else the page's), beside the flow rather than after it.
  for (const provider of document.querySelectorAll('tote-provider')) {
    void loadMessages(provider.locale || document.documentElement.lang || navigator.language, 'checkout');
  }
}

if (typeof document !== 'undefined') {
  const inView =
    typeof IntersectionObserver === 'undefined'
      ? undefined
      : new IntersectionObserver(
          (entries) => {
            if (entries.some((e) => e.isIntersecting)) startCheckoutLoad();
          },
          // A little ahead of the viewport, so a shopper scrolling down finds it ready.
          { rootMargin: '200px' },
        );
  const watched = new WeakSet<Element>();
  const scan = () => {
    for (const tag of WHEN_PRESENT) if (notRequested(tag) && document.querySelector(tag)) void loadOnDemand(tag)?.catch(() => {});
    if (!notRequested(CHECKOUT)) {
      inView?.disconnect();
      // Everything asked for: stop watching the document.
      if (!WHEN_PRESENT.some(notRequested)) observer?.disconnect();
      return;
    }
    for (const el of document.querySelectorAll(CHECKOUT)) {
      if (watched.has(el)) continue;
      watched.add(el);
      if (inView) inView.observe(el);
      else startCheckoutLoad();
    }
  };
  // A host that dispatches the request itself, or stops the cart's event before it reaches the document, still gets the flow.
  document.addEventListener('tote-checkout-start', startCheckoutLoad, { capture: true });
  document.addEventListener('tote-cart-checkout', startCheckoutLoad, { capture: true });
  const observer = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(scan);
  observer?.observe(document, { childList: true, subtree: true });
  scan();
}

// What is defined up front; the element classes loaded on demand are reached through `customElements.get(tag)`.
// Not `export * from './headless.js'`: that registers every area's English strings.
export { createApiClient, ApiRequestError, isAbortError } from './state/api-client.js';
export { CartStore, cartStorageKey, isBuyable } from './state/cart-store.js';
export { apiContext, cartContext, localeContext, hostContext, currencyContext } from './state/context.js';
export { formatMoney, parseMoney, sumByCurrency, addMoney } from './contract/money.js';
export { addMessages, msg, localeDirection, loadMessages, registerLocale } from './i18n/localize.js';
export { ToteElement } from './elements/internal/tote-element.js';
export { ToteProvider } from './elements/provider/provider.js';
export { ToteOfferGrid } from './elements/offer-grid/offer-grid.js';
export { ToteOfferCard } from './elements/offer-card/offer-card.js';
export { ToteCart } from './elements/cart/cart.js';
