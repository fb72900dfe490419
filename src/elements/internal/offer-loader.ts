/**
 * Fetches one offer for an element given `offer-id` instead of an offer: loading, not found, failed (retry),
 * and busy (a 429 retried by itself after the BFF's `retry_after`). A `Loader` (loader.ts), as all element I/O.
 */
import type { ReactiveControllerHost } from 'lit';
import type { WidgetOffer } from '../../contract/api.js';
import { ApiRequestError, type ToteApi } from '../../state/api-client.js';
import { BusyWait } from './busy-wait.js';
import { Loader } from '../../state/loader.js';

export class OfferLoader extends Loader<readonly [ToteApi, number], WidgetOffer> {
  /** While busy: the wait the BFF asked for. */
  readonly wait: BusyWait;

  /** `args`: the client and the offer's id, or `undefined` when the element has its offer or cannot ask. */
  constructor(host: ReactiveControllerHost, args: () => readonly [ToteApi, number] | undefined) {
    const wait = new BusyWait(host);
    super(host, {
      args,
      task: ([api, id], { signal }) => {
        wait.stop();
        return api.getOffer(id, { signal });
      },
      onError: (e) => {
        const api = args()?.[0];
        if (e instanceof ApiRequestError && e.rateLimited && api) wait.start(e, api, () => void this.run());
      },
    });
    this.wait = wait;
  }

  /** The offer once loaded. */
  get offer(): WidgetOffer | undefined {
    return this.status === 2 ? this.value : undefined;
  }
}
