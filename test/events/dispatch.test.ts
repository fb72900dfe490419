// Dispatching goes through the registry: `toteEvent` (and `ToteElement.emit`, which uses it) builds only
// registered events, with their detail types and their cancelability; the `@ts-expect-error` lines below
// fail `npm run typecheck` the day the registry stops enforcing that.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toteEvent } from '../../src/events/dispatch.js';
import type { CartLine } from '../../src/state/cart-store.js';

const line = { sku_id: 1, offer_id: 2, merchant_id: 3, merchant_name: 'Shop', name: 'Mug', variant_values: [], unit_price: 1200, currency: 'USD', quantity: 1 } as CartLine;

describe('toteEvent', () => {
  it('bubbles and is composed; cancelable only where the registry says so', () => {
    const add = toteEvent('tote-cart-add', { line }, { cancelable: true });
    assert.deepEqual([add.type, add.bubbles, add.composed, add.cancelable, add.detail.line.sku_id], ['tote-cart-add', true, true, true, 1]);
    const removed = toteEvent('tote-cart-remove', { line });
    assert.deepEqual([removed.bubbles, removed.composed, removed.cancelable], [true, true, false]);
  });

  it('is typed by the registry (checked by `npm run typecheck`)', () => {
    const unchecked = () => {
      // @ts-expect-error an event the registry does not declare
      toteEvent('tote-cart-planted', {});
      // @ts-expect-error a detail of the wrong shape
      toteEvent('tote-cart-remove', { quantity: 2 });
      // @ts-expect-error a cancelable event dispatched without `{ cancelable: true }`
      toteEvent('tote-checkout-submit', { mode: 'cart', idempotency_key: 'k', lines: [] });
      // @ts-expect-error a non-cancelable event dispatched as cancelable
      toteEvent('tote-cart-remove', { line }, { cancelable: true });
      // Hosts' listeners are typed through the global event maps.
      const listen = (el: HTMLElement) => el.addEventListener('tote-discount-apply', (e) => e.detail.code.toUpperCase());
      // @ts-expect-error `tote-discount-apply`'s detail has no `line`
      const wrong = (el: HTMLElement) => el.addEventListener('tote-discount-apply', (e) => e.detail.line);
      return [listen, wrong];
    };
    assert.equal(typeof unchecked, 'function');
  });
});
