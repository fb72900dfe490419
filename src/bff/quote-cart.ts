/**
 * Cart mode of the quote (issue 14): the service cart, created or updated in place (lines, customer,
 * addresses, discount codes, shipping methods), priced, and read as the quote's bags.
 */
import { carrierOf } from './carrier.js';
import { deliveryWindowOf } from './delivery-window.js';
import type { ServiceClient } from '../contract/client.js';
import type { QuoteBag, QuoteShippingMethod } from '../contract/checkout-api.js';
import type { Order } from '../contract/order.js';
import { ApiHttpError } from './errors.js';
import { ensureIntent } from './place-intent.js';
import { cartBag, cheapest, stockProblem, type QuoteInput } from './quote-bags.js';
import { distinctCodes, syncCartDiscounts } from './quote-discounts.js';
import { finish, hiddenBags, merchantsById, type QuoteContext } from './quote-finish.js';

const cartBeingPlaced = () =>
  new ApiHttpError(409, 'quote_used', 'This cart is being placed by another attempt (another tab?); nothing was changed. Wait for that order, then start again.');

/** The shopper-facing quote of a priced service cart. */
export async function fromCart(ctx: QuoteContext, input: QuoteInput, cart: Order, available?: Map<number, QuoteShippingMethod[]>, hidden: QuoteBag[] = []) {
  const merchants = await merchantsById(ctx);
  const methods =
    available ??
    (cart.shipping_address ? methodsByBag(await ctx.client.getAvailableShipping(cart.id)) : new Map<number, QuoteShippingMethod[]>());
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
  return finish(ctx, input, bags, { cart_id: cart.id, hidden, ...(payment ? { payment } : {}) });
}

/** The service's shipping options of a cart, by bag, as the quote shows them. */
function methodsByBag(options: Awaited<ReturnType<ServiceClient['getAvailableShipping']>>) {
  return new Map(
    options.map((o) => [
      o.bag_id,
      o.shipping_methods.map((m) => ({
        shipping_method_id: m.shipping_method_id,
        label: m.label,
        ...carrierOf(m.carrier),
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
async function syncCart(client: ServiceClient, cart: Order, input: QuoteInput): Promise<{ cart: Order; changed: boolean }> {
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

/** The request's service cart: the previous quote's, brought to the request in place, or a new one; `changed` when anything was written. */
async function openCart(ctx: QuoteContext, input: QuoteInput, cartId: number | undefined): Promise<{ cart: Order; changed: boolean }> {
  const { client } = ctx;
  if (cartId !== undefined) {
    const current = await client.getCart(cartId);
    // A cart already submitted (or being placed) is not changed: a new one is started.
    if ((current.status ?? 'IN_PROGRESS') === 'IN_PROGRESS' && (current.currency ?? current.base_currency ?? input.currency) === input.currency) {
      // Another tab's attempt is placing this cart: editing it now would change what it charges (issue 25.3).
      if (await ctx.cartHeld?.(cartId)) throw cartBeingPlaced();
      return syncCart(client, current, input);
    }
  }
  const { customer, shipping_address, billing_address } = input;
  let cart = await client.createCart({
    base_currency: input.currency,
    skus: input.lines,
    ...(customer ? { customer: { ...customer, shipping_address, billing_address, same_address: !billing_address } } : {}),
    ...(input.payment?.wallet_based_checkout ? { wallet_based_checkout: true } : {}),
  });
  if (!customer && shipping_address) cart = await client.setShippingAddress(cart.id, shipping_address);
  return { cart, changed: true };
}

/** Each bag's shipping method: the requested one when offered, else the bag's current one, else the cheapest; applied when it differs. */
async function chooseShipping(client: ServiceClient, cart: Order, input: QuoteInput) {
  const methods = methodsByBag(await client.getAvailableShipping(cart.id));
  const selections = cart.bags.flatMap((bag) => {
    const offered = methods.get(bag.id) ?? [];
    const wanted = input.shipping?.find((s) => s.merchant_id === bag.merchant_id)?.shipping_method_id;
    const current = bag.shipping_method?.shipping_method_id;
    const pick = offered.find((m) => m.shipping_method_id === wanted) ?? offered.find((m) => m.shipping_method_id === current) ?? cheapest(offered);
    return pick && pick.shipping_method_id !== current ? [{ bag_id: bag.id, shipping_method_id: pick.shipping_method_id }] : [];
  });
  if (!selections.length) return { cart, methods, changed: false };
  return { cart: await client.applyShipping(cart.id, selections), methods, changed: true };
}

/** Cart mode: the service cart (created, or updated in place) brought to the request and priced. */
export async function quoteCart(ctx: QuoteContext, requested: QuoteInput, cartId: number | undefined) {
  const { client } = ctx;
  // A hidden merchant's lines are not put in (or are taken out of) the service cart.
  const { shown: input, hidden } = hiddenBags(ctx, requested, await merchantsById(ctx));
  let { cart, changed } = await openCart(ctx, input, cartId);
  const discounted = await syncCartDiscounts(client, cart, distinctCodes(input.discount_codes));
  cart = discounted.cart;
  changed ||= discounted.changed;
  let methods = new Map<number, QuoteShippingMethod[]>();
  if (cart.shipping_address && cart.bags.length) {
    const shipped = await chooseShipping(client, cart, input);
    ({ cart, methods } = shipped);
    changed ||= shipped.changed;
  }
  // Nothing changed: ask the service to price the cart now, so the quote is today's price and not the cart's last.
  if (!changed) cart = await client.priceCart(cart.id);
  if (input.payment?.intent_based_capture) cart = await ensureIntent(client, cart, changed);
  return fromCart(ctx, input, cart, methods, hidden);
}
