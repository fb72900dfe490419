/** What every route handler gets: the request, its URL and path parameters, and the BFF's parts. */
import type { ServiceState } from './service-health.js';
import type { ServiceClient } from '../contract/client.js';
import type { AccessSigner } from './access.js';
import type { HealthDirectory } from './merchants.js';
import type { OfferCatalog } from './offers.js';
import type { Params } from './router.js';
import type { StreamSlots } from './events.js';
import type { BffStores, EventBus } from './stores/index.js';
import type { StoredAnswer } from './idempotency.js';
import type { Quoter } from './quote.js';
import type { QuoteTokens } from './quote-token.js';
import type { Observer } from './observability/observer.js';

export interface RouteContext {
  request: Request;
  url: URL;
  params: Params;
  /** Who is asking (the rate limiter's key), when the host server said. */
  client?: string;
}

export type RouteHandler = (ctx: RouteContext) => Promise<Response>;

export interface BffParts {
  client: ServiceClient;
  access: AccessSigner;
  health: HealthDirectory;
  catalog: OfferCatalog;
  bus: EventBus;
  stores: Pick<BffStores, 'kind' | 'reachable' | 'idempotency' | 'webhookLedger'>;
  /** Whether the service answers this instance's credentials (`/health`). */
  service: { state(): Promise<ServiceState>; observe(error: unknown): boolean };
  tokens: QuoteTokens;
  quoter: Quoter;
  /** `POST /checkout/place`: the request and its parsed body → the answer to send. */
  place: (request: Request, body: unknown) => Promise<StoredAnswer>;
  /** The request's JSON body within the size and depth caps (`undefined` when empty). */
  body: (request: Request) => Promise<unknown>;
  heartbeatMs: number;
  streams: StreamSlots;
  /** Logs, spans and metrics (docs/operations.md). */
  observer: Observer;
}
