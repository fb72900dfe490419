import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { z } from 'zod';
import {
  ConnectionHealthReportSchema,
  EstimateResponseSchema,
  OfferSchema,
  OrderSchema,
  pageSchema,
  ServiceErrorSchema,
} from '../../src/contract/index.js';

// Generators of valid service payloads, in the loose forms the service really sends:
// fields absent or null, enums in either case or never seen before, datetimes in every offset form.

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const idArb = fc.integer({ min: 1, max: 2 ** 40 });
const priceArb = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const moneyArb = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const currencyArb = fc.constantFrom('USD', 'eur', 'JPY', 'KWD', 'IQD', 'gbp');
const enumArb = (...known: string[]) =>
  fc.oneof(fc.constantFrom(...known), fc.constantFrom(...known).map((s) => s.toLowerCase()), fc.stringMatching(/^[A-Z][A-Z_]{0,15}$/));
const datetimeArb = fc
  .tuple(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true }), fc.nat(3))
  .map(([d, form]) => {
    const iso = d.toISOString();
    const [secs] = iso.split('.');
    return [iso, `${secs}Z`, `${secs}+0000`, `${iso.slice(0, -1)}+00:00`][form]!;
  });
/** Lists come as arrays, `null`, or not at all. */
const listArb = <T>(arb: fc.Arbitrary<T>, maxLength = 3) => opt(fc.array(arb, { maxLength }));
const record = <T extends Record<string, fc.Arbitrary<unknown>>>(fields: T, required: (keyof T)[] = []) =>
  fc.record(fields, { requiredKeys: required as never[] });

const mediaArb = record({ id: opt(idArb), url: opt(fc.webUrl()), type: opt(enumArb('IMAGE', 'VIDEO')), alt_text: opt(fc.string()), primary: opt(fc.boolean()) });
const albumArb = record({ id: opt(idArb), type: opt(enumArb('OFFER', 'SKU')), media: listArb(mediaArb), primary_media: opt(mediaArb) });
const metadataArb = record({ key: fc.string(), value: fc.jsonValue({ maxDepth: 2 }), type: opt(enumArb('STRING', 'JSON')) }, ['key']);
const skuArb = record(
  {
    id: idArb,
    offer_id: opt(idArb),
    sale_price: priceArb,
    retail_price: opt(priceArb),
    currency: opt(currencyArb),
    in_stock: opt(fc.boolean()),
    qty_available: opt(fc.integer({ min: 0, max: 10_000 })),
    status: opt(enumArb('AVAILABLE', 'UNAVAILABLE', 'ARCHIVED')),
    variant_values: listArb(record({ variant: fc.string(), value: fc.string() }, ['variant', 'value'])),
    albums: listArb(albumArb, 2),
    sku_dimensions: opt(record({ weight: opt(fc.double({ min: 0, max: 1000, noNaN: true })), type: opt(enumArb('SKU')) })),
    date_last_modified: opt(datetimeArb),
  },
  ['id', 'sale_price'],
);
const variantArb = record(
  {
    id: idArb,
    name: fc.string(),
    values: listArb(record({ id: idArb, name: fc.string(), sku_ids: listArb(idArb) }, ['id', 'name'])),
  },
  ['id', 'name'],
);
const offerArb = record(
  {
    id: idArb,
    name: fc.string(),
    merchant_id: idArb,
    currency: currencyArb,
    description: opt(fc.string()),
    min_price: opt(priceArb),
    max_price: opt(priceArb),
    status: opt(enumArb('AVAILABLE', 'UNAVAILABLE')),
    publishing_status: opt(enumArb('PUBLISHED', 'NOT_PUBLISHED')),
    commission_rate: opt(fc.double({ min: 0, max: 100, noNaN: true })),
    variants: listArb(variantArb),
    skus: listArb(skuArb),
    albums: listArb(albumArb, 2),
    metadata: listArb(metadataArb),
    external_data: opt(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }))),
    tags: listArb(fc.string()),
    date_created: opt(datetimeArb),
  },
  ['id', 'name', 'merchant_id', 'currency'],
);

const orderSkuArb = record(
  { id: idArb, sku_id: idArb, quantity: fc.integer({ min: 1, max: 1000 }), price: priceArb, line_price: opt(priceArb), name: opt(fc.string()), status: opt(enumArb('IN_PROGRESS', 'SHIPPED')) },
  ['id', 'sku_id', 'quantity', 'price'],
);
const bagArb = record(
  {
    id: idArb,
    merchant_id: idArb,
    status: opt(enumArb('IN_PROGRESS', 'SUBMITTED', 'ACCEPTED', 'BACKORDERED')),
    financial_status: opt(enumArb('UNPAID', 'PAID', 'PENDING')),
    fulfillment_status: opt(enumArb('PROCESSING', 'SHIPPED')),
    skus: listArb(orderSkuArb),
    shipping_method: opt(record({ shipping_method_id: fc.string(), label: fc.string(), price: priceArb }, ['shipping_method_id', 'label', 'price'])),
    sub_total: opt(moneyArb),
    total: opt(moneyArb),
    currency: opt(currencyArb),
    fulfillments: listArb(record({ id: opt(idArb), tracking_number: opt(fc.string()), skus: listArb(record({ order_sku_id: opt(idArb), quantity_fulfilled: opt(fc.nat()) })) })),
  },
  ['id', 'merchant_id'],
);
const addressArb = record({ address_1: opt(fc.string()), city: opt(fc.string()), postal_code: opt(fc.string()), country: opt(fc.string({ maxLength: 2 })) });
const orderArb = record(
  {
    id: idArb,
    errors: listArb(record({ bag_id: opt(idArb), type: opt(enumArb('EXTERNAL_ADD_ITEM', 'EXTERNAL_SUBMIT_CART')), message: opt(fc.string()) })),
    customer: opt(record({ first_name: opt(fc.string()), email: opt(fc.string()), shipping_address: opt(addressArb) })),
    bags: listArb(bagArb),
    shipping_address: opt(addressArb),
    billing_address: opt(addressArb),
    payment_method: opt(record({ type: opt(enumArb('SINGLE_USE_CARD_TOKEN')), payment_provider: opt(enumArb('STRIPE', 'SANDBOX')) })),
    sub_total: opt(moneyArb),
    total: opt(moneyArb),
    base_currency: opt(currencyArb),
    status: opt(enumArb('IN_PROGRESS', 'PROCESSING', 'COMPLETED', 'REFUNDED')),
    app_order_id: opt(fc.string()),
    payment_transactions: listArb(record({ amount: opt(moneyArb), metadata: opt(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }))) })),
    date_submitted: opt(datetimeArb),
  },
  ['id'],
);

const estimateArb = record({
  estimated_carts: listArb(
    record(
      {
        merchant_id: idArb,
        base_currency: currencyArb,
        sub_total: moneyArb,
        total: moneyArb,
        tax_total: opt(moneyArb),
        skus: listArb(record({ sku_id: idArb, quantity: fc.integer({ min: 1, max: 10 }), price: priceArb }, ['sku_id', 'quantity', 'price'])),
        available_shipping_methods: listArb(record({ shipping_method_id: fc.string(), label: fc.string(), price: priceArb }, ['shipping_method_id', 'label', 'price'])),
        errors: listArb(record({ message: opt(fc.string()) })),
      },
      ['merchant_id', 'base_currency', 'sub_total', 'total'],
    ),
  ),
});

const errorArb = record({
  message: opt(fc.string()),
  error: opt(fc.string()),
  code: opt(fc.integer({ min: 0, max: 9999 })),
  data: opt(record({ skus: listArb(fc.oneof(record({ sku_id: opt(idArb), message: opt(fc.string()) }), record({ skuId: opt(idArb), orderSkuId: opt(idArb), bagId: opt(idArb) }))) })),
  id: fc.jsonValue({ maxDepth: 1 }),
  ids: listArb(fc.jsonValue({ maxDepth: 1 })),
});

const statusArb = <T>(results: fc.Arbitrary<T>) => opt(record({ status: opt(enumArb('COMPLETE', 'FAILED')), error: opt(errorArb), results: opt(results) }));
const healthArb = record(
  {
    merchant_id: idArb,
    merchant_name: opt(fc.string()),
    merchant_status: opt(enumArb('ACTIVE', 'NEW', 'DISABLED')),
    platform: opt(enumArb('SHOPIFY', 'OTHER', 'CUSTOM')),
    connection: statusArb(record({ isConnected: opt(fc.boolean()), storeScopes: opt(record({ missingScopes: listArb(fc.string()) })) })),
    sync_status: statusArb(record({ total_products: opt(fc.nat()), date_last_synced: opt(datetimeArb) })),
    payout_account: statusArb(record({ id: opt(idArb), status: opt(enumArb('INCOMPLETE')), details: opt(record({ currentlyDue: listArb(fc.string()) })) })),
    migration: statusArb(enumArb('MIGRATION_REQUIRED')),
  },
  ['merchant_id'],
);

/** Inputs arrive as JSON text: normalise generated values the way the wire would (e.g. -0 → 0). */
const wire = <T>(arb: fc.Arbitrary<T>) => arb.map((v) => JSON.parse(JSON.stringify(v)) as unknown);

function roundTrips(name: string, schema: z.ZodType, arb: fc.Arbitrary<unknown>) {
  it(`${name}: parse → JSON → parse is stable`, () => {
    fc.assert(
      fc.property(wire(arb), (input) => {
        const first = schema.safeParse(input);
        assert.ok(first.success, first.success ? '' : z.prettifyError(first.error));
        const again = schema.parse(JSON.parse(JSON.stringify(first.data)));
        assert.deepEqual(again, first.data);
      }),
      { numRuns: 150 },
    );
  });
}

describe('schemas: round trips of generated payloads', () => {
  roundTrips('Offer', OfferSchema, offerArb);
  roundTrips('Page<Offer>', pageSchema(OfferSchema), record({ content: listArb(offerArb), next_page_cursor: opt(fc.string()), last: opt(fc.boolean()), number: opt(fc.nat()) }));
  roundTrips('Cart/Order', OrderSchema, orderArb);
  roundTrips('EstimateResponse', EstimateResponseSchema, estimateArb);
  roundTrips('ConnectionHealthReport', ConnectionHealthReportSchema, healthArb);
  roundTrips('ServiceError', ServiceErrorSchema, errorArb);

  it('a parsed value keeps every known field the input had', () => {
    fc.assert(
      fc.property(wire(offerArb), (input) => {
        const parsed = OfferSchema.parse(input) as Record<string, unknown>;
        for (const key of Object.keys(input as object)) assert.ok(key in parsed, key);
      }),
      { numRuns: 100 },
    );
  });
});
