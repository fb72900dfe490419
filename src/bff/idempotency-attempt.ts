/**
 * What an idempotent attempt is (`idempotency.ts` runs it, `idempotency-settle.ts` settles it): what it
 * sends and answers, when its outcome is unknown, and where its record is kept.
 */
import { ServiceError, ServiceNetworkError, ServiceTimeoutError } from '../contract/client.js';
import type { IdempotencyStore } from './stores/index.js';

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
  /**
   * The answer instead of sending when the store lost its records after the attempt's quote was issued and the
   * service holds no order of this key: another attempt of the same quote (another key, another tab) may have
   * placed it, which only that key would find. Without it the attempt sends after one look.
   */
  lostRecords?(): StoredAnswer;
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

// A 2xx we could not read (wrong shape, not JSON) means the service did act: as unknown as a timeout.
export const outcomeUnknown = (err: unknown) =>
  err instanceof AfterSendError ||
  (err instanceof ServiceTimeoutError && err.outcomeUnknown) ||
  (err instanceof ServiceNetworkError && err.outcomeUnknown) ||
  (err instanceof ServiceError && (err.status >= 500 || (err.status >= 200 && err.status < 300)));

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

/** What the runner's parts share: its options (defaults applied) and the attempts this instance is working on. */
export interface Runner extends Required<Omit<IdempotencyOptions, 'now'>> {
  now: () => number;
  local: Map<string, Promise<unknown>>;
}

/** The store key of an attempt's record. */
export const storageKey = (key: string) => `idem:${key}`;
