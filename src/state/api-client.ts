/**
 * The browser's client for the BFF (`src/contract/api.ts`). Types only come
 * from the contract: the BFF validates, the browser trusts its own server and
 * does not ship zod.
 */
import type { z } from 'zod';
import type {
  ApiError,
  ApiErrorCode,
  BagEvent,
  HealthResponseSchema,
  MerchantSummary,
  OffersQuerySchema,
  OffersResponse,
  WidgetOffer,
} from '../contract/api.js';
import type { AddressFormat } from '../contract/address.js';
import type { PlaceRequest, PlaceResponse, QuoteRequest, QuoteResponse } from '../contract/checkout-api.js';
import type { ShopperOrder as Order } from '../contract/shopper-order.js';
import { ACCESS_HEADER, IDEMPOTENCY_HEADER, parseRetryAfter } from '../contract/wire.js';
import type { CurrencyRates } from '../contract/currencies.js';

type In<S extends z.ZodType> = z.input<S>;

export interface ApiCallOptions {
  signal?: AbortSignal;
  /**
   * Keeps one request in flight per key: a newer call with the same key
   * aborts the older one, whose promise then rejects with an `AbortError`.
   */
  key?: string;
}

/** @deprecated The BFF client's options are `ApiCallOptions`; the service client's are `CallOptions` of tote-checkout-server/contract. */
export type CallOptions = ApiCallOptions;

export interface PlaceOptions extends ApiCallOptions {
  /** One key per attempt to place an order: a retry with the same key and body places one order. */
  idempotencyKey: string;
}

/** A cart or order as the browser reaches it: the id plus the access handle the BFF signed. */
export interface AccessHandle {
  id: number;
  access: string;
}

export type OffersQuery = Partial<z.output<typeof OffersQuerySchema>>;

export type { EventStream, OrderEventHandlers } from './order-event-types.js';
import type { EventStream, OrderEventHandlers } from './order-event-types.js';

export interface ToteApi {
  /** The BFF base URL this client talks to (`/api`). */
  readonly endpoint: string;
  /** The fetch it sends with, for the calls of elements that load later (src/elements/internal/order-api.ts). */
  readonly fetch?: typeof fetch;
  health(opts?: ApiCallOptions): Promise<z.infer<typeof HealthResponseSchema>>;
  merchants(opts?: ApiCallOptions): Promise<MerchantSummary[]>;
  listOffers(query?: OffersQuery, opts?: ApiCallOptions): Promise<OffersResponse>;
  getOffer(offerId: number, opts?: ApiCallOptions): Promise<WidgetOffer>;
  /** `GET /currencies`: the service's exchange rates, for showing prices in the shopper's currency. */
  currencies(opts?: ApiCallOptions): Promise<CurrencyRates>;
  /** `POST /checkout/quote`: the BFF prices lines, address and shipping choices; the answer is signed. */
  quote(body: QuoteRequest, opts?: ApiCallOptions): Promise<QuoteResponse>;
  /**
   * `POST /checkout/place` with the attempt's `Idempotency-Key`: `placed`, `pending` (send the same key and
   * body again after `retry_after` s) or `requires_action` (the payment provider must confirm first).
   * A 409 `quote_changed` rejects with an `ApiRequestError` carrying the fresh `quote`.
   */
  place(body: PlaceRequest, opts: PlaceOptions): Promise<PlaceResponse>;
  getOrder(order: AccessHandle, opts?: ApiCallOptions): Promise<Order>;
  /** `GET /address-format/:country`: one country's address form (cacheable; `address-format.ts` keeps it per page). */
  addressFormat(country: string, opts?: ApiCallOptions): Promise<AddressFormat>;
  /** `GET /orders/:id/events` as Server-Sent Events, reconnecting with backoff until closed. */
  orderEvents(order: AccessHandle, handlers: OrderEventHandlers): EventStream;
  // Operator routes take a bearer token and live in `operator-client.ts`.
}

export interface ApiClientOptions {
  /** Base URL of the BFF, e.g. `/api` or `https://shop.example/api`. */
  endpoint: string;
  fetch?: typeof fetch;
  /** For tests: an `EventSource` stand-in. */
  EventSource?: typeof EventSource;
  /** Backoff of the event stream after a drop, in ms (doubles per attempt, capped). */
  reconnectDelayMs?: number;
}

/** One per-field problem and one SKU of a refusal, as the BFF's error shape (`ApiErrorSchema`) says. */
export type ApiErrorField = NonNullable<ApiError['error']['fields']>[number];
export type ApiErrorSku = NonNullable<ApiError['error']['skus']>[number];

/** Any answer of the BFF that is not a success, plus network failures (`status` 0, `code` `network`). */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  declare readonly status: number;
  declare readonly code: ApiErrorCode | 'network' | (string & {});
  declare readonly merchantId?: number;
  /** Seconds until a retry makes sense (from the body or the `Retry-After` header). */
  declare readonly retryAfter?: number;
  declare readonly skus: ApiErrorSku[];
  declare readonly fields: ApiErrorField[];
  /** A 409 `quote_changed`: the fresh quote to show the shopper (nothing was charged). */
  declare readonly quote?: QuoteResponse;

  constructor({
    message,
    cause,
    ...fields
  }: {
    status: number;
    code: string;
    message: string;
    merchantId?: number;
    retryAfter?: number;
    skus?: ApiErrorSku[];
    fields?: ApiErrorField[];
    quote?: QuoteResponse;
    cause?: unknown;
  }) {
    super(message, { cause });
    // One assignment for every field (`declare`d above, so nothing is emitted for them): the shopper's bundles carry each name once.
    Object.assign(this, fields, { skus: fields.skus ?? [], fields: fields.fields ?? [] });
  }

  get rateLimited(): boolean {
    return this.status === 429 || this.code === 'rate_limited' || this.code === 'merchant_busy';
  }
}

export function isAbortError(e: unknown): boolean {
  return e instanceof DOMException ? e.name === 'AbortError' : (e as { name?: string } | null)?.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('Superseded by a newer request', 'AbortError');
}

/**
 * One request in flight per key. `run(key, task)` aborts the task still
 * running under that key and hands the new task a fresh signal (tied to the
 * caller's); a superseded task's result is dropped even if it already arrived.
 */
export function createSingleFlight() {
  const inFlight = new Map<string, AbortController>();
  return {
    async run<T>(key: string, task: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal): Promise<T> {
      inFlight.get(key)?.abort(abortError());
      const controller = new AbortController();
      inFlight.set(key, controller);
      const onOuterAbort = () => controller.abort(outer?.reason);
      if (outer?.aborted) onOuterAbort();
      else outer?.addEventListener('abort', onOuterAbort, { once: true });
      try {
        const result = await task(controller.signal);
        if (controller.signal.aborted) throw controller.signal.reason ?? abortError();
        return result;
      } finally {
        outer?.removeEventListener('abort', onOuterAbort);
        if (inFlight.get(key) === controller) inFlight.delete(key);
      }
    },
  };
}

function retryAfterSeconds(header: string | null): number | undefined {
  const ms = parseRetryAfter(header);
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}

/** The `ApiRequestError` for a non-2xx answer of the BFF (shared with the operator client). */
export async function errorFromResponse(res: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const err = (body as { error?: Record<string, unknown> } | undefined)?.error;
  const quote = (body as { quote?: QuoteResponse } | undefined)?.quote;
  const e = err && typeof err === 'object' ? err : {};
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return new ApiRequestError({
    status: res.status,
    code: typeof e.code === 'string' ? e.code : res.status === 429 ? 'rate_limited' : `http_${res.status}`,
    message: typeof e.message === 'string' ? e.message : `Request failed with status ${res.status}`,
    merchantId: num(e.merchant_id),
    retryAfter: num(e.retry_after) ?? retryAfterSeconds(res.headers.get('retry-after')),
    skus: Array.isArray(e.skus) ? (e.skus as ApiErrorSku[]) : [],
    fields: Array.isArray(e.fields) ? (e.fields as ApiErrorField[]) : [],
    ...(quote && typeof quote === 'object' ? { quote } : {}),
  });
}

/** The order's live events: the stream's code loads when an order status first asks for it (a catalogue page does not pay for it). */
function orderEventsOf(endpoint: string, options: ApiClientOptions, order: Parameters<ToteApi['orderEvents']>[0], handlers: Parameters<ToteApi['orderEvents']>[1]) {
  let stream: EventStream | undefined;
  let closed = false;
  void import('./order-events.js').then(({ openEventStream }) => {
    if (closed) return;
    stream = openEventStream(
      `${endpoint}/orders/${encodeURIComponent(order.id)}/events?access=${encodeURIComponent(order.access)}`,
      handlers,
      options.EventSource ?? globalThis.EventSource,
      options.reconnectDelayMs ?? 1000,
    );
  });
  return {
    close() {
      closed = true;
      stream?.close();
    },
  };
}

export function createApiClient(options: ApiClientOptions): ToteApi {
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const flight = createSingleFlight();

  interface Req {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    body?: unknown;
    access?: string;
    idempotencyKey?: string;
    query?: Record<string, string | number | undefined>;
  }

  async function send<T>(path: string, req: Req, opts: ApiCallOptions = {}): Promise<T> {
    const call = async (signal?: AbortSignal): Promise<T> => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
      const qs = params.size ? `?${params}` : '';
      const headers: Record<string, string> = { accept: 'application/json' };
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      if (req.access) headers[ACCESS_HEADER] = req.access;
      if (req.idempotencyKey) headers[IDEMPOTENCY_HEADER] = req.idempotencyKey;
      let res: Response;
      try {
        res = await doFetch(`${endpoint}${path}${qs}`, {
          method: req.method ?? 'GET',
          headers,
          body: req.body === undefined ? undefined : JSON.stringify(req.body),
          signal,
          credentials: 'same-origin',
        });
      } catch (cause) {
        if (isAbortError(cause) || signal?.aborted) throw signal?.reason ?? cause;
        throw new ApiRequestError({ status: 0, code: 'network', message: 'The shop could not be reached', cause });
      }
      if (!res.ok) throw await errorFromResponse(res);
      if (res.status === 204) return undefined as T;
      const data = (await res.json()) as T;
      if (signal?.aborted) throw signal.reason ?? abortError();
      return data;
    };
    return opts.key ? flight.run(opts.key, call, opts.signal) : call(opts.signal);
  }

  return {
    endpoint,
    fetch: doFetch,
    health: (opts) => send('/health', {}, opts),
    merchants: async (opts) => (await send<{ merchants: MerchantSummary[] }>('/merchants', {}, opts)).merchants,
    listOffers: (query = {}, opts) =>
      send('/offers', { query: { merchant_id: query.merchant_id, cursor: query.cursor, size: query.size } }, opts),
    getOffer: async (offerId, opts) =>
      (await send<{ offer: WidgetOffer }>(`/offers/${encodeURIComponent(offerId)}`, {}, opts)).offer,
    currencies: (opts) => send('/currencies', {}, opts),
    quote: (body, opts) => send('/checkout/quote', { method: 'POST', body }, opts),
    place: (body, opts) => send('/checkout/place', { method: 'POST', body, idempotencyKey: opts.idempotencyKey }, opts),
    addressFormat: (country, opts) => send(`/address-format/${encodeURIComponent(country)}`, {}, opts),
    getOrder: async (order, opts) =>
      (await send<{ order: Order }>(`/orders/${encodeURIComponent(order.id)}`, { access: order.access }, opts)).order,
    orderEvents: (order, handlers) => orderEventsOf(endpoint, options, order, handlers),
  };
}
