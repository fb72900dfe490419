/**
 * One attempt to place an order, from the first send to a definite answer: the
 * same `Idempotency-Key` and body go again by themselves until the BFF says
 * placed, not placed, or pending (docs/checkout.md, "The attempt's states").
 *
 * - A lost answer (offline, a timeout, a 5xx, `idempotency_in_progress`) may
 *   hide an order: it is never abandoned nor left to the shopper; the same
 *   attempt is resent with a backoff (or after the `retry_after` given).
 * - A busy shop (429 `merchant_busy`) is a known "not placed": the same
 *   attempt is resent after its `retry_after`, for at most
 *   `PLACE_BUSY_BOUND_S` seconds of waiting; then the shopper is asked.
 * - Anything else is definite and handed back as it is.
 */
import type { PlaceRequest, PlaceRequiresActionResponse } from '../../contract/checkout-api.js';
import type { ShopperOrder as Order } from '../../contract/shopper-order.js';
import type { ToteApi } from '../../state/api-client.js';
import { classifyPlaceFailure } from '../rules/checkout-order.js';

/** Seconds a place waits on a busy shop, in all, before the shopper is asked (try again / remove that shop). */
export const PLACE_BUSY_BOUND_S = 20;
/** Waits (s) between resends after lost answers; the last one repeats until an answer comes. */
export const LOST_ANSWER_BACKOFF_S = [1, 2, 4, 8, 15] as const;
/** A place that has not answered in this long counts as a lost answer (the BFF answers 202 well before). */
export const PLACE_TIMEOUT_MS = 45_000;

/** What the shopper is told while an attempt runs. */
export type AttemptPhase = 'sending' | 'pending' | 'checking' | 'confirming' | 'busy';

export type AttemptOutcome =
  | { kind: 'placed'; order: Order; access: string }
  /** A definite refusal, or the payment adapter's confirm step failed: nothing was placed. */
  | { kind: 'refused'; error: unknown }
  /** The shop stayed busy past the bound: nothing was placed; the same key may be sent again. */
  | { kind: 'busy'; merchantId?: number }
  /** The page stopped it (the checkout left the page): the attempt stays, to be resumed. */
  | { kind: 'stopped' };

export interface AttemptHooks {
  /** The phase, the epoch ms of the next resend while waiting, the busy shop while busy. */
  phase(phase: AttemptPhase, retryAt?: number, merchantId?: number): void;
  /** `requires_action`: confirm the payment (Stripe.js), returning the payment to send with the same key; throws when it cannot. */
  confirm(action: PlaceRequiresActionResponse): Promise<PlaceRequest['payment']>;
  /** The body changed (a confirmed payment): persist it, a reload resends it. */
  recordSent(body: PlaceRequest): void;
  /** True when the shopper chose to stop waiting on a busy shop (checked after each busy answer). */
  giveUpBusy(): boolean;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
}

type Wait = { seconds: number; phase: AttemptPhase; merchantId?: number };

/** Runs the attempt `key` with `body` until it has a definite outcome (or `signal` stops it). */
export async function runAttempt(api: ToteApi, key: string, body: PlaceRequest, hooks: AttemptHooks, signal: AbortSignal): Promise<AttemptOutcome> {
  let lost = 0;
  let busyWaited = 0;
  hooks.phase('sending');
  for (;;) {
    let wait: Wait;
    try {
      const res = await placeOnce(api, key, body, signal);
      lost = 0;
      if (res.status === 'placed') return { kind: 'placed', order: res.order, access: res.access };
      if (res.status === 'pending') {
        wait = { seconds: Math.max(0.05, res.retry_after), phase: 'pending' };
      } else {
        hooks.phase('confirming');
        try {
          body = { ...body, payment: await hooks.confirm(res) };
        } catch (error) {
          return { kind: 'refused', error };
        }
        hooks.recordSent(body);
        hooks.phase('sending');
        continue;
      }
    } catch (error) {
      if (signal.aborted) return { kind: 'stopped' };
      const failure = classifyPlaceFailure(error);
      if (failure.kind === 'unknown') {
        const given = (error as { retryAfter?: number }).retryAfter;
        wait = { seconds: given ?? LOST_ANSWER_BACKOFF_S[Math.min(lost++, LOST_ANSWER_BACKOFF_S.length - 1)]!, phase: 'checking' };
      } else if (failure.kind === 'busy') {
        if (hooks.giveUpBusy() || busyWaited + failure.retryAfter > PLACE_BUSY_BOUND_S) return { kind: 'busy', merchantId: failure.merchantId };
        busyWaited += failure.retryAfter;
        wait = { seconds: failure.retryAfter, phase: 'busy', merchantId: failure.merchantId };
      } else {
        return { kind: 'refused', error };
      }
    }
    hooks.phase(wait.phase, hooks.now() + wait.seconds * 1000, wait.merchantId);
    try {
      await hooks.sleep(wait.seconds * 1000, signal);
    } catch {
      if (signal.aborted) return { kind: 'stopped' };
    }
    // A busy shop the shopper gave up on while waiting: its last answer was a known "not placed".
    if (wait.phase === 'busy' && hooks.giveUpBusy()) return { kind: 'busy', merchantId: wait.merchantId };
  }
}

/** One send, with a deadline: past it the answer counts as lost (and the same attempt goes again). */
async function placeOnce(api: ToteApi, key: string, body: PlaceRequest, outer: AbortSignal) {
  const controller = new AbortController();
  const stop = () => controller.abort(outer.reason);
  outer.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('No answer in time', 'TimeoutError')), PLACE_TIMEOUT_MS);
  try {
    return await api.place(body, { idempotencyKey: key, signal: controller.signal });
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', stop);
  }
}
