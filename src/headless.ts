/**
 * `tote-checkout/headless`: Tote without elements — the BFF client, the cart
 * store, the context keys, money formatting and the message catalogue. Nothing
 * here registers a tag, so a bundler pays only for what is used (build your
 * own UI on the same cart, or read the cart from outside Tote's elements).
 */
export type { ToteCartAddDetail, ToteSkuSelectDetail, ToteHostRequestDetail } from './events/registry.js';
export { msg } from './i18n/headless-msg.js';
export {
  addMessages,
  localeDirection,
  loadMessages,
  registerLocale,
  type MessageKey,
  type MessageArea,
} from './i18n/localize.js';

export {
  createApiClient,
  ApiRequestError,
  isAbortError,
  type ToteApi,
  type ApiClientOptions,
  type ApiCallOptions,
  type OffersQuery,
} from './state/api-client.js';
export {
  CartStore,
  cartStorageKey,
  isBuyable,
  type CartLine,
  type CartLineInput,
  type LineIssue,
  type CartStoreOptions,
} from './state/cart-store.js';
// A cart's bags (one per merchant) and totals per currency, as `<tote-cart>` shows them.
export { cartBags, cartTotals, type CartBag } from './state/cart-bags.js';
// The re-check a `<tote-cart>` runs on a saved cart, and the flags a checkout quote sets: for a cart UI of your own.
export { revalidateCart } from './state/cart-revalidate.js';
export { applyQuote } from './checkout/rules/line-issues.js';
export { apiContext, cartContext, localeContext, hostContext, currencyContext } from './state/context.js';
export { createOperatorClient, type OperatorApi, type OperatorClientOptions } from './state/operator-client.js';
export { formatMoney, parseMoney, sumByCurrency, addMoney, type Money } from './contract/money.js';
