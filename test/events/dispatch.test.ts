// Dispatching goes through the registry: `dispatchToteEvent` (and `ToteElement.emit`, which uses it) sends
// only registered events, with their detail types and their cancelability; the `@ts-expect-error` lines
// below fail `npm run typecheck` the day the registry stops enforcing that.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dispatchToteEvent } from '../../src/events/dispatch.js';
import type { CartLine } from '../../src/state/cart-store.js';

const line = { sku_id: 1, offer_id: 2, merchant_id: 3, merchant_name: 'Shop', name: 'Mug', variant_values: [], unit_price: 1200, currency: 'USD', quantity: 1 } as CartLine;

describe('dispatchToteEvent', () => {
  it('dispatches a bubbling, composed event, cancelable only where the registry says so', () => {
    const target = new EventTarget();
    const heard: Event[] = [];
    target.addEventListener('tote-cart-add', (e) => {
      heard.push(e);
      e.preventDefault();
    });
    const add = dispatchToteEvent(target, 'tote-cart-add', { line }, { cancelable: true });
    assert.deepEqual([heard[0], add.bubbles, add.composed, add.defaultPrevented, add.detail.line.sku_id], [add, true, true, true, 1]);
    const removed = dispatchToteEvent(target, 'tote-cart-remove', { line });
    assert.deepEqual([removed.type, removed.bubbles, removed.composed, removed.cancelable], ['tote-cart-remove', true, true, false]);
  });

  it('is typed by the registry (checked by `npm run typecheck`)', () => {
    const unchecked = (target: HTMLElement) => {
      // @ts-expect-error an event the registry does not declare
      dispatchToteEvent(target, 'tote-cart-planted', {});
      // @ts-expect-error a detail of the wrong shape
      dispatchToteEvent(target, 'tote-cart-remove', { quantity: 2 });
      // @ts-expect-error a cancelable event dispatched without `{ cancelable: true }`
      dispatchToteEvent(target, 'tote-checkout-submit', { mode: 'cart', idempotency_key: 'k', lines: [] });
      // @ts-expect-error a non-cancelable event dispatched as cancelable
      dispatchToteEvent(target, 'tote-cart-remove', { line }, { cancelable: true });
      // Hosts' listeners are typed through the global event maps (HTMLElementEventMap extends the one merged into).
      target.addEventListener('tote-discount-apply', (e) => e.detail.code.toUpperCase());
      // @ts-expect-error `tote-discount-apply`'s detail has no `line`
      target.addEventListener('tote-discount-apply', (e) => e.detail.line);
    };
    assert.equal(typeof unchecked, 'function');
  });
});
