import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CartStore, cartStorageKey, parseStoredLines, type CartLineInput } from '../../src/state/cart-store.js';
import { cartBags, cartTotals } from '../../src/state/cart-bags.js';
import type { ToteApi } from '../../src/state/api-client.js';
import { revalidateCart } from '../../src/state/cart-revalidate.js';
import { applyQuote } from '../../src/checkout/rules/line-issues.js';
import type { WidgetOffer } from '../../src/contract/api.js';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() { return this.map.size; }
  clear() { this.map.clear(); }
  getItem(k: string) { return this.map.get(k) ?? null; }
  key(i: number) { return [...this.map.keys()][i] ?? null; }
  removeItem(k: string) { this.map.delete(k); }
  setItem(k: string, v: string) { this.map.set(k, String(v)); }
}

const shirt: CartLineInput = {
  sku_id: 11, offer_id: 1, merchant_id: 1001, merchant_name: 'Acme', name: 'Shirt',
  variant_values: [{ variant: 'Size', value: 'M' }], unit_price: 2500, currency: 'USD', max_quantity: 3,
};
const tea: CartLineInput = {
  sku_id: 21, offer_id: 2, merchant_id: 1002, merchant_name: 'Kyoto Tea', name: 'Sencha',
  variant_values: [], unit_price: 1200, currency: 'JPY',
};
const mug: CartLineInput = { ...shirt, sku_id: 12, offer_id: 3, name: 'Mug', unit_price: 1000, max_quantity: undefined };

const store = (storage: Storage | null = new MemoryStorage(), eventTarget: EventTarget | null = null) =>
  new CartStore({ storageKey: cartStorageKey('/api'), storage, eventTarget });

test('adds lines, merges the same SKU and bounds the quantity by stock', () => {
  const s = store();
  s.add(shirt);
  s.add({ ...shirt, quantity: 5 });
  assert.equal(s.lines.length, 1);
  assert.equal(s.line(11)?.quantity, 3);
  s.setQuantity(11, 2);
  assert.equal(s.line(11)?.quantity, 2);
  s.setQuantity(11, 0);
  assert.equal(s.lines.length, 0);
});

test('groups lines into one bag per merchant and keeps currencies apart', () => {
  const s = store();
  s.add({ ...shirt, quantity: 2 });
  s.add(tea);
  s.add(mug);
  assert.deepEqual(cartBags(s.lines).map((b) => [b.merchant_name, b.lines.length]), [['Acme', 2], ['Kyoto Tea', 1]]);
  assert.deepEqual(cartBags(s.lines)[0]!.totals, [{ amount: 6000, currency: 'USD' }]);
  assert.deepEqual(cartTotals(s.lines), [{ amount: 6000, currency: 'USD' }, { amount: 1200, currency: 'JPY' }]);
  assert.equal(s.count, 4);
});

test('survives a reload and notifies subscribers', () => {
  const storage = new MemoryStorage();
  const a = store(storage);
  let calls = 0;
  const off = a.subscribe(() => calls++);
  a.add(shirt);
  off();
  a.add(tea);
  assert.equal(calls, 1);
  assert.deepEqual(store(storage).lines, a.lines);
});

test('two endpoints keep two carts', () => {
  const storage = new MemoryStorage();
  const a = new CartStore({ storageKey: cartStorageKey('/api'), storage, eventTarget: null });
  const b = new CartStore({ storageKey: cartStorageKey('/other-api'), storage, eventTarget: null });
  a.add(shirt);
  assert.equal(b.lines.length, 0);
});

test('tolerates tampered and throwing storage', () => {
  const storage = new MemoryStorage();
  storage.setItem(cartStorageKey('/api'), '{"lines":[{"sku_id":"x"},' + JSON.stringify({ ...shirt, quantity: 2 }) + ',{"sku_id":11}]}');
  assert.equal(store(storage).lines.length, 1);
  storage.setItem(cartStorageKey('/api'), 'not json');
  assert.equal(store(storage).lines.length, 0);
  assert.deepEqual(parseStoredLines(JSON.stringify({ lines: [{ ...shirt, quantity: 1, currency: 'ZZZ' }] })), []);
  assert.deepEqual(parseStoredLines(JSON.stringify({ lines: [{ ...shirt, quantity: 1, unit_price: 1.5 }] })), []);

  const throwing = new MemoryStorage();
  throwing.getItem = () => { throw new Error('SecurityError'); };
  throwing.setItem = () => { throw new Error('QuotaExceededError'); };
  const s = store(throwing);
  s.add(shirt);
  assert.equal(s.lines.length, 1);
});

test('follows another tab through the storage event', () => {
  const storage = new MemoryStorage();
  const target = new EventTarget();
  const here = store(storage, target);
  const there = store(storage, null);
  there.add(tea);
  let notified = 0;
  here.subscribe(() => notified++);
  const event = Object.assign(new Event('storage'), { key: cartStorageKey('/api'), storageArea: storage });
  target.dispatchEvent(event);
  assert.equal(notified, 1);
  assert.equal(here.line(21)?.name, 'Sencha');
  target.dispatchEvent(Object.assign(new Event('storage'), { key: 'unrelated', storageArea: storage }));
  assert.equal(notified, 1);
});

function offer(id: number, skus: Partial<WidgetOffer['skus'][number]>[]): WidgetOffer {
  return {
    id, name: `Offer ${id}`, merchant_id: 1001, currency: 'USD', metadata: [], variants: [], albums: [], collections: [], tags: [],
    skus: skus.map((s) => ({ id: 0, sale_price: 0, albums: [], variant_values: [], metadata: [], ...s })),
  } as WidgetOffer;
}

test('revalidate flags vanished, out-of-stock, repriced and short lines in place', async () => {
  const s = store();
  s.add({ ...shirt, quantity: 3 }); // offer 1: stock drops to 1
  s.add({ ...mug, sku_id: 31, offer_id: 4 }); // offer 4: gone (404)
  s.add({ ...mug, sku_id: 41, offer_id: 5 }); // offer 5: sku 41 sold out
  s.add({ ...mug, sku_id: 51, offer_id: 6 }); // offer 6: price up
  s.add({ ...mug, sku_id: 61, offer_id: 7 }); // offer 7: merchant busy, left alone
  const offers: Record<number, WidgetOffer> = {
    1: offer(1, [{ id: 11, sale_price: 2500, inventory_tracked: true, qty_available: 1 }]),
    5: offer(5, [{ id: 41, sale_price: 1000, in_stock: false }]),
    6: offer(6, [{ id: 51, sale_price: 1300 }]),
  };
  const api = {
    getOffer: async (id: number) => {
      if (id === 7) throw Object.assign(new Error('busy'), { status: 429 });
      if (!offers[id]) throw Object.assign(new Error('gone'), { status: 404 });
      return offers[id];
    },
  } as unknown as ToteApi;
  await revalidateCart(s, api);
  assert.equal(s.lines.length, 5, 'no line is dropped');
  assert.deepEqual(s.lines.map((l) => l.issue), ['quantity_reduced', 'unavailable', 'out_of_stock', 'price_changed', undefined]);
  assert.equal(s.line(11)?.quantity, 1);
  assert.equal(s.line(51)?.unit_price, 1300);
  assert.equal(s.line(51)?.previous_unit_price, 1000);
  assert.deepEqual(cartTotals(s.lines), [{ amount: 2500 + 1300 + 1000, currency: 'USD' }], 'unbuyable lines are not totalled');
  s.acknowledge(51);
  assert.equal(s.line(51)?.issue, undefined);
});

test('a quote flags lines without a request per offer: sold out flagged, a new price in the line\'s own currency taken', () => {
  const s = store();
  s.add(shirt);
  s.add(tea);
  s.add(mug);
  const bag = (merchant_id: number, lines: { sku_id: number; unit_price: number; available?: boolean }[], problems: { code: string; sku_id?: number }[] = []) => ({
    merchant_id, merchant_name: 'x', shipping_methods: [], sub_total: 0, shipping_total: 0, tax_total: 0, total: 0, problems,
    lines: lines.map((l) => ({ name: 'x', quantity: 1, total: l.unit_price, available: true, ...l })),
  });
  const quote = {
    quote_token: 't', expires_at: '2026-11-22T22:00:00Z', currency: 'USD', mode: 'direct', ready: false,
    totals: { sub_total: 0, shipping_total: 0, tax_total: 0, total: 0 },
    bags: [bag(1001, [{ sku_id: 11, unit_price: 2700 }, { sku_id: 12, unit_price: 1000 }], []), bag(1002, [{ sku_id: 21, unit_price: 800 }], [{ code: 'out_of_stock', sku_id: 21 }])],
  } as never;
  let notified = 0;
  s.subscribe(() => notified++);
  applyQuote(s, quote);
  assert.equal(s.line(11)!.issue, 'price_changed');
  assert.equal(s.line(11)!.unit_price, 2700);
  assert.equal(s.line(11)!.previous_unit_price, 2500);
  assert.equal(s.line(21)!.issue, 'out_of_stock');
  assert.equal(s.line(21)!.unit_price, 1200, 'a yen line is not repriced from a dollar quote');
  assert.equal(s.line(12)!.issue, undefined);
  applyQuote(s, quote);
  assert.equal(notified, 1, 'the same quote again changes nothing');
});
