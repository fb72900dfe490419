import type { ToteEventDetail, ToteEventInit, ToteEventName } from './registry.js';

/**
 * A Tote event ready to dispatch: bubbling, composed, and cancelable when the registry says so (then the
 * dispatch must pass `{ cancelable: true }`). Only a name registered in ./registry.ts compiles.
 */
export const toteEvent = <K extends ToteEventName>(name: K, detail: ToteEventDetail<K>, ...[init]: ToteEventInit<K>): CustomEvent<ToteEventDetail<K>> =>
  new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: init?.cancelable });
