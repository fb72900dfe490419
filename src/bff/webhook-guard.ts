/**
 * A rate limit on the webhook route that the service's own traffic never meets (issue 25.8): the
 * service signs every delivery, so only refused requests (no or a wrong signature, a body that is
 * not an event, too large) are counted, per source. A source that spent its allowance is answered
 * `429` with `Retry-After` before its body is read, until its bucket has refilled. Signed deliveries
 * are never counted against shoppers' limits, nor against anyone's refusals but their own source's.
 */
import { rateLimited, toApiError } from './errors.js';
import { trim } from './stores/bounded.js';
import { createMemoryBuckets } from './stores/token-bucket.js';

export interface WebhookGuardOptions {
  /** Refused requests a source may send at once. Default 20. */
  burst?: number;
  /** Refused requests per second after that. Default 1. */
  perSecond?: number;
  now?: () => number;
}

const MAX_SOURCES = 10_000;
/** The sender's fault (4xx), not ours: a 5xx of a busy store is never held against the service. */
const refused = (status: number) => status >= 400 && status < 500;

export function guardWebhooks(receive: (request: Request) => Promise<Response>, { burst = 20, perSecond = 1, now = Date.now }: WebhookGuardOptions = {}) {
  const refusals = createMemoryBuckets<string>({ burst, perSecond, maxKeys: MAX_SOURCES });
  /** Sources whose allowance is spent, and until when. */
  const blocked = new Map<string, number>();
  return async (request: Request, source: string | undefined): Promise<Response> => {
    const until = source === undefined ? undefined : blocked.get(source);
    if (until !== undefined) {
      const left = until - now();
      if (left > 0) throw rateLimited('rate_limited', 'Too many refused webhook requests from this source', Math.ceil(left / 1000));
      blocked.delete(source!);
    }
    const response = await receive(request).catch((err: unknown) => {
      if (refused(toApiError(err).status)) count(source);
      throw err;
    });
    if (refused(response.status)) count(source);
    return response;
  };

  function count(source: string | undefined) {
    if (source === undefined) return;
    const verdict = refusals.take(source, 1, now());
    if (verdict.ok) return;
    blocked.set(source, now() + verdict.retryAfterSeconds * 1000);
    trim(blocked, MAX_SOURCES);
  }
}
