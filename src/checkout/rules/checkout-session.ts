/**
 * The checkout's state machine: which step the shopper is on, what they typed,
 * which shipping method each bag gets, the payment token and the submit
 * attempt. Persisted in `sessionStorage` (per tab, cleared with the tab, so an
 * address does not outlive the visit) so that a reload comes back to the same
 * step with nothing re-typed. Storage that throws or holds junk is survived:
 * the session then lives in memory, or starts fresh from what still makes sense.
 */
import type { PlaceRequest } from '../../contract/checkout-api.js';
import type { PaymentMethodInput } from '../../contract/order.js';
import { type AddressDraft, emptyAddress, isAddressComplete, toAddressDraft } from './checkout-address.js';

export const CHECKOUT_STEPS = ['review', 'address', 'shipping', 'payment', 'confirm', 'placed'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];
export type CheckoutMode = 'cart' | 'direct';

/** The payment as tokenised by the adapter, with what is safe to show again (never card data). */
export interface CheckoutPayment extends PaymentMethodInput {
  brand?: string;
  last4?: string;
}

/**
 * One press of "Place order". The key goes out as `Idempotency-Key`; it is kept
 * (and persisted) until the attempt has a definite answer, so a double click,
 * a retry after a timeout or a reload mid-submit all resend the same key and
 * the BFF answers with the one order it placed.
 */
export interface SubmitAttempt {
  key: string;
  status: 'pending' | 'failed';
  /**
   * The exact body sent with this key. A reload mid-submit (or a 202 "still
   * placing") resends it unchanged, so the BFF recognises the attempt and
   * answers with its one order.
   */
  sent?: PlaceRequest;
}

export interface CheckoutState {
  mode: CheckoutMode;
  step: CheckoutStep;
  shipping: AddressDraft;
  billing: AddressDraft;
  billingSameAsShipping: boolean;
  /** Shipping methods the shopper picked, keyed by merchant id (one bag per merchant); sent with each quote. */
  selections: Record<string, string>;
  /** The method each bag had in the last quote (the cheapest unless picked): a reload knows shipping is settled. */
  quoted: Record<string, string>;
  /** Cart mode: the last quote's token, so the BFF keeps editing the same service cart. */
  quoteToken?: string;
  /** Discount codes the shopper entered, sent with each quote (`discount_codes`). */
  codes: string[];
  payment?: CheckoutPayment;
  attempt?: SubmitAttempt;
  /** The placed order, its access handle (for the status page) and its shipping address's lines (the quote's). */
  placed?: { orderId: number; access: string; address?: string[] };
}

/** What the machine needs to know about the world outside it to decide which steps are open. */
export interface CheckoutFacts {
  /** Lines in the cart, flagged ones included. */
  lineCount: number;
  /** Lines flagged unavailable/out of stock that must be fixed before paying. */
  blockingLines: number;
  /** Merchant ids of the bags in the cart. */
  merchantIds: readonly string[];
}

const VERSION = 2;

export function initialCheckoutState(mode: CheckoutMode = 'cart', country = ''): CheckoutState {
  return {
    mode,
    step: 'review',
    shipping: emptyAddress(country),
    billing: emptyAddress(country),
    billingSameAsShipping: true,
    selections: {},
    quoted: {},
    codes: [],
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/** Rebuilds a state from untrusted JSON, keeping each part only if it is well formed. */
export function reviveCheckoutState(raw: unknown, mode: CheckoutMode): CheckoutState {
  const state = initialCheckoutState(mode);
  if (!isObj(raw) || raw.v !== VERSION || raw.mode !== mode) return state;
  if (isStr(raw.step) && (CHECKOUT_STEPS as readonly string[]).includes(raw.step)) state.step = raw.step as CheckoutStep;
  state.shipping = toAddressDraft(raw.shipping, '');
  state.billing = toAddressDraft(raw.billing, '');
  if (typeof raw.billingSameAsShipping === 'boolean') state.billingSameAsShipping = raw.billingSameAsShipping;
  state.selections = reviveMethods(raw.selections);
  state.quoted = reviveMethods(raw.quoted);
  if (isStr(raw.quoteToken) && raw.quoteToken.length <= 16_384) state.quoteToken = raw.quoteToken;
  if (Array.isArray(raw.codes)) state.codes = raw.codes.filter((c): c is string => isStr(c) && c.length > 0 && c.length <= 64).slice(0, 5);
  const pay = raw.payment;
  if (isObj(pay) && isStr(pay.token) && pay.token.length <= 256 && isStr(pay.payment_provider)) {
    state.payment = { payment_provider: pay.payment_provider, token: pay.token };
    if (isStr(pay.type)) state.payment.type = pay.type;
    if (isStr(pay.brand)) state.payment.brand = pay.brand.slice(0, 32);
    if (isStr(pay.last4) && /^\d{4}$/.test(pay.last4)) state.payment.last4 = pay.last4;
  }
  const attempt = raw.attempt;
  if (isObj(attempt) && isStr(attempt.key) && /^[\w-]{8,128}$/.test(attempt.key) && (attempt.status === 'pending' || attempt.status === 'failed')) {
    state.attempt = { key: attempt.key, status: attempt.status };
    const sent = attempt.sent;
    // Only a body this code wrote is resent: a token and a payment that is a token or a confirmed intent.
    if (isObj(sent) && isStr(sent.quote_token) && isObj(sent.payment) && (isStr(sent.payment.token) || sent.payment.intent_confirmed === true)) {
      state.attempt.sent = sent as unknown as PlaceRequest;
    }
  }
  const placed = raw.placed;
  if (isObj(placed) && isId(placed.orderId) && isStr(placed.access)) {
    state.placed = { orderId: placed.orderId, access: placed.access };
    if (Array.isArray(placed.address)) state.placed.address = placed.address.filter(isStr).slice(0, 12);
  }
  return state;
}

function reviveMethods(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObj(raw)) return out;
  for (const [k, v] of Object.entries(raw)) if (/^\d{1,15}$/.test(k) && isStr(v) && v.length <= 128) out[k] = v;
  return out;
}

/** The furthest step the shopper may be on given what is filled in. */
export function furthestStep(state: CheckoutState, facts: CheckoutFacts): CheckoutStep {
  if (state.placed) return 'placed';
  if (facts.lineCount === 0 || facts.blockingLines > 0) return 'review';
  const addressOk =
    isAddressComplete(state.shipping, true) && (state.billingSameAsShipping || isAddressComplete(state.billing, false));
  if (!addressOk) return 'address';
  if (facts.merchantIds.some((m) => !state.selections[m] && !state.quoted[m])) return 'shipping';
  if (!state.payment) return 'payment';
  return 'confirm';
}

export function stepIndex(step: CheckoutStep): number {
  return CHECKOUT_STEPS.indexOf(step);
}

/** The step to show: the one asked for, unless something it needs is missing. */
export function clampStep(state: CheckoutState, facts: CheckoutFacts, wanted: CheckoutStep = state.step): CheckoutStep {
  const furthest = furthestStep(state, facts);
  if (furthest === 'placed') return 'placed';
  if (wanted === 'placed') return furthest;
  return stepIndex(wanted) <= stepIndex(furthest) ? wanted : furthest;
}

/** A random key: a UUID where the browser has `randomUUID` (secure contexts), else 32 hex digits. */
export function newKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Storage that may be missing or throw on every call (privacy modes, sandboxed iframes). */
export type MaybeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null | undefined;

export function defaultSessionStorage(): MaybeStorage {
  try {
    return globalThis.sessionStorage;
  } catch {
    return null;
  }
}

export interface CheckoutSessionOptions {
  mode?: CheckoutMode;
  /** Defaults to `sessionStorage`; `null` keeps the session in memory only. */
  storage?: MaybeStorage;
  /** Storage key; two checkouts on one page need different keys. */
  key?: string;
}

export class CheckoutSession {
  readonly mode: CheckoutMode;
  readonly key: string;
  readonly #storage: MaybeStorage;
  #current: CheckoutState;

  constructor(options: CheckoutSessionOptions = {}) {
    this.mode = options.mode ?? 'cart';
    this.key = options.key ?? `tote:checkout:${this.mode}`;
    this.#storage = options.storage === undefined ? defaultSessionStorage() : options.storage;
    this.#current = reviveCheckoutState(this.#read(), this.mode);
  }

  get state(): CheckoutState {
    return this.#current;
  }

  /** Applies a change and persists it. */
  update(patch: Partial<Omit<CheckoutState, 'mode'>>): void {
    this.#current = { ...this.#current, ...patch };
    this.#write();
  }

  goTo(step: CheckoutStep, facts: CheckoutFacts): CheckoutStep {
    const step2 = clampStep(this.#current, facts, step);
    if (step2 !== this.#current.step) this.update({ step: step2 });
    return step2;
  }

  selectShipping(merchantId: number | string, shippingMethodId: string): void {
    this.update({ selections: { ...this.#current.selections, [String(merchantId)]: shippingMethodId } });
  }

  /** The key of the attempt in progress, or a fresh one after a definite failure. */
  beginAttempt(): string {
    const attempt = this.#current.attempt;
    if (attempt?.status === 'pending') return attempt.key;
    const key = newKey();
    this.update({ attempt: { key, status: 'pending' } });
    return key;
  }

  /** Remembers what the pending attempt sent, for a resend after a reload. */
  recordSent(body: PlaceRequest): void {
    const attempt = this.#current.attempt;
    if (attempt?.status === 'pending') this.update({ attempt: { ...attempt, sent: body } });
  }

  /** A definite refusal (declined, out of stock): the next press is a new attempt with a new key. */
  failAttempt(): void {
    if (this.#current.attempt) this.update({ attempt: { ...this.#current.attempt, status: 'failed' } });
  }

  markPlaced(orderId: number, access: string, address?: string[]): void {
    this.update({ placed: { orderId, access, address }, step: 'placed', attempt: undefined, payment: undefined, quoteToken: undefined });
  }

  /** Starts over (after an order is placed and the shopper shops on). Keeps the address for next time. */
  reset(): void {
    const { shipping, billing, billingSameAsShipping } = this.#current;
    this.#current = { ...initialCheckoutState(this.mode), shipping, billing, billingSameAsShipping };
    this.#write();
  }

  #read(): unknown {
    try {
      const text = this.#storage?.getItem(this.key);
      return text ? JSON.parse(text) : undefined;
    } catch {
      return undefined;
    }
  }

  #write(): void {
    try {
      this.#storage?.setItem(this.key, JSON.stringify({ v: VERSION, ...this.#current }));
    } catch {
      // Full or disabled storage: the session goes on in memory.
    }
  }
}
