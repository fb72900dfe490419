/**
 * Pricing a checkout against the service (issue 14): the estimate in direct
 * mode, the service cart (created, or updated in place) in cart mode. The
 * result is what the shopper sees and what the quote token states; placing
 * uses nothing else.
 */
import { deliveryWindowOf } from './delivery-window.js';
import type { ServiceClient } from '../contract/client.js';
import type { QuoteBag, QuoteResponse, QuoteShippingMethod } from '../contract/checkout-api.js';
import type { Order } from '../contract/order.js';
import { ApiHttpError, badRequest } from './errors.js';
import type { HealthDirectory } from './merchants.js';
import { assertShoppable, merchantFacts, withholdHidden, type MerchantFacts } from './quote-shoppable.js';
import { ensureIntent } from './place-intent.js';
import { stripeKeySource } from './stripe-key.js';
import { cartBag, cheapest, estimatedBag, quotedOf, stockProblem, totalsOf, type QuoteInput } from './quote-bags.js';
import { distinctCodes, estimateDiscounts, settleCodes, syncCartDiscounts } from './quote-discounts.js';
import type { QuotePayload, QuoteTokens } from './quote-token.js';

/** The service's own default base currency, used when the shopper's is not given. */
export const DEFAULT_CURRENCY = 'USD';

export type { QuoteInput };

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

const cartBeingPlaced = () =>
  new ApiHttpError(409, 'quote_used', 'This cart is being placed by another attempt (another tab?); nothing was changed. Wait for that order, then start again.');

export function createQuoter({ client, health, tokens, ttlMs, cartHeld, merchantOf = () => undefined, now = Date.now }: QuoterOptions): Quoter {
  const stripeKey = stripeKeySource(client, now);

  const merchantsById = () => merchantFacts(health);
  function hiddenBags(input: QuoteInput, merchants: ReadonlyMap<number, MerchantFacts>): { shown: QuoteInput; hidden: QuoteBag[] } {
    const { shown, hidden } = withholdHidden(input.lines, merchants, merchantOf);
    return { shown: { ...input, lines: shown }, hidden };
  }

  function finish(input: QuoteInput, priced: QuoteBag[], extra: { cart_id?: number; payment?: QuoteResponse['payment']; hidden: QuoteBag[] }) {
    const codes = distinctCodes(input.discount_codes);
    const settled = settleCodes(priced, codes);
    const bags = [...settled.bags, ...extra.hidden];
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
      ...(codes.length ? { discount_codes: codes } : {}),
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
      ...(codes.length ? { discount_codes: settled.codes } : {}),
      ready,
      ...(extra.payment ? { payment: extra.payment } : {}),
    };
    return { response, payload };
  }

  async function quoteDirect(input: QuoteInput) {
    if (!input.shipping_address) {
      throw badRequest('A direct-mode quote needs the shipping address (the service prices for an address)', [
        { path: 'shipping_address', message: 'required' },
      ]);
    }
    const merchants = await merchantsById();
    const { shown, hidden } = hiddenBags(input, merchants);
    const [estimate, key] = await Promise.all([shown.lines.length ? estimateWithCodes(input, shown) : undefined, stripeKey()]);
    const bags = (estimate?.estimated_carts ?? []).map((c) => estimatedBag(input, c, merchants.get(c.merchant_id)));
    // The service's Stripe key, for a shop that sets none: direct orders pay with a token made with it.
    const payment = key ? { provider: 'stripe' as const, stripe_key: key } : undefined;
    return finish(input, bags, { hidden, ...(payment ? { payment } : {}) });
  }

  /**
   * The estimate, each code asked of every merchant of the order. A line's merchant the BFF has not served
   * is learnt from a first estimate without codes (the service groups lines by merchant).
   */
  async function estimateWithCodes(input: QuoteInput, shown: QuoteInput) {
    const request = { base_currency: input.currency, skus: shown.lines, shipping_address: input.shipping_address!, discounts: [] };
    const codes = distinctCodes(input.discount_codes);
    if (!codes.length) return client.quoteEstimate(request);
    let merchantIds = shown.lines.map((l) => merchantOf(l.sku_id));
    if (merchantIds.some((m) => m === undefined)) merchantIds = (await client.quoteEstimate(request)).estimated_carts.map((c) => c.merchant_id);
    return client.quoteEstimate({ ...request, discounts: estimateDiscounts(codes, [...new Set(merchantIds as number[])]) });
  }

  // ---- cart mode ------------------------------------------------------------

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
          ...deliveryWindowOf(m),
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
    const discounted = await syncCartDiscounts(client, cart, distinctCodes(input.discount_codes));
    cart = discounted.cart;
    changed ||= discounted.changed;
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
