/**
 * `tote-checkout/analytics`: Tote's DOM events as Google Analytics 4 ecommerce events on `dataLayer`
 * (Google Tag Manager's or gtag.js's), sent only with the shopper's consent. Opt-in: nothing of it is in
 * `tote.js` or any element; a page that wants it imports it and calls `connectAnalytics()` once.
 *
 * | Tote event | GA4 event |
 * |---|---|
 * | `tote-offer-list-view` | `view_item_list` |
 * | `tote-offer-view` | `view_item` |
 * | `tote-cart-add` (not cancelled), `tote-cart-quantity` up | `add_to_cart` |
 * | `tote-cart-remove`, `tote-cart-quantity` down | `remove_from_cart` |
 * | `tote-cart-open` (not a toast) | `view_cart` |
 * | `tote-cart-checkout`, or the checkout reaching its address step | `begin_checkout` (once per checkout) |
 * | the checkout reaching its payment step | `add_shipping_info` (once per checkout) |
 * | the checkout reaching its confirm step | `add_payment_info` (once per checkout) |
 * | `tote-checkout-complete` | `purchase` |
 *
 * docs/analytics.md says what each carries, how consent works, and why there is no `refund`.
 */
import { isBuyable, type CartLine, type CartStore } from '../state/cart-store.js';
import { consentModeGranted } from './consent.js';
import { linesByCurrency, purchase, viewItem, viewItemList, type Ga4Ecommerce, type Ga4Event, type Ga4EventName } from './ga4.js';

export { consentModeGranted } from './consent.js';
export type { Ga4Ecommerce, Ga4Event, Ga4EventName, Ga4Item } from './ga4.js';

export interface AnalyticsOptions {
  /**
   * Whether the shopper agreed to analytics, asked before every event; nothing is sent while it answers
   * false (those events are dropped, not kept for later). A promise is waited for, events staying in order.
   * Default: Google Consent Mode's `analytics_storage` on the data layer is `granted` (`consentModeGranted`).
   */
  consent?: () => boolean | Promise<boolean>;
  /** The data layer to push to; default `window.dataLayer` (created when the page has none yet). */
  dataLayer?: unknown[];
  /** Where Tote's events are heard (they bubble and are composed); default `window`. */
  target?: EventTarget;
  /** Names the product list in `view_item_list` (`item_list_id`, `item_list_name`), e.g. `{ item_list_id: 'home' }`. */
  list?: { item_list_id?: string; item_list_name?: string };
}

/** `path`: the event's `composedPath()`, read while it was dispatched (afterwards it is empty). */
type Handlers = { [K in keyof GlobalEventHandlersEventMap]?: (e: GlobalEventHandlersEventMap[K], path: EventTarget[]) => Ga4Event[] };

/**
 * The lines of the cart the event came from: the nearest element on its path holding a cart store
 * (`<tote-checkout>` or `<tote-cart>` given a `store`, else the `<tote-provider>`'s `cart`).
 */
function cartLines(path: EventTarget[]): readonly CartLine[] {
  for (const node of path) {
    // Read by shape, not `instanceof`: the elements may come from another bundle (`tote.js`) than this module.
    const holder = node as { store?: CartStore; cart?: CartStore };
    const lines = (holder.store ?? holder.cart)?.lines;
    if (Array.isArray(lines)) return lines;
  }
  return [];
}

const events = (name: Ga4EventName, bodies: Ga4Ecommerce[]): Ga4Event[] =>
  bodies.filter((b) => b.items.length).map((ecommerce) => ({ event: name, ecommerce }));

/**
 * Starts listening; returns the function that stops. Call it once per page (two calls send every event twice).
 */
export function connectAnalytics(options: AnalyticsOptions = {}): () => void {
  const target = options.target ?? window;
  const layer = () => options.dataLayer ?? ((window as { dataLayer?: unknown[] }).dataLayer ??= []);
  const consent = options.consent ?? (() => consentModeGranted(layer()));
  /** The checkout steps already reported in this checkout (until its purchase). */
  const funnel = new Set<Ga4EventName>();
  let chain: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  const deliver = (batch: Ga4Event[]) => (ok: unknown) => {
    if (ok === true) for (const e of batch) layer().push({ ecommerce: null }, e);
  };

  /** Asks for consent and pushes; while an earlier answer is awaited, later events wait behind it. */
  const send = (batch: Ga4Event[]) => {
    if (!batch.length) return;
    let answer: boolean | Promise<boolean> | undefined;
    try {
      answer = waiting ? undefined : consent();
    } catch {
      return;
    }
    if (typeof answer === 'boolean') return deliver(batch)(answer);
    waiting++;
    chain = chain
      .then(() => answer ?? consent())
      .then(deliver(batch), () => undefined)
      .finally(() => waiting--);
  };

  const once = (name: Ga4EventName, lines: readonly CartLine[]) => {
    if (funnel.has(name)) return [];
    const batch = events(name, linesByCurrency(lines.filter(isBuyable)));
    if (batch.length) funnel.add(name);
    return batch;
  };

  const handlers: Handlers = {
    'tote-offer-list-view': (e) => events('view_item_list', [viewItemList(e.detail.offers, options.list)]),
    'tote-offer-view': (e) => events('view_item', [viewItem(e.detail.offer)]),
    'tote-cart-add': (e) => (e.defaultPrevented ? [] : events('add_to_cart', linesByCurrency([e.detail.line]))),
    'tote-cart-remove': (e) => events('remove_from_cart', linesByCurrency([e.detail.line])),
    'tote-cart-quantity': ({ detail: { line, quantity } }) =>
      events(quantity > line.quantity ? 'add_to_cart' : 'remove_from_cart', linesByCurrency([line], () => Math.abs(quantity - line.quantity))),
    'tote-cart-open': (e, path) => (e.detail?.feedback === 'toast' ? [] : events('view_cart', linesByCurrency(cartLines(path)))),
    'tote-cart-checkout': (e) => once('begin_checkout', e.detail.lines),
    'tote-checkout-step': (e, path) => {
      const step = e.detail.step;
      const name = step === 'address' ? 'begin_checkout' : step === 'payment' ? 'add_shipping_info' : step === 'confirm' ? 'add_payment_info' : undefined;
      return name ? once(name, cartLines(path)) : [];
    },
    'tote-checkout-complete': (e) => {
      funnel.clear();
      const body = purchase(e.detail.order);
      return body ? events('purchase', [body]) : [];
    },
  };

  // After the event's dispatch: a host listener that cancels `tote-cart-add` has had its say.
  const listener = (e: Event) => {
    const path = e.composedPath();
    queueMicrotask(() => send((handlers[e.type as keyof Handlers] as (e: Event, path: EventTarget[]) => Ga4Event[])(e, path)));
  };
  const names = Object.keys(handlers);
  for (const name of names) target.addEventListener(name, listener);
  return () => {
    for (const name of names) target.removeEventListener(name, listener);
  };
}
