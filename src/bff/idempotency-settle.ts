/**
 * How a claimed attempt is settled (`idempotency.ts` claims it): an earlier attempt whose outcome is unknown
 * is reconciled and never sent again; a new one is sent once, and an unknown outcome of that send is
 * reconciled within the window. Every answer is written down under the key.
 */
import { ServiceError } from '../contract/client.js';
import { ApiHttpError, toApiError } from './errors.js';
import { AfterSendError, outcomeUnknown, storageKey, type Runner, type StoredAnswer, type Submission } from './idempotency-attempt.js';
import type { ClaimResult, IdempotencyRecord } from './stores/index.js';

/** A 5xx the service sent: unlike a timeout or a reset, it says the service has stopped working on the request. */
const answeredFailure = (err: unknown) => err instanceof ServiceError && err.status >= 500;

/** A definite answer, not a 5xx: a client that resends on 5xx must stop here (the model test found the widget did). */
const NOT_PLACED: StoredAnswer = {
  status: 409,
  body: {
    error: {
      code: 'not_placed',
      message: 'The order was not placed and nothing was charged: the service did not take it. Place the order again.',
      skus: [],
      fields: [],
    },
  },
};

/** How an attempt's outcomes are written down under its key. */
function outcomes(r: Runner, sub: Submission) {
  const key = storageKey(sub.key);
  // The service may have acted: a record we cannot write leaves the claim in place, and the answer in hand is still true.
  const keep = (write: Promise<void>) => write.catch(() => {});
  const done = async ({ status, body, final = true, headers }: StoredAnswer): Promise<StoredAnswer> => {
    await keep(final ? r.store.set(key, { state: 'done', fingerprint: sub.fingerprint, status, body }, r.ttlMs) : r.store.delete(key));
    return { status, body, ...(headers ? { headers } : {}) };
  };
  /**
   * Not known yet: keep reconciling within the window, never send again; after it, an attempt the service
   * says it holds no order for did not happen. A reconcile that failed says nothing (`asked` false): the
   * order may exist (one placed at another price whose cancel failed, or a service we cannot reach), so the
   * attempt stays unknown past the window, until the service can answer.
   */
  const unknown = async (err: unknown, since: number, asked = true): Promise<StoredAnswer> => {
    if (asked && r.now() - since >= r.unknownWindowMs) {
      await sub.notPlaced?.().catch(() => {});
      return done(NOT_PLACED);
    }
    await keep(r.store.set(key, { state: 'unknown', fingerprint: sub.fingerprint, since }, r.ttlMs));
    if (sub.pending) return sub.pending(r.pendingRetryAfterS);
    const api = toApiError(err instanceof AfterSendError ? err.cause : err);
    throw new ApiHttpError(api.status === 500 ? 502 : api.status, 'upstream_unavailable',
      'The service did not confirm the order. Retry with the same Idempotency-Key: it will be checked before anything is sent again.',
      api.details);
  };
  // Freeing a key that provably sent nothing: if the store fails, the claim ends with its lease instead.
  const free = () => keep(r.store.delete(key));
  return { done, unknown, free };
}

type Outcomes = ReturnType<typeof outcomes>;

/**
 * No record, but the store's records only go back to after the attempt's quote was issued (it was
 * emptied: a restart, a flush): the attempt may have been sent before, so it counts as unknown since then.
 */
function lostRecord(sub: Submission, recordsSince: number | undefined) {
  if (recordsSince === undefined || sub.notBefore === undefined || sub.notBefore >= recordsSince) return undefined;
  return { state: 'unknown' as const, fingerprint: sub.fingerprint, since: recordsSince };
}

/** An earlier attempt's outcome is unknown (or its instance died mid-call): ask, and never send it again. */
async function reconcileEarlier(r: Runner, sub: Submission, out: Outcomes, previous: Extract<IdempotencyRecord, { state: 'unknown' | 'pending' }>) {
  const since = previous.state === 'unknown' ? (previous.since ?? r.now()) : (previous.since ?? previous.leaseUntil - r.leaseMs);
  let found: StoredAnswer | undefined;
  try {
    found = await sub.reconcile();
  } catch (err) {
    return out.unknown(err, since, false);
  }
  return found ? out.done(found) : out.unknown(undefined, since);
}

/** The attempt sent, once; an outcome left unknown is reconciled at once, then within the window. */
async function sendOnce(r: Runner, sub: Submission, out: Outcomes): Promise<StoredAnswer> {
  const sentAt = r.now();
  let answer: StoredAnswer;
  try {
    answer = await sub.send();
  } catch (err) {
    if (!outcomeUnknown(err)) {
      await out.free();
      throw err;
    }
    let found: StoredAnswer | undefined;
    try {
      found = await sub.reconcile();
    } catch {
      return out.unknown(err, sentAt, false);
    }
    if (found) return out.done(found);
    // The service answered (a 5xx): its work on the request is over, and it holds no order for the attempt.
    // Only a call left without an answer may still become an order later, and waits out the window.
    if (answeredFailure(err)) {
      await out.free();
      throw err;
    }
    return out.unknown(err, sentAt);
  }
  return out.done(answer);
}

/** Settles an attempt whose key this instance has just claimed. */
export async function settle(r: Runner, sub: Submission, claimed: Extract<ClaimResult, { claimed: true }>): Promise<StoredAnswer> {
  const out = outcomes(r, sub);
  const lost = claimed.previous ? undefined : lostRecord(sub, claimed.recordsSince);
  const previous = claimed.previous ?? (lost && r.now() - lost.since < r.unknownWindowMs ? lost : undefined);
  if (previous && (previous.state === 'unknown' || previous.state === 'pending')) return reconcileEarlier(r, sub, out, previous);
  if (lost) {
    // Lost long enough ago that the service is done with it: one look, then this attempt may send.
    const found = await sub.reconcile().catch(async (err: unknown) => {
      await out.free();
      throw err;
    });
    if (found) return out.done(found);
    if (sub.lostRecords) return out.done(sub.lostRecords());
  }
  return sendOnce(r, sub, out);
}
