/**
 * What the BFF knows about the request it is serving, wherever the work for
 * it runs: its id (sent upstream), the merchants its service calls concerned,
 * the route pattern matched, the request's span (the parent of each
 * service call's span) and the client it is handled for (the merchant
 * budget's key). Kept in AsyncLocalStorage, so no function signature has to
 * carry it: one store for all of it, since each store kept is a property
 * set on every promise the request makes (the client key had a store of its
 * own until issue 30).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Span } from '@opentelemetry/api';

export interface RequestScope {
  readonly id: string;
  readonly span: Span;
  /** The route pattern (`/orders/:id`), never the raw path, which may carry ids a shopper typed. */
  route?: string;
  /** The merchants this request's service calls were about, in the order first met. */
  readonly merchants: Set<number>;
  /** The error code answered, when the request failed. */
  errorCode?: string;
  /**
   * The client the request is handled for (its rate-limit key), set once it is routed to a handler: the
   * calls made on its behalf spend that client's share of each merchant's budget first. None for webhooks.
   */
  client?: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();
