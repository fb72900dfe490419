import type { ToteEventDetail, ToteEventInit, ToteEventName } from './registry.js';

/**
 * Dispatches a Tote event on `target` and returns it (a cancelable one is read with `defaultPrevented`):
 * bubbling, composed, and cancelable when the registry says so (then the call passes `{ cancelable: true }`).
 * Only a name registered in ./registry.ts, with its detail type, compiles.
 */
export function dispatchToteEvent<K extends ToteEventName>(
  target: EventTarget,
  name: K,
  detail: ToteEventDetail<K>,
  ...init: ToteEventInit<K>
): CustomEvent<ToteEventDetail<K>>;
export function dispatchToteEvent(target: EventTarget, name: string, detail: unknown, init?: { cancelable: true }): CustomEvent {
  const event = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: init?.cancelable });
  target.dispatchEvent(event);
  return event;
}
