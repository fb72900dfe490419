/**
 * What `/api/health` says about the service: whether this instance can reach
 * it with the credentials it holds. A balancer takes an instance whose token
 * is refused, or whose service address is wrong, out of rotation (the answer
 * is 503; docs/deploy.md says why), and the operator reads why in the log
 * once per change of state, not once per probe.
 */
import type { ServiceState } from '../contract/api.js';
import { ServiceError, ServiceNetworkError, ServiceRedirectError, ServiceTimeoutError } from '../contract/client.js';

export type { ServiceState };

const TOKEN_EXPIRED = 11;

/** Why a probe of the service failed, as a state and a line for the operator's log (no secrets: codes and our words). */
export function classifyServiceFailure(error: unknown): { state: ServiceState; why: string } {
  if (error instanceof ServiceRedirectError) {
    return { state: 'wrong_address', why: `the service base URL answers a redirect (${error.status}): set SERVICE_BASE_URL to where it points` };
  }
  if (error instanceof ServiceError) {
    if ((error.status === 401 || error.status === 403) && error.code === TOKEN_EXPIRED) {
      return { state: 'token_expired', why: 'the service token has expired (401, error_code 11): set SERVICE_REFRESH_TOKEN (tote login) so it renews itself' };
    }
    if (error.status === 401 || error.status === 403) {
      return {
        state: 'credentials_refused',
        why: `the service refused the credentials (${error.status}${error.code !== undefined ? `, code ${error.code}` : ''}): check SERVICE_APP_ID, SERVICE_APP_SECRET, the token and SERVICE_HEADER_PREFIX (tote doctor)`,
      };
    }
    if (error.status === 404 || error.status === 405) {
      return { state: 'wrong_address', why: `the service answered ${error.status} to its own route: check SERVICE_BASE_URL (tote doctor)` };
    }
    if (error.status >= 500) return { state: 'unreachable', why: `the service answers ${error.status}` };
    // 429 and other request errors: the service is there and took the credentials.
    return { state: 'ok', why: '' };
  }
  if (error instanceof ServiceTimeoutError || error instanceof ServiceNetworkError) {
    return { state: 'unreachable', why: `the service cannot be reached (${error.name}): check SERVICE_BASE_URL and the network` };
  }
  // The answer arrived but did not read as expected: reachable and accepted, the contract is another matter.
  return { state: 'ok', why: '' };
}

export interface ServiceProbeOptions {
  /** One authenticated call to the service (the app's connection health). */
  check: () => Promise<unknown>;
  /** How long one probe's outcome is reused, so a balancer polling every second costs one upstream call per period. */
  ttlMs: number;
  /** Told once per change of state. */
  onChange: (state: ServiceState, why: string) => void;
  now?: () => number;
}

export function createServiceProbe(options: ServiceProbeOptions) {
  const now = options.now ?? Date.now;
  let last: { at: number; state: ServiceState } | undefined;
  let reported: ServiceState = 'ok';
  let inFlight: Promise<ServiceState> | undefined;

  /** Records what was seen; the operator is told once per change of state. */
  const record = (state: ServiceState, why: string) => {
    last = { at: now(), state };
    if (state !== reported) {
      reported = state;
      options.onChange(state, why);
    }
  };

  const probe = async (): Promise<ServiceState> => {
    const { state, why } = await options.check().then(
      () => ({ state: 'ok' as const, why: 'the service answers again' }),
      (error: unknown) => classifyServiceFailure(error),
    );
    record(state, why);
    return state;
  };

  return {
    /**
     * A failed call of a shopper's request: when it says the service is not usable (credentials, address,
     * reachability), that becomes the state `/health` reports, and true is answered when nothing more need be logged.
     */
    observe(error: unknown): boolean {
      const { state, why } = classifyServiceFailure(error);
      if (state === 'ok') return false;
      record(state, why);
      // A redirect is still logged each time: it may be someone steering the credentials elsewhere.
      return !(error instanceof ServiceRedirectError);
    },
    /** The service's state, probed at most once per `ttlMs` however many callers ask. */
    state(): Promise<ServiceState> {
      if (last && now() - last.at < options.ttlMs) return Promise.resolve(last.state);
      inFlight ??= probe().finally(() => (inFlight = undefined));
      return inFlight;
    },
  };
}
