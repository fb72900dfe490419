/**
 * Pricing a checkout against the service (issue 14): the estimate in direct
 * mode, the service cart (created, or updated in place) in cart mode. The
 * result is what the shopper sees and what the quote token states; placing
 * uses nothing else.
 */
import type { ServiceClient } from '../contract/client.js';
import type { EstimatedCart } from '../contract/estimate.js';
import type { ParsedQuoteRequest, QuoteBag, QuoteProblem, QuoteResponse, QuoteShippingMethod } from '../contract/checkout-api.js';
import type { Bag, Order } from '../contract/order.js';
import { ApiHttpError, badRequest } from './errors.js';
import type { HealthDirectory } from './merchants.js';
import { assertShoppable, merchantFacts, withholdHidden, type MerchantFacts } from './quote-shoppable.js';
import { ensureIntent } from './place-intent.js';
import { stripeKeySource } from './stripe-key.js';
import type { QuotedBag, QuotePayload, QuoteTokens } from './quote-token.js';

/** The service's own default base currency, used when the shopper's is not given. */
export const DEFAULT_CURRENCY = 'USD';

/** What a quote is computed from: the request, with the previous quote's choices where the request is silent. */
export type QuoteInput = Omit<ParsedQuoteRequest, 'quote_token'> & { currency: string };

export interface Quoter {
  /** Prices `input`; in cart mode `cartId` is the service cart to update in place. */
  quote(input: QuoteInput, cartId?: number): Promise<{ response: QuoteResponse; payload: QuotePayload }>;
  /** The shopper-facing quote of a priced service cart (cart mode; used when the cart changed at place time). */
  fromCart(input: QuoteInput, cart: Order): Promise<{ response: QuoteResponse; payload: QuotePayload }>;
  /** Throws `409 quote_invalid` when a merchant of a quote is no longer shoppable (or health cannot be read: 503). */
  assertShoppable(merchantIds: readonly number[]): Promise<void>;
}

export interface QuoterOptions {
  client: ServiceClient;
  health: HealthDirectory;
  tokens: QuoteTokens;
  ttlMs: number;
  /** True while a place attempt holds the service cart (place-guards.ts): its quote must not edit it. */
  cartHeld?: (cartId: number) => Promise<boolean>;
  /** The merchant of a SKU the BFF served, so a hidden merchant's lines are not sent to the service at all. */
  merchantOf?: (skuId: number) => number | undefined;
  now?: () => number;
}

const httpUrl = (u: string | null | undefined) => (u && /^https?:\/\//i.test(u) ? u : undefined);

const cheapest = (methods: QuoteShippingMethod[]) =>
  methods.reduce<QuoteShippingMethod | undefined>((best, m) => (!best || m.price < best.price ? m : best), undefined);

/** The requested method of a merchant when it is still offered, else the cheapest. */
function chooseMethod(input: QuoteInput, merchantId: number, methods: QuoteShippingMethod[]) {
  const wanted = input.shipping?.find((s) => s.merchant_id === merchantId)?.shipping_method_id;
  return methods.find((m) => m.shipping_method_id === wanted) ?? cheapest(methods);
}

function totalsOf(bags: readonly { sub_total: number; shipping_total: number; tax_total: number; total: number }[]) {
  const sum = (k: 'sub_total' | 'shipping_total' | 'tax_total' | 'total') => bags.reduce((s, b) => s + b[k], 0);
  return { sub_total: sum('sub_total'), shipping_total: sum('shipping_total'), tax_total: sum('tax_total'), total: sum('total') };
}

const cartBeingPlaced = () =>
  new ApiHttpError(409, 'quote_used', 'This cart is being placed by another attempt (another tab?); nothing was changed. Wait for that order, then start again.');

/** Upstream error text is read only to tell "out of stock" from "not for sale"; it is never passed on. */
const stockProblem = (message: string | null | undefined): QuoteProblem['code'] => (/stock|only \d+|available in this quantity/i.test(message ?? '') ? 'out_of_stock' : 'unavailable');

export function createQuoter({ client, health, tokens, ttlMs, cartHeld, merchantOf = () => undefined, now = Date.now }: QuoterOptions): Quoter {
  const stripeKey = stripeKeySource(client, now);

  const merchantsById = () => merchantFacts(health);
  function hiddenBags(input: QuoteInput, merchants: Map<number, MerchantFacts>): { shown: QuoteInput; hidden: QuoteBag[] } {
    const { shown, hidden } = withholdHidden(input.lines, merchants, merchantOf);
    return { shown: { ...input, lines: shown }, hidden };
  }

  function finish(input: QuoteInput, priced: QuoteBag[], extra: { cart_id?: number; payment?: QuoteResponse['payment']; hidden: QuoteBag[] }) {
    const bags = [...priced, ...extra.hidden];
    const iat = now();
    const totals = totalsOf(bags);
    const ready =
      bags.length > 0 &&
      !!input.customer &&
      !!input.shipping_address &&
      bags.every((b) => b.shipping_method_id !== undefined && b.problems.length === 0 && b.lines.every((l) => l.available));
    const payload: QuotePayload = {
      v: 1,
      iat,
      exp: iat + ttlMs,
      mode: input.mode,
      currency: input.currency,
      ...(extra.cart_id !== undefined ? { cart_id: extra.cart_id } : {}),
      ...(input.payment?.intent_based_capture ? { intent: true } : {}),
      customer: input.customer,
      shipping_address: input.shipping_address,
      billing_address: input.billing_address,
      shipping: bags.flatMap((b) => (b.shipping_method_id ? [{ merchant_id: b.merchant_id, shipping_method_id: b.shipping_method_id }] : [])),
      bags: bags.map(quotedOf),
      totals,
      ready,
      ...(input.device_id ? { device_id: input.device_id } : {}),
    };
    const response: QuoteResponse = {
      quote_token: tokens.sign(payload),
      expires_at: new Date(payload.exp).toISOString(),
      currency: input.currency,
      mode: input.mode,
      bags,
      totals,
      ready,
      ...(extra.payment ? { payment: extra.payment } : {}),
    };
    return { response, payload };
  }

  /** What the token states about a bag: exactly the amounts shown. */
  const quotedOf = (bag: QuoteBag): QuotedBag => {
    const method = bag.shipping_methods.find((m) => m.shipping_method_id === bag.shipping_method_id);
    return {
      merchant_id: bag.merchant_id,
      lines: bag.lines.map((l) => ({ sku_id: l.sku_id, quantity: l.quantity, price: l.unit_price })),
      ...(method ? { shipping: { shipping_method_id: method.shipping_method_id, label: method.label, price: method.price } } : {}),
      sub_total: bag.sub_total,
      shipping_total: bag.shipping_total,
      tax_total: bag.tax_total,
      total: bag.total,
    };
  };

  function estimatedBag(input: QuoteInput, cart: EstimatedCart, merchant: MerchantFacts | undefined): QuoteBag {
    if (cart.base_currency !== input.currency) {
      throw new ApiHttpError(422, 'currency_mismatch', `Merchant ${cart.merchant_id} cannot price this order in ${input.currency}`, {
        merchant_id: cart.merchant_id,
      });
    }
    const problems: QuoteProblem[] = [];
    const lines = cart.skus.map((s) => {
      const available = s.available !== false && merchant?.shoppable === true;
      if (!available) {
        const why = cart.errors.find((e) => String(e.entity_id) === String(s.sku_id));
        problems.push({ code: merchant?.shoppable !== true ? 'unavailable' : stockProblem(why?.message), sku_id: s.sku_id });
      }
      return {
        sku_id: s.sku_id,
        name: s.name ?? `SKU ${s.sku_id}`,
        quantity: s.quantity,
        unit_price: s.price,
        total: s.line_price ?? s.price * s.quantity,
        available,
      };
    });
    // A busy platform leaves the merchant unpriced (no tax, no methods): busy, not "does not ship" (issue 15.11).
    const busy = cart.tax_total == null && cart.errors.some((e) => e.type === 'EXTERNAL_PRICE_CART');
    const shipping_methods = cart.available_shipping_methods.map((m) => ({
      shipping_method_id: m.shipping_method_id,
      label: m.label,
      ...(m.carrier ? { carrier: m.carrier } : {}),
      price: m.price,
    }));
    if (busy) problems.push({ code: 'merchant_busy', retry_after: 1 });
    else if (!shipping_methods.length) problems.push({ code: 'no_shipping' });
    const chosen = chooseMethod(input, cart.merchant_id, shipping_methods);
    const sub_total = lines.filter((l) => l.available).reduce((s, l) => s + l.total, 0);
    const shipping_total = chosen?.price ?? 0;
    const tax_total = cart.tax_total ?? 0;
    return {
      merchant_id: cart.merchant_id,
      merchant_name: merchant?.name ?? `Merchant ${cart.merchant_id}`,
      lines,
      shipping_methods,
      ...(chosen ? { shipping_method_id: chosen.shipping_method_id } : {}),
      sub_total,
      shipping_total,
      tax_total,
      total: sub_total + shipping_total + tax_total,
      problems,
    };
  }

  async function quoteDirect(input: QuoteInput) {
    if (!input.shipping_address) {
      throw badRequest('A direct-mode quote needs the shipping address (the service prices for an address)', [
        { path: 'shipping_address', message: 'required' },
      ]);
    }
    const merchants = await merchantsById();
    const { shown, hidden } = hiddenBags(input, merchants);
    const [estimate, key] = await Promise.all([
      shown.lines.length
        ? client.estimateOrder({ base_currency: input.currency, skus: shown.lines, shipping_address: input.shipping_address, discounts: [] })
        : undefined,
      stripeKey(),
    ]);
    const bags = (estimate?.estimated_carts ?? []).map((c) => estimatedBag(input, c, merchants.get(c.merchant_id)));
    // The service's Stripe key, for a shop that sets none: direct orders pay with a token made with it.
    const payment = key ? { provider: 'stripe' as const, stripe_key: key } : undefined;
    return finish(input, bags, { hidden, ...(payment ? { payment } : {}) });
  }

  // ---- cart mode ------------------------------------------------------------

  function cartBag(input: QuoteInput, cart: Order, bag: Bag, methods: QuoteShippingMethod[], merchant: MerchantFacts | undefined): QuoteBag {
    if (bag.currency && bag.currency !== input.currency) {
      throw new ApiHttpError(422, 'currency_mismatch', `Merchant ${bag.merchant_id} cannot price this order in ${input.currency}`, {
        merchant_id: bag.merchant_id,
      });
    }
    const problems: QuoteProblem[] = [];
    const lines = bag.skus.map((s) => {
      const available = s.available !== false && merchant?.shoppable === true;
      if (!available) problems.push({ code: merchant?.shoppable !== true ? 'unavailable' : 'out_of_stock', sku_id: s.sku_id });
      return {
        sku_id: s.sku_id,
        ...(s.offer_id != null ? { offer_id: s.offer_id } : {}),
        name: s.name ?? `SKU ${s.sku_id}`,
        ...(httpUrl(s.thumbnail) ? { thumbnail: httpUrl(s.thumbnail)! } : {}),
        quantity: s.quantity,
        unit_price: s.price,
        total: s.line_price ?? s.price * s.quantity,
        available,
      };
    });
    // Lines the platform refused to add are not in the bag: the service names them in errors[].
    for (const e of cart.errors) {
      if (e.bag_id === bag.id && e.entity_type === 'SKU' && typeof e.entity_id === 'number' && !lines.some((l) => l.sku_id === e.entity_id)) {
        problems.push({ code: stockProblem(e.message), sku_id: e.entity_id });
      }
    }
    if (cart.shipping_address && !methods.length) problems.push({ code: 'no_shipping' });
    const chosen = bag.shipping_method ? methods.find((m) => m.shipping_method_id === bag.shipping_method!.shipping_method_id) : undefined;
    const sub_total = bag.sub_total ?? lines.filter((l) => l.available).reduce((s, l) => s + l.total, 0);
    const shipping_total = bag.shipping_total ?? chosen?.price ?? 0;
    const tax_total = bag.tax_total ?? 0;
    return {
      merchant_id: bag.merchant_id,
      merchant_name: merchant?.name ?? bag.merchant_name ?? `Merchant ${bag.merchant_id}`,
      lines,
      shipping_methods: methods,
      ...(chosen ? { shipping_method_id: chosen.shipping_method_id } : {}),
      sub_total,
      shipping_total,
      tax_total,
      total: bag.total ?? sub_total + shipping_total + tax_total,
      problems,
    };
  }

  async function fromCart(input: QuoteInput, cart: Order, available?: Map<number, QuoteShippingMethod[]>, hidden: QuoteBag[] = []) {
    const merchants = await merchantsById();
    const methods =
      available ??
      (cart.shipping_address ? methodsByBag(await client.getAvailableShipping(cart.id)) : new Map<number, QuoteShippingMethod[]>());
    const bags = cart.bags.map((b) => cartBag(input, cart, b, methods.get(b.id) ?? [], merchants.get(b.merchant_id)));
    // Requested lines not in the cart (refused by the platform) keep the quote from being placed, named by SKU.
    const inCart = new Set(cart.bags.flatMap((b) => b.skus.map((s) => s.sku_id)));
    const named = new Set(bags.flatMap((b) => b.problems.map((p) => p.sku_id)));
    for (const line of input.lines) {
      if (!inCart.has(line.sku_id) && !named.has(line.sku_id) && bags[0]) {
        const why = cart.errors.find((e) => String(e.entity_id) === String(line.sku_id));
        bags[0].problems.push({ code: stockProblem(why?.message), sku_id: line.sku_id });
      }
    }
    const payment =
      cart.payment_intent_client_secret && cart.stripe_key
        ? { provider: 'stripe' as const, stripe_key: cart.stripe_key, payment_intent_client_secret: cart.payment_intent_client_secret }
        : undefined;
    return finish(input, bags, { cart_id: cart.id, hidden, ...(payment ? { payment } : {}) });
  }

  function methodsByBag(options: Awaited<ReturnType<ServiceClient['getAvailableShipping']>>) {
    return new Map(
      options.map((o) => [
        o.bag_id,
        o.shipping_methods.map((m) => ({
          shipping_method_id: m.shipping_method_id,
          label: m.label,
          ...(m.carrier ? { carrier: m.carrier } : {}),
          price: m.price,
        })),
      ]),
    );
  }

  const sameAddress = (a: Order['shipping_address'], b: QuoteInput['shipping_address']) =>
    (!a && !b) ||
    (!!a && !!b && (['address_1', 'address_2', 'city', 'state', 'postal_code', 'country', 'first_name', 'last_name', 'phone', 'email'] as const).every(
      (k) => (a[k] ?? null) === (b[k] ?? null),
    ));

  /** Brings an existing cart's lines, customer and addresses to the request's; `true` when anything changed. */
  async function syncCart(cart: Order, input: QuoteInput): Promise<{ cart: Order; changed: boolean }> {
    let changed = false;
    const step = async (p: Promise<Order>) => {
      cart = await p;
      changed = true;
    };
    const wanted = new Map(input.lines.map((l) => [l.sku_id, l.quantity]));
    for (const bag of cart.bags) {
      for (const line of bag.skus) {
        const q = wanted.get(line.sku_id);
        if (q === undefined) await step(client.removeCartSku(cart.id, line.id));
        else if (q !== line.quantity) await step(client.updateCartSku(cart.id, line.id, { quantity: q }));
        wanted.delete(line.sku_id);
      }
    }
    for (const [sku_id, quantity] of wanted) await step(client.addCartSku(cart.id, { sku_id, quantity }));
    const c = input.customer;
    const { shipping_address, billing_address } = input;
    const newShipping = !!shipping_address && !sameAddress(cart.shipping_address, shipping_address);
    const newBilling = !!billing_address && !sameAddress(cart.billing_address, billing_address);
    if (c && (newShipping || newBilling || cart.customer?.email !== c.email || cart.customer?.first_name !== c.first_name || cart.customer?.last_name !== c.last_name)) {
      // The customer carries the addresses: one call instead of three.
      await step(client.setCartCustomer(cart.id, { ...c, shipping_address, billing_address, same_address: !billing_address }));
    } else {
      if (newShipping) await step(client.setShippingAddress(cart.id, shipping_address!));
      if (newBilling) await step(client.setBillingAddress(cart.id, billing_address!));
    }
    return { cart, changed };
  }

  async function quoteCart(requested: QuoteInput, cartId: number | undefined) {
    // A hidden merchant's lines are not put in (or are taken out of) the service cart.
    const { shown: input, hidden } = hiddenBags(requested, await merchantsById());
    let cart: Order | undefined;
    let changed = true;
    if (cartId !== undefined) {
      const current = await client.getCart(cartId);
      // A cart already submitted (or being placed) is not changed: a new one is started.
      if ((current.status ?? 'IN_PROGRESS') === 'IN_PROGRESS' && (current.currency ?? current.base_currency ?? input.currency) === input.currency) {
        // Another tab's attempt is placing this cart: editing it now would change what it charges (issue 25.3).
        if (await cartHeld?.(cartId)) throw cartBeingPlaced();
        ({ cart, changed } = await syncCart(current, input));
      }
    }
    if (!cart) {
      const { customer, shipping_address, billing_address } = input;
      cart = await client.createCart({
        base_currency: input.currency,
        skus: input.lines,
        ...(customer ? { customer: { ...customer, shipping_address, billing_address, same_address: !billing_address } } : {}),
        ...(input.payment?.wallet_based_checkout ? { wallet_based_checkout: true } : {}),
      });
      if (!customer && shipping_address) cart = await client.setShippingAddress(cart.id, shipping_address);
    }
    let methods = new Map<number, QuoteShippingMethod[]>();
    if (cart.shipping_address && cart.bags.length) {
      methods = methodsByBag(await client.getAvailableShipping(cart.id));
      const selections = cart.bags.flatMap((bag) => {
        const offered = methods.get(bag.id) ?? [];
        const wanted = input.shipping?.find((s) => s.merchant_id === bag.merchant_id)?.shipping_method_id;
        const current = bag.shipping_method?.shipping_method_id;
        const pick =
          offered.find((m) => m.shipping_method_id === wanted) ?? offered.find((m) => m.shipping_method_id === current) ?? cheapest(offered);
        return pick && pick.shipping_method_id !== current ? [{ bag_id: bag.id, shipping_method_id: pick.shipping_method_id }] : [];
      });
      if (selections.length) {
        cart = await client.applyShipping(cart.id, selections);
        changed = true;
      }
    }
    // Nothing changed: ask the service to price the cart now, so the quote is today's price and not the cart's last.
    if (!changed) cart = await client.priceCart(cart.id);
    if (input.payment?.intent_based_capture) cart = await ensureIntent(client, cart, changed);
    return fromCart(input, cart, methods, hidden);
  }

  return {
    quote: (input, cartId) => (input.mode === 'cart' ? quoteCart(input, cartId) : quoteDirect(input)),
    fromCart: (input, cart) => fromCart(input, cart),
    assertShoppable: (merchantIds) => assertShoppable(health, merchantIds),
  };
}
