/**
 * What the BFF knows about the request it is serving, wherever the work for
 * it runs: its id (sent upstream), the merchants its service calls concerned,
 * the route pattern matched and the request's span (the parent of each
 * service call's span). Kept in AsyncLocalStorage, as `budgetCaller` keeps
 * the client key, so no function signature has to carry it.
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
}

export const requestScope = new AsyncLocalStorage<RequestScope>();
