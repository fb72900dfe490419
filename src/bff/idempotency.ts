/**
 * Order submission that happens at most once per `Idempotency-Key`.
 *
 * - A repeated key gets the first answer again; a concurrent repeat waits for it.
 * - The same key with a different body is refused (422 `idempotency_conflict`).
 * - When the upstream outcome is unknown (timeout, reset, 5xx) the attempt is
 *   never sent again (issue 15.1): the caller's `reconcile` asks the service
 *   whether the order exists, now and on every later request with the key,
 *   for as long as the service may still be working on it (`unknownWindowMs`
 *   from when it was sent). Meanwhile the answer is "still placing"
 *   (`pending`); once the window has passed without the order appearing, the
 *   attempt is settled as not placed, and that answer is kept for the key.
 * - A failure that provably created nothing (4xx, 429) frees the key, so the
 *   shopper can fix the problem and retry with it.
 * - Once the service may have acted, a store that cannot be written costs
 *   nothing but the record (issue 25.2): the answer in hand is given, the
 *   claim stays, and the next request with the key reconciles before anything
 *   is sent again. A store that came back empty (its `recordsSince` is after
 *   the attempt's quote was issued) is reconciled the same way.
 */
import { createHash } from 'node:crypto';
import { ServiceError, ServiceNetworkError, ServiceTimeoutError } from '../contract/client.js';
import { IDEMPOTENCY_HEADER } from '../contract/api.js';
import { ApiHttpError, toApiError } from './errors.js';
import type { ClaimResult, IdempotencyRecord, IdempotencyStore } from './stores/index.js';

export interface StoredAnswer {
  status: number;
  body: unknown;
  /** `false`: an answer that settled nothing (still a cart), so the key is not kept for it. */
  final?: boolean;
  headers?: Record<string, string>;
}

export interface Submission {
  key: string;
  /** What the request means (route, target id, canonical body). */
  fingerprint: string;
  send(): Promise<StoredAnswer>;
  /** After an unknown outcome: the answer if the service did act, `undefined` if it provably did not. */
  reconcile(): Promise<StoredAnswer | undefined>;
  /** The answer while the outcome is unknown (`retryAfterS`: when to ask again); without it a 502 says "retry with the same key". */
  pending?(retryAfterS: number): StoredAnswer;
  /**
   * The earliest the attempt can have been sent (epoch ms; the quote's issue time). A store whose
   * records only go back to later than this may have lost the attempt's record: reconcile first.
   */
  notBefore?: number;
  /** The attempt is settled as not placed (its outcome stayed unknown through the window): free what it held. */
  notPlaced?(): Promise<void>;
}

/**
 * An error after the request may have reached the service (a store write after the order was
 * created, a check of the created order): the attempt's outcome is unknown, never "nothing happened".
 */
export class AfterSendError extends Error {
  override name = 'AfterSendError';
  constructor(override readonly cause: unknown) {
    super('failed after the order was sent');
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Validates the header; the key is chosen by the browser, so its shape is checked like any input. */
export function readIdempotencyKey(request: Request): string {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) {
    throw new ApiHttpError(400, 'bad_request', 'Idempotency-Key header is required', {
      fields: [{ path: 'Idempotency-Key', message: 'required' }],
    });
  }
  if (!KEY_PATTERN.test(key)) {
    throw new ApiHttpError(400, 'bad_request', 'Idempotency-Key must be 8–128 characters of A–Z, a–z, 0–9, _ . : -', {
      fields: [{ path: 'Idempotency-Key', message: 'invalid' }],
    });
  }
  return key;
}

/** The `app_order_id` an attempt is filed under upstream, so that its order can be found again. */
export function appOrderIdFor(key: string): string {
  return `tote-${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
}

export function fingerprintOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}

// A 2xx we could not read (wrong shape, not JSON) means the service did act: as unknown as a timeout.
export const outcomeUnknown = (err: unknown) =>
  err instanceof AfterSendError ||
  (err instanceof ServiceTimeoutError && err.outcomeUnknown) ||
  (err instanceof ServiceNetworkError && err.outcomeUnknown) ||
  (err instanceof ServiceError && (err.status >= 500 || (err.status >= 200 && err.status < 300)));

/** A 5xx the service sent: unlike a timeout or a reset, it says the service has stopped working on the request. */
const answeredFailure = (err: unknown) => err instanceof ServiceError && err.status >= 500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface IdempotencyOptions {
  store: IdempotencyStore;
  ttlMs: number;
  waitMs: number;
  /** How long a claim outlives its instance: the holder renews it every third of this while it works. */
  leaseMs: number;
  /** How long after sending an attempt whose outcome is unknown the service may still create its order. */
  unknownWindowMs: number;
  /** Seconds a shopper is told to wait before asking again about an unknown attempt. */
  pendingRetryAfterS?: number;
  now?: () => number;
}

export function createIdempotentRunner({ store, ttlMs, waitMs, leaseMs, unknownWindowMs, pendingRetryAfterS = 2, now = Date.now }: IdempotencyOptions) {
  const local = new Map<string, Promise<unknown>>();
  const storageKey = (key: string) => `idem:${key}`;

  const conflict = () =>
    new ApiHttpError(422, 'idempotency_conflict', 'This Idempotency-Key was used with a different request');

  async function waitForOther(key: string, fingerprint: string): Promise<IdempotencyRecord | 'timeout' | undefined> {
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      const mine = local.get(key);
      let failure: { error: unknown } | undefined;
      if (mine) await mine.catch((error: unknown) => (failure = { error }));
      else await sleep(50);
      const record = await store.get(storageKey(key));
      if (record && record.fingerprint !== fingerprint) throw conflict();
      // The first attempt failed definitely (the key is free again): a duplicate of it gets the same answer, not a second try.
      if (!record && failure) throw failure.error;
      if (!record || record.state !== 'pending' || record.leaseUntil <= Date.now()) return record;
    }
    return 'timeout';
  }

  const inProgress = () =>
    new ApiHttpError(409, 'idempotency_in_progress', 'The first request with this Idempotency-Key is still running', { retry_after: 1 }, { 'retry-after': '1' });

  async function settle(sub: Submission, claimed: Extract<ClaimResult, { claimed: true }>): Promise<StoredAnswer> {
    const key = storageKey(sub.key);
    // The service may have acted: a record we cannot write leaves the claim in place, and the answer in hand is still true.
    const keep = (write: Promise<void>) => write.catch(() => {});
    const done = async ({ status, body, final = true, headers }: StoredAnswer) => {
      await keep(final ? store.set(key, { state: 'done', fingerprint: sub.fingerprint, status, body }, ttlMs) : store.delete(key));
      return { status, body, ...(headers ? { headers } : {}) };
    };
    /**
     * Not known yet: keep reconciling within the window, never send again; after it, an attempt the service
     * says it holds no order for did not happen. A reconcile that failed says nothing (`asked` false): the
     * order may exist (one placed at another price whose cancel failed, or a service we cannot reach), so the
     * attempt stays unknown past the window, until the service can answer.
     */
    const unknown = async (err: unknown, since: number, asked = true) => {
      if (asked && now() - since >= unknownWindowMs) {
        await sub.notPlaced?.().catch(() => {});
        return done({
          // A definite answer, not a 5xx: a client that resends on 5xx must stop here (the model test found the widget did).
          status: 409,
          body: {
            error: {
              code: 'not_placed',
              message: 'The order was not placed and nothing was charged: the service did not take it. Place the order again.',
              skus: [],
              fields: [],
            },
          },
        });
      }
      await keep(store.set(key, { state: 'unknown', fingerprint: sub.fingerprint, since }, ttlMs));
      if (sub.pending) return sub.pending(pendingRetryAfterS);
      const api = toApiError(err instanceof AfterSendError ? err.cause : err);
      throw new ApiHttpError(api.status === 500 ? 502 : api.status, 'upstream_unavailable',
        'The service did not confirm the order. Retry with the same Idempotency-Key: it will be checked before anything is sent again.',
        api.details);
    };
    // Freeing a key that provably sent nothing: if the store fails, the claim ends with its lease instead.
    const free = () => keep(store.delete(key));
    const lost = claimed.previous ? undefined : lostRecord(sub, claimed.recordsSince);
    const previous = claimed.previous ?? (lost && now() - lost.since < unknownWindowMs ? lost : undefined);
    if (previous && (previous.state === 'unknown' || previous.state === 'pending')) {
      // An earlier attempt's outcome is unknown (or its instance died mid-call): ask, and never send it again.
      const since = previous.state === 'unknown' ? (previous.since ?? now()) : (previous.since ?? previous.leaseUntil - leaseMs);
      let found: StoredAnswer | undefined;
      try {
        found = await sub.reconcile();
      } catch (err) {
        return unknown(err, since, false);
      }
      return found ? done(found) : unknown(undefined, since);
    }
    if (lost) {
      // Lost long enough ago that the service is done with it: one look, then this attempt may send.
      const found = await sub.reconcile().catch(async (err: unknown) => {
        await free();
        throw err;
      });
      if (found) return done(found);
    }
    const sentAt = now();
    let answer: StoredAnswer;
    try {
      answer = await sub.send();
    } catch (err) {
      if (!outcomeUnknown(err)) {
        await free();
        throw err;
      }
      let found: StoredAnswer | undefined;
      try {
        found = await sub.reconcile();
      } catch {
        return unknown(err, sentAt, false);
      }
      if (found) return done(found);
      // The service answered (a 5xx): its work on the request is over, and it holds no order for the attempt.
      // Only a call left without an answer may still become an order later, and waits out the window.
      if (answeredFailure(err)) {
        await free();
        throw err;
      }
      return unknown(err, sentAt);
    }
    return done(answer);
  }

  /**
   * No record, but the store's records only go back to after the attempt's quote was issued (it was
   * emptied: a restart, a flush): the attempt may have been sent before, so it counts as unknown since then.
   */
  function lostRecord(sub: Submission, recordsSince: number | undefined) {
    if (recordsSince === undefined || sub.notBefore === undefined || sub.notBefore >= recordsSince) return undefined;
    return { state: 'unknown' as const, fingerprint: sub.fingerprint, since: recordsSince };
  }

  /** Renews the lease while this instance works on the key, so that only a dead (or stalled) holder loses it. */
  function holdClaim(key: string, claimed: Extract<IdempotencyRecord, { state: 'pending' }>) {
    let held = claimed;
    const timer = setInterval(() => {
      const leaseUntil = Date.now() + leaseMs;
      store.renew(key, held, leaseUntil, ttlMs).then(
        (renewed) => void (renewed && (held = { ...held, leaseUntil })),
        () => {},
      );
    }, leaseMs / 3);
    timer.unref?.();
    return () => clearInterval(timer);
  }

  return async function run(sub: Submission): Promise<StoredAnswer> {
    for (;;) {
      const at = Date.now();
      const pending = { state: 'pending' as const, fingerprint: sub.fingerprint, leaseUntil: at + leaseMs, since: at };
      const claim = await store.claim(storageKey(sub.key), pending, ttlMs);
      if (claim.claimed) {
        const release = holdClaim(storageKey(sub.key), pending);
        const work = settle(sub, claim);
        local.set(sub.key, work);
        try {
          return await work;
        } finally {
          release();
          local.delete(sub.key);
        }
      }
      if (claim.current.fingerprint !== sub.fingerprint) throw conflict();
      const record = claim.current.state === 'pending' ? await waitForOther(sub.key, sub.fingerprint) : claim.current;
      if (record === 'timeout') {
        if (sub.pending) return sub.pending(pendingRetryAfterS);
        throw inProgress();
      }
      if (record?.state === 'done') return { status: record.status, body: record.body };
      // Freed (the first attempt failed definitely) or unknown: take the key ourselves.
    }
  };
}
