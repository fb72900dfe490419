/**
 * Every DOM event Tote dispatches, declared once: its name, the elements that
 * fire it, its `detail` type, whether a listener may cancel it, and one line
 * for docs/events.md. From this module come the events' types on
 * `addEventListener` (the global event maps, below), the names `emit` accepts
 * (`ToteElement`, `toteEvent`), the React wrappers' `onTote…` props
 * (src/react/event-props.ts) and the table of docs/events.md; both files are
 * written by `npm run docs:events` and test/ship/events.test.ts fails when
 * they, or a dispatch in src/, drift from it.
 *
 * Browser code imports it for its types only (the compiler erases those
 * imports), so none of the text below reaches a shopper.
 *
 * Adding an event: an entry here, then `npm run docs:events`.
 */
import type { WidgetOffer } from '../contract/api.js';
import type { QuoteResponse } from '../contract/checkout-api.js';
import type { ConnectionHealthReport, MerchantOnboarding } from '../contract/operations.js';
import type { ShopperSku as Sku } from '../contract/shopper-offer.js';
import type { ShopperOrder as Order } from '../contract/shopper-order.js';
import type { CartLine } from '../state/cart-store.js';
import type { CheckoutMode, CheckoutStep } from '../checkout/rules/checkout-session.js';

type Tag = `tote-${string}`;

/**
 * One `tote-*` event. Each one bubbles and is composed (it leaves shadow roots): `emit` and `toteEvent`
 * dispatch them so, as STYLE.md asks of every domain event.
 */
interface ToteEventSpec {
  /** A type carrier only: `{} as T` names the detail's type; the value is never read. */
  readonly detail: unknown;
  /** The elements that dispatch it (the event is also heard on every element that renders one of them). */
  readonly from: readonly Tag[];
  /** A listener's `preventDefault()` keeps Tote from doing what the event announces. */
  readonly cancelable?: true;
  /** When it fires, one line for docs/events.md. */
  readonly when: string;
}

/** A native event an element dispatches (native names where the meaning is native). */
interface NativeEventSpec {
  readonly bubbles: boolean;
  readonly composed: boolean;
  readonly when: string;
}

export const toteEvents = {
  'tote-cart-add': {
    detail: {} as { line: CartLine; offer?: WidgetOffer },
    from: ['tote-offer-card', 'tote-variant-picker', 'tote-provider'],
    cancelable: true,
    when: 'before a line goes into the cart (a card, a picker, or the provider\'s `addToCart()`); `preventDefault()` keeps it out so the host can take over',
  },
  'tote-sku-select': {
    detail: {} as { offer_id: number; sku_id: number | null; sku: Sku | null },
    from: ['tote-variant-picker'],
    when: 'the shopper\'s variant choice resolves to a SKU (`sku` null while it resolves to none)',
  },
  'tote-cart-open': {
    detail: {} as { added?: CartLine; feedback?: 'drawer' | 'toast' },
    from: ['tote-provider', 'tote-cart'],
    when: 'a host asked for the cart (`openCart()`: a mini `<tote-cart>` below opens its drawer), a line went in (`added`; `feedback` says how it is shown), or the shopper opened the mini cart with its badge',
  },
  'tote-cart-remove': {
    detail: {} as { line: CartLine },
    from: ['tote-cart'],
    when: 'the shopper removed a line (`line` as it was)',
  },
  'tote-cart-quantity': {
    detail: {} as { line: CartLine; quantity: number },
    from: ['tote-cart'],
    when: 'the shopper changed a line\'s quantity: `line` as it was, `quantity` the new one (after the stock bound)',
  },
  'tote-cart-checkout': {
    detail: {} as { lines: readonly CartLine[] },
    from: ['tote-cart'],
    cancelable: true,
    when: 'the shopper pressed "Check out" in the cart; unless prevented the provider begins the checkout (or goes to its `checkout-url`)',
  },
  'tote-offer-view': {
    detail: {} as { offer: WidgetOffer },
    from: ['tote-variant-picker'],
    when: 'a picker shows an offer: a product page\'s picker, or "Choose options" opened; once per offer shown',
  },
  'tote-offer-list-view': {
    detail: {} as { offers: WidgetOffer[] },
    from: ['tote-offer-grid'],
    when: 'offers of the grid came into view: each offer once per grid, a later page\'s offers in an event of their own',
  },
  'tote-checkout-start': {
    detail: {} as Record<string, never>,
    from: ['tote-provider'],
    when: 'a host asked to check out (`startCheckout()`), or the cart\'s "Check out" began it; `<tote-checkout>` below scrolls into view and takes focus',
  },
  'tote-shipping-select': {
    detail: {} as { merchant_id: number; shipping_method_id: string },
    from: ['tote-shipping-step'],
    when: 'a shipping method was chosen for one merchant\'s bag',
  },
  'tote-shipping-remove-bag': {
    detail: {} as { merchant_id: number },
    from: ['tote-shipping-step'],
    when: 'the shopper asked to drop a bag that cannot ship to the address, or whose shop is busy',
  },
  'tote-estimate-change': {
    detail: {} as { quote: QuoteResponse },
    from: ['tote-estimate'],
    when: 'a quote the summary asked for itself (given `lines`, no `quote`) arrived',
  },
  'tote-discount-apply': {
    detail: {} as { code: string },
    from: ['tote-discount-codes'],
    when: 'the shopper entered a discount code (trimmed, not empty)',
  },
  'tote-discount-remove': {
    detail: {} as { code: string },
    from: ['tote-discount-codes'],
    when: 'the shopper removed a discount code',
  },
  'tote-checkout-step': {
    detail: {} as { step: CheckoutStep },
    from: ['tote-checkout'],
    when: 'the checkout moved to another step (`review`, `address`, `shipping`, `payment`, `confirm`, `placed`)',
  },
  'tote-payment-authorized': {
    detail: {} as Record<string, never>,
    from: ['tote-payment'],
    when: 'a wallet sheet (Stripe\'s Express Checkout, from the adapter\'s container) paid the cart; `<tote-checkout>` places the order',
  },
  'tote-checkout-submit': {
    detail: {} as { mode: CheckoutMode; idempotency_key: string; lines: readonly CartLine[] },
    from: ['tote-checkout'],
    cancelable: true,
    when: '"Place order" was pressed; `preventDefault()` stops the submission',
  },
  'tote-checkout-complete': {
    detail: {} as { order: Order; access: string },
    from: ['tote-checkout'],
    when: 'the order was placed (a bag may still be rejected: read each bag\'s status)',
  },
  'tote-checkout-continue': {
    detail: {} as {
      /** Where the checkout goes unless prevented: the provider's `shop-url`, or `undefined` for `history.back()`. */
      url?: string;
    },
    from: ['tote-checkout'],
    cancelable: true,
    when: '"Continue shopping" on the confirmation; unless prevented the checkout goes to the provider\'s `shop-url` (`url`), else `history.back()`',
  },
  'tote-order-found': {
    detail: {} as { order_id: number; access: string },
    from: ['tote-order-lookup'],
    cancelable: true,
    when: 'an order number and email matched; unless prevented the lookup shows `<tote-order-status>` for it (prevent it to go to your own order page with the handle)',
  },
  'tote-order-cancel': {
    detail: {} as {
      order_id: number;
      /** The bag (one shop's items), or null for the whole order. */
      bag_id: number | null;
      reason: string;
    },
    from: ['tote-order-changes'],
    cancelable: true,
    when: 'the shopper confirmed "Cancel this order" (`bag_id` null) or "Cancel items from <shop>"; `preventDefault()` keeps Tote from sending the cancel, whose result arrives on the order\'s event stream',
  },
  'tote-health-refresh': {
    detail: {} as { merchant_id: number; report: ConnectionHealthReport },
    from: ['tote-merchant-health'],
    when: 'one merchant\'s connection health was re-read',
  },
  'tote-onboarding-save': {
    detail: {} as { record: MerchantOnboarding },
    from: ['tote-merchant-onboarding'],
    when: 'the service stored an onboarding record',
  },
} as const satisfies Record<Tag, ToteEventSpec>;

/** Native events, by the element that dispatches them (their types are the DOM's own). */
export const nativeEvents = {
  'tote-address-form': {
    change: { bubbles: true, composed: false, when: 'a field changed; read `value`, `billing` and `billingSameAsShipping`' },
    input: { bubbles: true, composed: true, when: 'the shopper types (the fields\' own `input`, out of the shadow root)' },
  },
  'tote-currency-select': {
    change: { bubbles: true, composed: true, when: 'the shopper chose another currency; the provider\'s `currency` has changed' },
  },
} as const satisfies Record<Tag, Record<string, NativeEventSpec>>;

/**
 * Elements that render others in their shadow root: a composed event of the inner one is heard on the outer one
 * too, so the outer's React wrapper takes its prop. `<tote-provider>` wraps the page's own elements and hears every
 * `tote-*` event.
 */
export const renders = {
  'tote-offer-grid': ['tote-offer-card'],
  'tote-offer-card': ['tote-variant-picker'],
  'tote-checkout': ['tote-cart', 'tote-address-form', 'tote-shipping-step', 'tote-estimate', 'tote-discount-codes', 'tote-payment', 'tote-order-status'],
  'tote-order-lookup': ['tote-order-status'],
  'tote-order-status': ['tote-order-changes'],
} as const satisfies Record<Tag, readonly Tag[]>;

export type ToteEventName = keyof typeof toteEvents;
export type ToteEventDetail<K extends ToteEventName> = (typeof toteEvents)[K]['detail'];
export type ToteEventMap = { [K in ToteEventName]: CustomEvent<ToteEventDetail<K>> };
/** The events a listener may cancel. */
export type ToteCancelableEventName = { [K in ToteEventName]: (typeof toteEvents)[K] extends { cancelable: true } ? K : never }[ToteEventName];
/** What a dispatch passes after the detail: `{ cancelable: true }` for a cancelable event, nothing for any other. */
export type ToteEventInit<K extends ToteEventName> = K extends ToteCancelableEventName ? [init: { cancelable: true }] : [];

// The detail types by the names Tote has exported since each event was added.
export type ToteCartAddDetail = ToteEventDetail<'tote-cart-add'>;
export type ToteSkuSelectDetail = ToteEventDetail<'tote-sku-select'>;
export type ToteCartOpenDetail = ToteEventDetail<'tote-cart-open'>;
export type ToteCartRemoveDetail = ToteEventDetail<'tote-cart-remove'>;
export type ToteCartQuantityDetail = ToteEventDetail<'tote-cart-quantity'>;
export type ToteCartCheckoutDetail = ToteEventDetail<'tote-cart-checkout'>;
export type ToteOfferViewDetail = ToteEventDetail<'tote-offer-view'>;
export type ToteOfferListViewDetail = ToteEventDetail<'tote-offer-list-view'>;
/** `tote-checkout-start`'s detail (an empty object). */
export type ToteHostRequestDetail = ToteEventDetail<'tote-checkout-start'>;
export type ToteShippingSelectDetail = ToteEventDetail<'tote-shipping-select'>;
export type ToteShippingRemoveBagDetail = ToteEventDetail<'tote-shipping-remove-bag'>;
export type ToteEstimateChangeDetail = ToteEventDetail<'tote-estimate-change'>;
export type ToteDiscountApplyDetail = ToteEventDetail<'tote-discount-apply'>;
export type ToteDiscountRemoveDetail = ToteEventDetail<'tote-discount-remove'>;
export type ToteCheckoutStepDetail = ToteEventDetail<'tote-checkout-step'>;
export type TotePaymentAuthorizedDetail = ToteEventDetail<'tote-payment-authorized'>;
export type ToteCheckoutSubmitDetail = ToteEventDetail<'tote-checkout-submit'>;
export type ToteCheckoutCompleteDetail = ToteEventDetail<'tote-checkout-complete'>;
export type ToteCheckoutContinueDetail = ToteEventDetail<'tote-checkout-continue'>;
export type ToteOrderFoundDetail = ToteEventDetail<'tote-order-found'>;
export type ToteOrderCancelDetail = ToteEventDetail<'tote-order-cancel'>;
export type ToteHealthRefreshDetail = ToteEventDetail<'tote-health-refresh'>;
export type ToteOnboardingSaveDetail = ToteEventDetail<'tote-onboarding-save'>;

// `addEventListener('tote-cart-add', (e) => e.detail.line)` typed on every element, `document` and `window`
// (`HTMLElementEventMap`, `DocumentEventMap` and `WindowEventMap` extend this map).
declare global {
  interface GlobalEventHandlersEventMap extends ToteEventMap {}
}
