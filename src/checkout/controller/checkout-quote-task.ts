/**
 * The checkout's quote as a `Loader` (`state/loader.ts`, shaped like lit's `Task`): asked for whenever its inputs change,
 * debounced, the stale request aborted; the same inputs are not quoted twice
 * (the token is not part of the key). In cart mode the first quote creates the
 * service cart and is never abandoned midway: newer quotes wait for its token.
 */
import type { ReactiveControllerHost } from 'lit';
import { Loader, initialState } from '../../state/loader.js';
import type { QuoteRequest, QuoteResponse } from '../../contract/checkout-api.js';
import type { ToteApi } from '../../state/api-client.js';
import { quoteKey } from '../rules/checkout-quote.js';
import { wait } from '../../state/clock.js';

/** Inputs are quoted once they have held still this long (typing an address). */
export const QUOTE_DEBOUNCE_MS = 250;

export interface QuoteTaskOptions {
  api(): ToteApi | undefined;
  /** The request for the current inputs; undefined when nothing is to be quoted. */
  request(): QuoteRequest | undefined;
  /** Cart mode: the first quote created the service cart; later quotes name it by this token. */
  cartCreated(token: string): void;
  accept(quote: QuoteResponse): void;
  failed(error: unknown): void;
}

export function createQuoteTask(host: ReactiveControllerHost, o: QuoteTaskOptions): Loader<[string], QuoteResponse> {
  let creatingCart: Promise<void> | undefined;

  function createCart(api: ToteApi, req: QuoteRequest, signal: AbortSignal): Promise<QuoteResponse> {
    const first = api.quote(req);
    creatingCart = first
      .then((q) => o.cartCreated(q.quote_token))
      // Its failure is the run's own (reported through the task); the runs waiting on it just go on.
      .catch(() => undefined)
      .finally(() => (creatingCart = undefined));
    return first.then((q) => {
      signal.throwIfAborted();
      return q;
    });
  }

  return new Loader(host, {
    args: () => [quoteKey(o.request())] as [string],
    task: async ([key], { signal }) => {
      const api = o.api();
      if (!key || !api || !o.request()) return initialState;
      await wait(QUOTE_DEBOUNCE_MS, signal);
      // Read after the wait: the first cart-mode quote may have brought the cart's token meanwhile.
      const req = o.request();
      if (!req) return initialState;
      if (req.mode === 'cart' && !req.quote_token) {
        // A newer quote would create a second cart beside the first: it waits for it and updates that cart.
        if (!creatingCart) return createCart(api, req, signal);
        await creatingCart.catch(() => undefined);
        signal.throwIfAborted();
      }
      return api.quote(o.request() ?? req, { signal });
    },
    onComplete: (quote) => {
      if (typeof quote === 'object') o.accept(quote);
    },
    onError: (e) => o.failed(e),
  });
}
