/**
 * The BFF's front door: one request in, one answer out. Preflight, origin
 * and rate-limit checks, the webhook path, the router, errors turned into
 * answers with credentials scrubbed, CORS headers, and each request seen by
 * the observer (request id, span, log line, metrics).
 */
import type { Router } from './router.js';
import type { RouteHandler } from './context.js';
import { ApiHttpError, errorResponse, notFound, rateLimited, redactJsonAnswer, toApiError, type Redact } from './errors.js';
import type { Observer } from './observability/observer.js';
import type { RequestScope } from './observability/scope.js';
import { preflight, type createOriginPolicy } from './security.js';
import type { RateLimiter } from './stores/index.js';
import { isWholeRequest, setHeader } from './whole-bodies.js';

/** Facts about the connection that a `Request` does not carry (the Node adapter fills them in). */
export interface RequestInfo {
  /** The peer's address, the rate limiter's key. */
  clientAddress?: string;
}

export type BffHandler = (request: Request, info?: RequestInfo) => Promise<Response>;

/**
 * Who is asking, for the rate limit. `undefined` when the host server did not
 * say: one bucket shared by every shopper would throttle the whole shop, so
 * such requests are not limited (limit them in front, or pass `clientAddress`).
 */
function clientKey(request: Request, info: RequestInfo | undefined, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return info?.clientAddress;
}

export interface HandlerParts {
  prefix: string;
  webhookPath: string;
  trustProxy: boolean;
  origins: ReturnType<typeof createOriginPolicy>;
  limiter?: RateLimiter;
  router: Router<RouteHandler>;
  webhook: (request: Request, client: string | undefined) => Promise<Response>;
  /** `GET /metrics` at the root, besides `<prefix>/metrics` in the router (absent when it is off). */
  metrics?: RouteHandler;
  redact: Redact;
  observer: Observer;
  /** Whether a failure is the service's state (told once per change) rather than an error to log. */
  serviceObserved: (error: unknown) => boolean;
  onError: (error: unknown) => void;
}

export function createHandler(p: HandlerParts): BffHandler {
  async function route(request: Request, url: URL, info: RequestInfo | undefined, scope: RequestScope): Promise<Response> {
    const path = url.pathname;
    if (request.method === 'OPTIONS') return preflight(request, url, p.origins);
    p.origins.checkStateChange(request, url);
    const client = clientKey(request, info, p.trustProxy);
    if (path === p.webhookPath) {
      scope.route = '/webhooks';
      // Signed traffic from the service: not counted against shoppers' limits, so no event is refused for being busy.
      // Only refused requests are counted, per source (`webhook-guard.ts`).
      if (request.method !== 'POST') throw new ApiHttpError(405, 'method_not_allowed', 'Method not allowed', {}, { allow: 'POST' });
      return p.webhook(request, client);
    }
    if (path === '/metrics' && p.metrics && request.method === 'GET') {
      scope.route = '/metrics';
      return p.metrics({ request, url, params: {}, client });
    }
    if (path !== p.prefix && !path.startsWith(`${p.prefix}/`)) throw notFound();
    if (p.limiter && client !== undefined) {
      const verdict = await p.limiter.take(client);
      if (!verdict.allowed) throw rateLimited('rate_limited', 'Too many requests; slow down', verdict.retryAfterS);
    }
    const match = p.router.match(request.method, path.slice(p.prefix.length) || '/');
    if (match.kind === 'none') throw notFound();
    if (match.kind === 'wrong_method') {
      throw new ApiHttpError(405, 'method_not_allowed', 'Method not allowed', {}, { allow: match.allowed.join(', ') });
    }
    scope.route = match.pattern;
    // The calls made for this request spend this client's share of each merchant's budget first.
    scope.client = client;
    return match.handler({ request, url, params: match.params, client });
  }

  async function answer(request: Request, info: RequestInfo | undefined, scope: RequestScope): Promise<Response> {
    let url: URL;
    try {
      // The Node adapter parsed it already: not again for each request.
      url = isWholeRequest(request) ? request.parsedUrl : new URL(request.url);
    } catch {
      return errorResponse(new ApiHttpError(400, 'bad_request', 'Malformed request URL'), p.redact);
    }
    const cors = p.origins.corsHeaders(request, url);
    let response: Response;
    try {
      response = await route(request, url, info, scope);
    } catch (err) {
      const api = toApiError(err);
      scope.errorCode = api.code;
      if (scope.route === '/webhooks') p.observer.webhookFailed(api.status, api.code);
      // A refused credential or an unreachable service is told once per change of state (service.observe), not per request.
      if (api.status >= 500 && !(err instanceof ApiHttpError) && !p.serviceObserved(err)) p.onError(err);
      response = errorResponse(api, p.redact);
    }
    response = await redactJsonAnswer(response, p.redact);
    for (const k in cors) setHeader(response, k, cors[k]!);
    return response;
  }

  return (request, info) => p.observer.request(request, (scope) => answer(request, info, scope));
}
