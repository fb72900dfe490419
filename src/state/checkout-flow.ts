/**
 * The calls each checkout mode makes against the BFF, in order. `cart` mode
 * keeps one service cart in step with the cart store's lines (created once,
 * then edited), addresses it, reads the shipping each bag offers, applies the
 * choices, the payment, and submits. `direct` mode estimates, then sends one
 * direct order. Both submit with the attempt's `Idempotency-Key`.
 */
import type { OrderPlacedResponse } from '../contract/api.js';
import type { EstimateResponse } from '../contract/estimate.js';
import type { BagShippingOptions, Cart, CustomerInput } from '../contract/order.js';
import type { AccessHandle, ToteApi } from './api-client.js';
import { type AddressDraft, toAddressInput } from './checkout-address.js';
import { type CheckoutLine, directOrderRequest, estimateRequest, isBlocking } from './checkout-order.js';
import type { CheckoutPayment, CheckoutState } from './checkout-session.js';

/** One bag's shipping choice as the shipping step shows it, whichever mode produced it. */
export interface BagShippingChoice {
  merchantId: number;
  merchantName?: string;
  currency: string;
  methods: { id: string; label: string; carrier?: string; price: number }[];
}

export function choicesFromEstimate(estimate: EstimateResponse, names: ReadonlyMap<number, string>): BagShippingChoice[] {
  return estimate.estimated_carts.map((c) => ({
    merchantId: c.merchant_id,
    merchantName: names.get(c.merchant_id),
    currency: c.base_currency,
    methods: c.available_shipping_methods.map((m) => ({
      id: m.shipping_method_id,
      label: m.label,
      carrier: m.carrier ?? undefined,
      price: m.price,
    })),
  }));
}

export function choicesFromCart(cart: Cart, available: readonly BagShippingOptions[], names: ReadonlyMap<number, string>): BagShippingChoice[] {
  return cart.bags.map((bag) => {
    const offered = available.find((a) => a.bag_id === bag.id);
    return {
      merchantId: bag.merchant_id,
      merchantName: bag.merchant_name ?? names.get(bag.merchant_id),
      currency: bag.currency ?? cart.currency ?? cart.base_currency ?? 'USD',
      methods: (offered?.shipping_methods ?? []).map((m) => ({
        id: m.shipping_method_id,
        label: m.label,
        carrier: m.carrier ?? undefined,
        price: m.price,
      })),
    };
  });
}

export function customerInput(state: Pick<CheckoutState, 'shipping' | 'billing' | 'billingSameAsShipping'>): CustomerInput {
  const shipping = toAddressInput(state.shipping);
  return {
    first_name: state.shipping.first_name.trim(),
    last_name: state.shipping.last_name.trim(),
    email: state.shipping.email.trim(),
    shipping_address: shipping,
    billing_address: state.billingSameAsShipping ? shipping : toAddressInput(state.billing),
    same_address: state.billingSameAsShipping,
  };
}

interface Opts {
  signal?: AbortSignal;
}

/**
 * Brings the service cart to exactly the buyable lines: creates it when there
 * is none (or the old one is gone), else adds, re-quantifies and removes SKUs.
 */
export async function syncCart(
  api: ToteApi,
  handle: AccessHandle | undefined,
  lines: readonly CheckoutLine[],
  { signal }: Opts = {},
): Promise<{ cart: Cart; handle: AccessHandle }> {
  const wanted = new Map(lines.filter((l) => !isBlocking(l)).map((l) => [l.sku_id, l.quantity]));
  let cart: Cart | undefined;
  if (handle) {
    try {
      cart = await api.getCart(handle, { signal });
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status !== 404 && status !== 403 && status !== 401) throw e;
    }
    // A cart already submitted cannot be edited: start a new one.
    if (cart && cart.status && cart.status !== 'IN_PROGRESS') cart = undefined;
  }
  if (!cart || !handle) {
    const created = await api.createCart({ skus: [...wanted].map(([sku_id, quantity]) => ({ sku_id, quantity })) }, { signal });
    return { cart: created.cart, handle: { id: created.cart.id, access: created.access } };
  }
  const present = new Map(cart.bags.flatMap((b) => b.skus).map((s) => [s.sku_id, s]));
  for (const [skuId, sku] of present) {
    const quantity = wanted.get(skuId);
    if (quantity === undefined) cart = await api.removeCartSku(handle, sku.id, { signal });
    else if (quantity !== sku.quantity) cart = await api.updateCartSku(handle, sku.id, { quantity }, { signal });
  }
  for (const [sku_id, quantity] of wanted) {
    if (!present.has(sku_id)) cart = await api.addCartSku(handle, { sku_id, quantity }, { signal });
  }
  return { cart, handle };
}

/** Cart mode, entering the shipping step: cart in step, customer and addresses applied, shipping per bag. */
export async function prepareCartShipping(
  api: ToteApi,
  state: CheckoutState,
  lines: readonly CheckoutLine[],
  opts: Opts = {},
): Promise<{ cart: Cart; handle: AccessHandle; available: BagShippingOptions[] }> {
  const synced = await syncCart(api, state.cart, lines, opts);
  const cart = await api.setCartCustomer(synced.handle, customerInput(state), opts);
  const available = await api.getAvailableShipping(synced.handle, opts);
  return { cart, handle: synced.handle, available };
}

/** Cart mode: applies each bag's chosen method (mapped from merchant to bag id); the answer is the priced cart. */
export async function applyCartShipping(
  api: ToteApi,
  handle: AccessHandle,
  cart: Cart,
  selections: Readonly<Record<string, string>>,
  opts: Opts = {},
): Promise<Cart> {
  const body = cart.bags
    .filter((b) => selections[String(b.merchant_id)])
    .map((b) => ({ bag_id: b.id, shipping_method_id: selections[String(b.merchant_id)]! }));
  return api.applyShipping(handle, body, opts);
}

export function estimateFor(api: ToteApi, lines: readonly CheckoutLine[], address: AddressDraft, opts: Opts & { key?: string } = {}) {
  return api.estimate(estimateRequest(lines, address), opts);
}

export interface PlaceOrderInput {
  state: CheckoutState;
  lines: readonly CheckoutLine[];
  payment: CheckoutPayment;
  idempotencyKey: string;
  /** Direct mode: the estimate the shopper saw. */
  estimate?: EstimateResponse;
  /** Called with the direct-order body before it goes out, so a reload can resend it unchanged. */
  onSend?: (body: Record<string, unknown>) => void;
  /** Resending a pending attempt after a reload: its body as first sent; the cart's payment is already applied. */
  resume?: { sent?: Record<string, unknown> };
  signal?: AbortSignal;
}

/** The submit of either mode. Card data never passes here: only the adapter's token. */
export async function placeOrder(api: ToteApi, input: PlaceOrderInput): Promise<OrderPlacedResponse> {
  const { state, payment, idempotencyKey, signal } = input;
  const method = { type: payment.type, payment_provider: payment.payment_provider, token: payment.token };
  if (state.mode === 'direct') {
    if (input.resume?.sent) {
      return api.createDirectOrder(input.resume.sent as unknown as Parameters<ToteApi['createDirectOrder']>[0], { idempotencyKey, signal });
    }
    if (!input.estimate) throw new Error('tote: a direct order needs the estimate the shopper saw');
    const body = directOrderRequest({
      lines: input.lines,
      shipping: state.shipping,
      billing: state.billingSameAsShipping ? undefined : state.billing,
      estimate: input.estimate,
      selections: state.selections,
      payment: method,
      appOrderId: idempotencyKey.slice(0, 64),
    });
    input.onSend?.(body as unknown as Record<string, unknown>);
    return api.createDirectOrder(body, { idempotencyKey, signal });
  }
  if (!state.cart) throw new Error('tote: the cart flow has no service cart yet');
  if (!input.resume) await api.applyPayment(state.cart, method, { signal });
  return api.submitCart(state.cart, { app_order_id: idempotencyKey.slice(0, 64) }, { idempotencyKey, signal });
}
