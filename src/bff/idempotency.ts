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
import { IDEMPOTENCY_HEADER } from '../contract/api.js';
import { ApiHttpError } from './errors.js';
import { storageKey, type IdempotencyOptions, type Runner, type StoredAnswer, type Submission } from './idempotency-attempt.js';
import { settle } from './idempotency-settle.js';
import type { ClaimResult, IdempotencyRecord } from './stores/index.js';

export * from './idempotency-attempt.js';

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const conflict = () => new ApiHttpError(422, 'idempotency_conflict', 'This Idempotency-Key was used with a different request');

const inProgress = () =>
  new ApiHttpError(409, 'idempotency_in_progress', 'The first request with this Idempotency-Key is still running', { retry_after: 1 }, { 'retry-after': '1' });

/** Another request holds the key: its record once it is no longer a live `pending` (or the key is free again), or `timeout`. */
async function waitForOther(r: Runner, key: string, fingerprint: string): Promise<IdempotencyRecord | 'timeout' | undefined> {
  const deadline = Date.now() + r.waitMs;
  while (Date.now() < deadline) {
    const mine = r.local.get(key);
    let failure: { error: unknown } | undefined;
    if (mine) await mine.catch((error: unknown) => (failure = { error }));
    else await sleep(50);
    const record = await r.store.get(storageKey(key));
    if (record && record.fingerprint !== fingerprint) throw conflict();
    // The first attempt failed definitely (the key is free again): a duplicate of it gets the same answer, not a second try.
    if (!record && failure) throw failure.error;
    if (!record || record.state !== 'pending' || record.leaseUntil <= Date.now()) return record;
  }
  return 'timeout';
}

/** Renews the lease while this instance works on the key, so that only a dead (or stalled) holder loses it. */
function holdClaim(r: Runner, key: string, claimed: Extract<IdempotencyRecord, { state: 'pending' }>) {
  let held = claimed;
  const timer = setInterval(() => {
    const leaseUntil = Date.now() + r.leaseMs;
    r.store.renew(key, held, leaseUntil, r.ttlMs).then(
      (renewed) => void (renewed && (held = { ...held, leaseUntil })),
      () => {},
    );
  }, r.leaseMs / 3);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** Claims the key and settles the attempt, the claim's lease renewed meanwhile. */
async function runClaimed(r: Runner, sub: Submission, claim: Extract<ClaimResult, { claimed: true }>, pending: Extract<IdempotencyRecord, { state: 'pending' }>) {
  const release = holdClaim(r, storageKey(sub.key), pending);
  const work = settle(r, sub, claim);
  r.local.set(sub.key, work);
  try {
    return await work;
  } finally {
    release();
    r.local.delete(sub.key);
  }
}

export function createIdempotentRunner({ pendingRetryAfterS = 2, now = Date.now, ...options }: IdempotencyOptions) {
  const r: Runner = { ...options, pendingRetryAfterS, now, local: new Map() };
  return async function run(sub: Submission): Promise<StoredAnswer> {
    for (;;) {
      const at = Date.now();
      const pending = { state: 'pending' as const, fingerprint: sub.fingerprint, leaseUntil: at + r.leaseMs, since: at };
      const claim = await r.store.claim(storageKey(sub.key), pending, r.ttlMs);
      if (claim.claimed) return runClaimed(r, sub, claim, pending);
      if (claim.current.fingerprint !== sub.fingerprint) throw conflict();
      const record = claim.current.state === 'pending' ? await waitForOther(r, sub.key, sub.fingerprint) : claim.current;
      if (record === 'timeout') {
        if (sub.pending) return sub.pending(r.pendingRetryAfterS);
        throw inProgress();
      }
      if (record?.state === 'done') return { status: record.status, body: record.body };
      // Freed (the first attempt failed definitely) or unknown: take the key ourselves.
    }
  };
}
