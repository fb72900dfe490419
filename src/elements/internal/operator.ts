/**
 * What the two operator elements share: one operator client per endpoint and
 * token, and the words for what went wrong.
 */
import { ApiRequestError } from '../../state/api-client.js';
import { createOperatorClient, type OperatorApi } from '../../state/operator-client.js';
import type { MessageKey } from '../../i18n/localize.js';
import '../../i18n/areas/operator.js';

/** Keeps one client while endpoint, token and fetch stay the same (so its single-flight keys hold). */
export class OperatorClientCache {
  #client?: OperatorApi;
  #made?: { endpoint: string; token: string; fetch?: typeof fetch };

  get(endpoint: string | undefined, token: string | undefined, fetchFn?: typeof fetch): OperatorApi | undefined {
    const trimmed = token?.trim();
    if (!endpoint || !trimmed) return undefined;
    const m = this.#made;
    if (!m || m.endpoint !== endpoint || m.token !== trimmed || m.fetch !== fetchFn) {
      this.#made = { endpoint, token: trimmed, fetch: fetchFn };
      this.#client = createOperatorClient({ endpoint, token: trimmed, fetch: fetchFn });
    }
    return this.#client;
  }
}

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A sentence an operator can act on, for any error an operator call throws. */
export function operatorErrorMessage(t: Translate, error: unknown, { routesReachable = false } = {}): string {
  if (!(error instanceof ApiRequestError)) return t('operatorFailed', { message: String((error as Error)?.message ?? error) });
  if (error.status === 401 || error.code === 'unauthorized') return t('operatorTokenRejected');
  // The BFF answers 404 for every operator route when no operator token is configured.
  if (error.status === 404 && !routesReachable) return t('operatorRoutesOff');
  if (error.status === 0) return t('operatorUnreachable');
  if (error.rateLimited) return t('operatorBusy', { seconds: Math.ceil(error.retryAfter ?? 5) });
  return t('operatorFailed', { message: error.message });
}
