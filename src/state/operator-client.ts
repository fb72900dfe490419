/**
 * The browser's client for the BFF's operator routes (`/api/operator/...`).
 * Separate from the shopper client on purpose: every call carries the
 * operator's bearer token, which a shopper page never has. Errors are the
 * shopper client's `ApiRequestError`, built by the same function.
 */
import type { z } from 'zod';
import type { ApiOnboardingRequestSchema } from '../contract/api.js';
import type { DeskHistoryResponse, DeskOrder, OperatorCancelRequest } from '../contract/after-order.js';
import type { DeskEvent } from '../contract/webhook-events.js';
import type { ConnectionHealthReport, MerchantOnboarding } from '../contract/operations.js';
import { ApiRequestError, createSingleFlight, errorFromResponse, isAbortError } from './api-client.js';

export interface OperatorClientOptions {
  /** Base URL of the BFF, e.g. `/api`. */
  endpoint: string;
  /** The operator token the BFF was configured with (`TOTE_OPERATOR_TOKEN`). */
  token: string;
  fetch?: typeof fetch;
}

export interface OperatorCallOptions {
  signal?: AbortSignal;
}

export interface ConnectionHealthSnapshot {
  reports: ConnectionHealthReport[];
  /** When the BFF fetched the reports (ISO 8601); the service itself may have cached them for up to 24 hours. */
  fetchedAt: string;
}

export interface MerchantHealthSnapshot {
  report: ConnectionHealthReport;
  /** When the BFF re-read this merchant (ISO 8601). */
  fetchedAt: string;
}

export type OnboardingRequest = z.input<typeof ApiOnboardingRequestSchema>;

export interface OperatorApi {
  readonly endpoint: string;
  /** `GET /operator/connection-health`; a newer call aborts an older one still running. */
  connectionHealth(opts?: OperatorCallOptions): Promise<ConnectionHealthSnapshot>;
  /** `POST /operator/connection-health/:merchant_id/refresh`: re-reads one merchant. */
  refreshMerchant(merchantId: number, opts?: OperatorCallOptions): Promise<MerchantHealthSnapshot>;
  /** `PUT /operator/onboarding/:id` */
  onboardMerchant(onboardingId: number, body: OnboardingRequest, opts?: OperatorCallOptions): Promise<MerchantOnboarding>;
  /** `GET /operator/orders[?q=]`: by number, `app_order_id` or email; attention first. A newer call aborts an older one. */
  orders(q: string, opts?: OperatorCallOptions): Promise<DeskOrder[]>;
  /** `GET /operator/orders/:id/history`: per bag, the webhook events the BFF received, newest first. */
  orderHistory(orderId: number, opts?: OperatorCallOptions): Promise<DeskHistoryResponse['bags']>;
  /** `POST /operator/orders/:id/bags/:bag_id/cancel`: answers the order as it is now. */
  cancelBag(orderId: number, bagId: number, body: Partial<OperatorCancelRequest> & { reason: string }, opts?: OperatorCallOptions): Promise<DeskOrder>;
  /** `GET /operator/webhooks`: the service's webhook deliveries, failed first. */
  webhookEvents(opts?: OperatorCallOptions): Promise<DeskEvent[]>;
  /** `POST /operator/webhooks/:webhook_id/events/:event_id/redeliver`: the copy the service sent. */
  redeliver(event: Pick<DeskEvent, 'id' | 'webhook_id'>, opts?: OperatorCallOptions): Promise<DeskEvent>;
}

// The BFF's answers (src/bff/operator-routes.ts).
type HealthBody = { reports: ConnectionHealthReport[]; fetched_at?: string };
type ReportBody = { report: ConnectionHealthReport; fetched_at?: string };
type OnboardingBody = { onboarding: MerchantOnboarding };

const receivedAt = (fetchedAt: string | undefined) => fetchedAt || new Date().toISOString();

/** One operator route called with the bearer token, never cached; a refusal becomes an `ApiRequestError`. */
function operatorSender(options: OperatorClientOptions, endpoint: string) {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async function send<T>(path: string, method: 'GET' | 'POST' | 'PUT', body: unknown, signal: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${options.token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch(`${endpoint}/operator${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        credentials: 'same-origin',
        // Operator data must not sit in a shared cache.
        cache: 'no-store',
      });
    } catch (cause) {
      if (isAbortError(cause) || signal.aborted) throw signal.reason ?? cause;
      throw new ApiRequestError({ status: 0, code: 'network', message: 'The server could not be reached', cause });
    }
    if (!res.ok) throw await errorFromResponse(res);
    return (await res.json()) as T;
  };
}

export function createOperatorClient(options: OperatorClientOptions): OperatorApi {
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const flight = createSingleFlight();
  const send = operatorSender(options, endpoint);

  return {
    endpoint,
    connectionHealth: (opts = {}) =>
      flight.run(
        'health',
        async (signal) => {
          const body = await send<HealthBody>('/connection-health', 'GET', undefined, signal);
          return { reports: body.reports, fetchedAt: receivedAt(body.fetched_at) };
        },
        opts.signal,
      ),
    refreshMerchant: (merchantId, opts = {}) =>
      flight.run(
        `refresh:${merchantId}`,
        async (signal) => {
          const body = await send<ReportBody>(`/connection-health/${encodeURIComponent(merchantId)}/refresh`, 'POST', undefined, signal);
          return { report: body.report, fetchedAt: receivedAt(body.fetched_at) };
        },
        opts.signal,
      ),
    onboardMerchant: (onboardingId, request, opts = {}) =>
      flight.run(
        `onboard:${onboardingId}`,
        async (signal) => {
          const body = await send<OnboardingBody>(`/onboarding/${encodeURIComponent(onboardingId)}`, 'PUT', request, signal);
          return body.onboarding;
        },
        opts.signal,
      ),
    orders: (q, opts = {}) =>
      flight.run(
        'orders',
        async (signal) => (await send<{ orders: DeskOrder[] }>(`/orders${q ? `?q=${encodeURIComponent(q)}` : ''}`, 'GET', undefined, signal)).orders,
        opts.signal,
      ),
    orderHistory: (orderId, opts = {}) =>
      flight.run(
        `history:${orderId}`,
        async (signal) => (await send<DeskHistoryResponse>(`/orders/${encodeURIComponent(orderId)}/history`, 'GET', undefined, signal)).bags,
        opts.signal,
      ),
    webhookEvents: (opts = {}) =>
      flight.run('webhooks', async (signal) => (await send<{ events: DeskEvent[] }>('/webhooks', 'GET', undefined, signal)).events, opts.signal),
    redeliver: (event, opts = {}) =>
      flight.run(
        `redeliver:${event.webhook_id}:${event.id}`,
        async (signal) => (await send<{ event: DeskEvent }>(`/webhooks/${encodeURIComponent(event.webhook_id)}/events/${encodeURIComponent(event.id)}/redeliver`, 'POST', {}, signal)).event,
        opts.signal,
      ),
    // Not single-flight: a second press must not abort a cancel the service may already be applying (the element disables it).
    cancelBag: async (orderId, bagId, body, opts = {}) =>
      (await send<{ order: DeskOrder }>(`/orders/${encodeURIComponent(orderId)}/bags/${encodeURIComponent(bagId)}/cancel`, 'POST', body, opts.signal ?? new AbortController().signal)).order,
  };
}
