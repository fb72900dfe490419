import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { WidgetOffer } from '../../src/contract/api.js';
import type { Sku } from '../../src/contract/catalog.js';
import { lineForSku, orderedVariants, priceRange, skuInStock } from '../../src/state/offer.js';
import { choose, initialSelection, resolveSku, valueState } from '../../src/elements/variant-picker/variant-selection.js';

/** Random offers: 1–3 variants of 1–4 values, SKUs for a random subset of combinations, random stock. */
const offerArb = fc
  .record({
    sizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
    seed: fc.array(fc.record({ present: fc.boolean(), qty: fc.integer({ min: -1, max: 3 }), status: fc.constantFrom('AVAILABLE', 'AVAILABLE', 'UNAVAILABLE') }), {
      minLength: 64,
      maxLength: 64,
    }),
    shuffle: fc.boolean(),
  })
  .map(({ sizes, seed, shuffle }): WidgetOffer => {
    const combos: number[][] = sizes.reduce<number[][]>((acc, n) => acc.flatMap((c) => Array.from({ length: n }, (_, i) => [...c, i])), [[]]);
    const skus: Sku[] = [];
    combos.forEach((combo, i) => {
      const s = seed[i % seed.length]!;
      if (!s.present) return;
      skus.push({
        id: 100 + i,
        sale_price: 1000 + i,
        inventory_tracked: s.qty >= 0,
        qty_available: s.qty >= 0 ? s.qty : null,
        in_stock: s.qty !== 0,
        status: s.status,
        albums: [],
        metadata: [],
        variant_values: combo.map((v, k) => ({ variant: `V${k}`, value: `v${k}-${v}` })),
      });
    });
    const variants = sizes.map((n, k) => ({
      id: k + 1,
      name: `V${k}`,
      display_order: shuffle ? sizes.length - k : k,
      values: Array.from({ length: n }, (_, v) => ({
        id: (k + 1) * 10 + v,
        name: `v${k}-${v}`,
        display_order: shuffle ? n - v : v,
        sku_ids: skus.filter((s) => s.variant_values[k]!.value === `v${k}-${v}`).map((s) => s.id),
      })),
    }));
    return { id: 1, name: 'Offer', merchant_id: 1001, currency: 'USD', variants, skus, albums: [], tags: [] };
  });

test('every reachable choice resolves to one in-stock SKU of the offer, never a missing or sold-out one', () => {
  fc.assert(
    fc.property(offerArb, fc.array(fc.nat(), { maxLength: 12 }), (offer, clicks) => {
      const variants = orderedVariants(offer);
      let selection = initialSelection(offer);
      const anyInStock = offer.skus.some(skuInStock);
      assert.equal(selection.size > 0, anyInStock, 'a starting choice exactly when something is in stock');
      for (const click of clicks) {
        if (selection.size) {
          const sku = resolveSku(offer, selection);
          assert.ok(sku, 'a complete choice resolves');
          assert.ok(offer.skus.includes(sku!) && skuInStock(sku!), 'to an in-stock SKU of the offer');
          for (const v of variants) {
            const value = v.values.find((x) => x.id === selection.get(v.id))!;
            assert.ok(value.sku_ids.includes(sku!.id), 'carrying every chosen value');
          }
        }
        // The shopper can only pick enabled values.
        const all = variants.flatMap((v) => v.values.map((value) => ({ v, value })));
        const enabled = all.filter(({ v, value }) => valueState(offer, v, value, selection).enabled);
        if (!enabled.length) {
          assert.equal(anyInStock, false);
          continue;
        }
        const { v, value } = enabled[click % enabled.length]!;
        selection = choose(offer, selection, v.id, value.id);
      }
    }),
    { numRuns: 300 },
  );
});

test('a value is disabled with the reason: sold out everywhere, or not with the choices above it', () => {
  const sku = (id: number, c: string, s: string, qty: number): Sku => ({
    id, sale_price: 100, inventory_tracked: true, qty_available: qty, in_stock: qty > 0, albums: [], metadata: [],
    variant_values: [{ variant: 'Colour', value: c }, { variant: 'Size', value: s }],
  });
  const skus = [sku(1, 'Red', 'S', 2), sku(2, 'Red', 'L', 0), sku(3, 'Blue', 'L', 1), sku(4, 'Green', 'S', 0)];
  const offer = {
    id: 1, name: 'Tee', merchant_id: 1, currency: 'USD', metadata: [], albums: [], collections: [], tags: [], skus,
    variants: [
      { id: 1, name: 'Colour', values: ['Red', 'Blue', 'Green'].map((n, i) => ({ id: 10 + i, name: n, sku_ids: skus.filter((s) => s.variant_values[0]!.value === n).map((s) => s.id) })) },
      { id: 2, name: 'Size', values: ['S', 'L'].map((n, i) => ({ id: 20 + i, name: n, sku_ids: skus.filter((s) => s.variant_values[1]!.value === n).map((s) => s.id) })) },
    ],
  } as WidgetOffer;
  const selection = initialSelection(offer);
  assert.deepEqual([...selection], [[1, 10], [2, 20]]);
  const [colour, size] = orderedVariants(offer);
  assert.deepEqual(valueState(offer, colour!, colour!.values[2]!, selection), { enabled: false, reason: 'out_of_stock' });
  assert.deepEqual(valueState(offer, size!, size!.values[1]!, selection), { enabled: false, reason: 'not_with_choice', choice: ['Red'] });
  // Blue is reachable from Red/S: the size follows to L.
  const blue = choose(offer, selection, 1, 11);
  assert.equal(resolveSku(offer, blue)?.id, 3);
});

test('a SKU whose own variant values contradict the value lists is never chosen for that value', () => {
  const skus: Sku[] = [
    { id: 1, sale_price: 100, albums: [], metadata: [], variant_values: [{ variant: 'Size', value: 'M' }] },
    { id: 2, sale_price: 100, albums: [], metadata: [], variant_values: [{ variant: 'Size', value: 'S' }] },
  ];
  const offer = {
    id: 1, name: 'Tee', merchant_id: 1, currency: 'USD', metadata: [], albums: [], collections: [], tags: [], skus,
    variants: [{ id: 1, name: 'Size', values: [{ id: 10, name: 'S', sku_ids: [1, 2] }, { id: 11, name: 'M', sku_ids: [1] }] }],
  } as WidgetOffer;
  assert.equal(resolveSku(offer, new Map([[1, 10]]))?.id, 2);
  assert.equal(resolveSku(offer, new Map([[1, 11]]))?.id, 1);
});

test('price range and cart line', () => {
  const offer = {
    id: 7, name: 'Tea', merchant_id: 1002, merchant_name: 'Kumo', currency: 'JPY', metadata: [], collections: [], tags: [], variants: [],
    albums: [{ media: [{ url: 'https://img.example/a.jpg', alt_text: 'Tin', primary: true }] }],
    skus: [
      { id: 1, sale_price: 1200, currency: 'JPY', inventory_tracked: true, qty_available: 4, albums: [], metadata: [], variant_values: [] },
      { id: 2, sale_price: 900, albums: [], metadata: [], variant_values: [] },
    ],
  } as unknown as WidgetOffer;
  assert.deepEqual(priceRange(offer), { min: 900, max: 1200 });
  assert.deepEqual(priceRange({ ...offer, min_price: 800, max_price: 1500 }), { min: 800, max: 1500 });
  assert.deepEqual(priceRange({ ...offer, min_price: 5000, max_price: 1000 }), { min: 1000, max: 5000 }, 'lowest first whatever the merchant sent');
  assert.deepEqual(lineForSku(offer, offer.skus[0]!, 2), {
    sku_id: 1, offer_id: 7, merchant_id: 1002, merchant_name: 'Kumo', name: 'Tea', image: 'https://img.example/a.jpg',
    variant_values: [], unit_price: 1200, currency: 'JPY', quantity: 2, max_quantity: 4,
  });
});

test('a one-variant offer of 10,000 SKUs: every value resolves to its own SKU, a value naming no real SKU is disabled', () => {
  const n = 10_000;
  const skus: Sku[] = Array.from({ length: n }, (_, i) => ({ id: i + 1, sale_price: 100, albums: [], metadata: [], variant_values: [], in_stock: i % 10 !== 0 }));
  const values = skus.map((s, i) => ({ id: 100_000 + i, name: `S${i}`, sku_ids: [s.id] }));
  values.push({ id: 999_999, name: 'Ghost', sku_ids: [123_456_789] });
  const offer = { id: 1, name: 'Many', merchant_id: 1, currency: 'USD', metadata: [], albums: [], collections: [], tags: [], skus, variants: [{ id: 1, name: 'Size', values }] } as WidgetOffer;
  const [size] = orderedVariants(offer);
  const selection = initialSelection(offer);
  assert.equal(resolveSku(offer, selection)?.id, 2, 'the first in-stock SKU');
  const enabled = size!.values.filter((v) => valueState(offer, size!, v, selection).enabled);
  assert.equal(enabled.length, n - n / 10);
  assert.equal(resolveSku(offer, choose(offer, selection, 1, 100_000 + 4242))?.id, 4243);
  assert.deepEqual(valueState(offer, size!, values.at(-1)!, selection), { enabled: false, reason: 'out_of_stock' });
});
