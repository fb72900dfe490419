import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  AddressSchema,
  AlbumSchema,
  AuthErrorSchema,
  BagSchema,
  CartSchema,
  CollectionSchema,
  ConnectionHealthReportSchema,
  ConnectionHealthSchema,
  CustomerSchema,
  datetime,
  DimensionsSchema,
  DirectOrderRequestSchema,
  EstimateRequestSchema,
  EstimateResponseSchema,
  FulfillmentSchema,
  MediaSchema,
  MerchantOnboardingSchema,
  MetadataSchema,
  OfferSchema,
  OfferShippingSchema,
  OrderEventBodySchema,
  OrderSchema,
  OrderSkuSchema,
  pageSchema,
  PaymentMethodSchema,
  PayoutAccountSchema,
  ServiceErrorSchema,
  ShippingMethodSchema,
  SkuSchema,
  VariantSchema,
  VariantValueSchema,
  WebhookEventSchema,
} from '../../src/contract/index.js';
import { fixture } from './support.js';

type Path = (string | number)[];

function at(obj: any, path: Path): any {
  return path.reduce((o, k) => o[k], obj);
}
function setAt(obj: any, path: Path, value: unknown): any {
  at(obj, path.slice(0, -1))[path.at(-1)!] = value;
  return obj;
}

const offer = () => fixture('offer');
const health = () => fixture('connection-health');
const cart = () => fixture('cart-with-errors');

/** Every resource, with a realistic fixture taken from the shapes documents. */
const resources: { name: string; schema: z.ZodType; sample: () => any }[] = [
  { name: 'Offer', schema: OfferSchema, sample: offer },
  { name: 'Variant', schema: VariantSchema, sample: () => offer().variants[0] },
  { name: 'VariantValue', schema: VariantValueSchema, sample: () => offer().variants[0].values[0] },
  { name: 'Sku', schema: SkuSchema, sample: () => offer().skus[0] },
  { name: 'Dimensions', schema: DimensionsSchema, sample: () => offer().skus[0].shipping_dimensions },
  { name: 'Album', schema: AlbumSchema, sample: () => offer().albums[0] },
  { name: 'Media', schema: MediaSchema, sample: () => offer().albums[0].media[0] },
  { name: 'Metadata', schema: MetadataSchema, sample: () => offer().metadata[1] },
  { name: 'Collection', schema: CollectionSchema, sample: () => offer().collections[0] },
  { name: 'OfferShipping', schema: OfferShippingSchema, sample: () => offer().shipping },
  { name: 'Page<Offer>', schema: pageSchema(OfferSchema), sample: () => fixture('offers-page') },
  { name: 'ConnectionHealth', schema: ConnectionHealthSchema, sample: health },
  { name: 'ConnectionHealthReport', schema: ConnectionHealthReportSchema, sample: () => health()[0] },
  { name: 'PayoutAccount', schema: PayoutAccountSchema, sample: () => health()[0].payout_account.results },
  { name: 'ServiceError', schema: ServiceErrorSchema, sample: () => fixture('error-request') },
  { name: 'AuthError', schema: AuthErrorSchema, sample: () => fixture('error-auth') },
  { name: 'MerchantOnboarding', schema: MerchantOnboardingSchema, sample: () => fixture('onboarding') },
  { name: 'Cart (new)', schema: CartSchema, sample: () => fixture('cart-new') },
  { name: 'Cart (with errors)', schema: CartSchema, sample: cart },
  { name: 'Order (submitted)', schema: OrderSchema, sample: () => fixture('order-submitted') },
  { name: 'Bag', schema: BagSchema, sample: () => cart().bags[0] },
  { name: 'OrderSku', schema: OrderSkuSchema, sample: () => cart().bags[0].skus[0] },
  { name: 'Customer', schema: CustomerSchema, sample: () => cart().customer },
  { name: 'Address', schema: AddressSchema, sample: () => cart().shipping_address },
  { name: 'PaymentMethod', schema: PaymentMethodSchema, sample: () => fixture('order-submitted').payment_method },
  { name: 'ShippingMethod', schema: ShippingMethodSchema, sample: () => cart().bags[0].shipping_method },
  { name: 'Fulfillment', schema: FulfillmentSchema, sample: () => fixture('order-submitted').bags[0].fulfillments[0] },
  { name: 'EstimateRequest', schema: EstimateRequestSchema, sample: () => fixture('estimate-request') },
  { name: 'EstimateResponse', schema: EstimateResponseSchema, sample: () => fixture('estimate-response') },
  { name: 'DirectOrderRequest', schema: DirectOrderRequestSchema, sample: () => fixture('direct-order-request') },
  { name: 'WebhookEvent', schema: WebhookEventSchema, sample: () => fixture('webhook-order-event').event },
  { name: 'Order webhook body', schema: OrderEventBodySchema, sample: () => fixture('webhook-order-event').event.body },
];

describe('schemas: realistic fixtures', () => {
  for (const { name, schema, sample } of resources) {
    it(`${name} parses`, () => {
      const result = schema.safeParse(sample());
      assert.ok(result.success, result.success ? '' : z.prettifyError(result.error));
    });
  }

  it('normalises what the service sends loosely', () => {
    const parsed = OfferSchema.parse(offer());
    assert.equal(parsed.skus[1]!.sku_dimensions, null);
    assert.deepEqual(parsed.skus[1]!.albums, []);
    assert.deepEqual(parsed.skus[2]!.metadata, [], 'absent list becomes []');
    assert.deepEqual(parsed.metadata[1]!.value, { chest_cm: [96, 104, 112], relaxed: true });
    assert.equal(parsed.commission_rate, 15);

    const fresh = CartSchema.parse(fixture('cart-new'));
    assert.deepEqual(fresh.bags, [], 'bags: null on a new cart');
    assert.deepEqual(fresh.errors, []);
    assert.equal(fresh.customer, null);

    const estimate = EstimateRequestSchema.parse(fixture('estimate-request'));
    assert.equal(estimate.shipping_address.country, 'US');

    const error = ServiceErrorSchema.parse(fixture('error-request'));
    assert.deepEqual(
      error.data?.skus.map((s) => [s.sku_id, s.order_sku_id, s.bag_id]),
      [
        [70002, undefined, undefined],
        [70011, 88001, 66001],
      ],
      'snake_case and camelCase SKU ids both land in snake_case',
    );
  });
});

describe('schemas: wrong types are rejected with the field path', () => {
  const cases: { name: string; schema: z.ZodType; sample: () => any; path: Path; value: unknown; shown: string }[] = [
    { name: 'Offer', schema: OfferSchema, sample: offer, path: ['skus', 0, 'sale_price'], value: '89.00', shown: 'skus[0].sale_price' },
    { name: 'Offer', schema: OfferSchema, sample: offer, path: ['variants', 1, 'values', 0, 'sku_ids', 1], value: 'x', shown: 'variants[1].values[0].sku_ids[1]' },
    { name: 'Offer', schema: OfferSchema, sample: offer, path: ['shipping', 'methods', 0, 'price', 'amount'], value: 6.5, shown: 'shipping.methods[0].price.amount' },
    { name: 'Offer', schema: OfferSchema, sample: offer, path: ['date_created'], value: 'last tuesday', shown: 'date_created' },
    { name: 'Offer', schema: OfferSchema, sample: offer, path: ['merchant_id'], value: '1001', shown: 'merchant_id' },
    { name: 'Variant', schema: VariantSchema, sample: () => offer().variants[0], path: ['visual'], value: 'yes', shown: 'visual' },
    { name: 'VariantValue', schema: VariantValueSchema, sample: () => offer().variants[0].values[0], path: ['name'], value: 5, shown: 'name' },
    { name: 'Sku', schema: SkuSchema, sample: () => offer().skus[0], path: ['qty_available'], value: 1.5, shown: 'qty_available' },
    { name: 'Dimensions', schema: DimensionsSchema, sample: () => offer().skus[0].shipping_dimensions, path: ['weight'], value: '0.6kg', shown: 'weight' },
    { name: 'Album', schema: AlbumSchema, sample: () => offer().albums[0], path: ['media', 1, 'primary'], value: 'no', shown: 'media[1].primary' },
    { name: 'Media', schema: MediaSchema, sample: () => offer().albums[0].media[0], path: ['display_order'], value: '0', shown: 'display_order' },
    { name: 'Metadata', schema: MetadataSchema, sample: () => offer().metadata[0], path: ['key'], value: null, shown: 'key' },
    { name: 'Collection', schema: CollectionSchema, sample: () => offer().collections[0], path: ['media', 'height'], value: '800px', shown: 'media.height' },
    { name: 'OfferShipping', schema: OfferShippingSchema, sample: () => offer().shipping, path: ['methods', 0, 'regions', 'countries'], value: 'US', shown: 'methods[0].regions.countries' },
    { name: 'Page', schema: pageSchema(OfferSchema), sample: () => fixture('offers-page'), path: ['pageable', 'page_number'], value: '0', shown: 'pageable.page_number' },
    { name: 'Page', schema: pageSchema(OfferSchema), sample: () => fixture('offers-page'), path: ['content', 1, 'id'], value: null, shown: 'content[1].id' },
    { name: 'ConnectionHealthReport', schema: ConnectionHealthReportSchema, sample: () => health()[0], path: ['sync_status', 'results', 'total_products'], value: 'many', shown: 'sync_status.results.total_products' },
    { name: 'ConnectionHealthReport', schema: ConnectionHealthReportSchema, sample: () => health()[1], path: ['connection', 'error', 'code'], value: '4012', shown: 'connection.error.code' },
    { name: 'PayoutAccount', schema: PayoutAccountSchema, sample: () => health()[0].payout_account.results, path: ['details', 'currentlyDue'], value: 'tos', shown: 'details.currentlyDue' },
    { name: 'ServiceError', schema: ServiceErrorSchema, sample: () => fixture('error-request'), path: ['data', 'skus', 0, 'sku_id'], value: 'x', shown: 'data.skus[0].sku_id' },
    { name: 'AuthError', schema: AuthErrorSchema, sample: () => fixture('error-auth'), path: ['error_code'], value: 'eleven', shown: 'error_code' },
    { name: 'MerchantOnboarding', schema: MerchantOnboardingSchema, sample: () => fixture('onboarding'), path: ['payout_details', 'payment_provider_metadata'], value: 'acct', shown: 'payout_details.payment_provider_metadata' },
    { name: 'Cart', schema: CartSchema, sample: cart, path: ['bags', 0, 'skus', 0, 'quantity'], value: '2', shown: 'bags[0].skus[0].quantity' },
    { name: 'Cart', schema: CartSchema, sample: cart, path: ['errors', 0, 'bag_id'], value: 'bag', shown: 'errors[0].bag_id' },
    { name: 'Order', schema: OrderSchema, sample: () => fixture('order-submitted'), path: ['bags', 0, 'fulfillments', 0, 'skus', 0, 'quantity_fulfilled'], value: true, shown: 'bags[0].fulfillments[0].skus[0].quantity_fulfilled' },
    { name: 'Order', schema: OrderSchema, sample: () => fixture('order-submitted'), path: ['total'], value: 102.0001, shown: 'total' },
    { name: 'Bag', schema: BagSchema, sample: () => cart().bags[0], path: ['shipping_method', 'price'], value: '6.00', shown: 'shipping_method.price' },
    { name: 'OrderSku', schema: OrderSkuSchema, sample: () => cart().bags[0].skus[0], path: ['order_sku_rates', 0, 'amount'], value: '14.24', shown: 'order_sku_rates[0].amount' },
    { name: 'Customer', schema: CustomerSchema, sample: () => cart().customer, path: ['shipping_address', 'postal_code'], value: 97205, shown: 'shipping_address.postal_code' },
    { name: 'Address', schema: AddressSchema, sample: () => cart().shipping_address, path: ['country'], value: ['US'], shown: 'country' },
    { name: 'PaymentMethod', schema: PaymentMethodSchema, sample: () => fixture('order-submitted').payment_method, path: ['expiration_year'], value: '2030', shown: 'expiration_year' },
    { name: 'ShippingMethod', schema: ShippingMethodSchema, sample: () => cart().bags[0].shipping_method, path: ['label'], value: null, shown: 'label' },
    { name: 'Fulfillment', schema: FulfillmentSchema, sample: () => fixture('order-submitted').bags[0].fulfillments[0], path: ['tracking_number'], value: 491233445566, shown: 'tracking_number' },
    { name: 'EstimateRequest', schema: EstimateRequestSchema, sample: () => fixture('estimate-request'), path: ['skus', 1, 'quantity'], value: 0.5, shown: 'skus[1].quantity' },
    { name: 'EstimateResponse', schema: EstimateResponseSchema, sample: () => fixture('estimate-response'), path: ['estimated_carts', 0, 'available_shipping_methods', 1, 'price'], value: '18.00', shown: 'estimated_carts[0].available_shipping_methods[1].price' },
    { name: 'DirectOrderRequest', schema: DirectOrderRequestSchema, sample: () => fixture('direct-order-request'), path: ['order', 'bags', 0, 'skus', 0, 'price'], value: '89.00', shown: 'order.bags[0].skus[0].price' },
    { name: 'WebhookEvent', schema: WebhookEventSchema, sample: () => fixture('webhook-order-event').event, path: ['order_id'], value: 'order', shown: 'order_id' },
  ];

  for (const { name, schema, sample, path, value, shown } of cases) {
    it(`${name}: ${shown} = ${JSON.stringify(value)}`, () => {
      const result = schema.safeParse(setAt(sample(), path, value));
      assert.equal(result.success, false);
      if (result.success) return;
      assert.deepEqual(result.error.issues[0]!.path, path);
      assert.match(z.prettifyError(result.error), new RegExp(`→ at ${shown.replace(/[[\].]/g, '\\$&')}$`, 'm'));
    });
  }
});

describe('schemas: tolerance', () => {
  it('unknown fields pass, at the top and deep inside', () => {
    for (const { name, schema, sample } of resources) {
      const value = sample();
      if (Array.isArray(value)) value[0].field_from_next_year = { nested: true };
      else value.field_from_next_year = [1, 'two'];
      assert.ok(schema.safeParse(value).success, name);
    }
    const o = offer();
    o.skus[0].albums[0].media[0].focal_point = { x: 0.5, y: 0.5 };
    o.meta = [{ key: 'legacy' }];
    assert.ok(OfferSchema.safeParse(o).success);
  });

  const enumCases: { name: string; schema: z.ZodType; sample: () => any; path: Path }[] = [
    { name: 'offer status', schema: OfferSchema, sample: offer, path: ['status'] },
    { name: 'offer source', schema: OfferSchema, sample: offer, path: ['source'] },
    { name: 'sku tax type', schema: SkuSchema, sample: () => offer().skus[0], path: ['tax_type'] },
    { name: 'media type', schema: MediaSchema, sample: () => offer().albums[0].media[0], path: ['type'] },
    { name: 'shipping condition operator', schema: OfferShippingSchema, sample: () => offer().shipping, path: ['methods', 0, 'conditions', 0, 'operator'] },
    { name: 'merchant status', schema: ConnectionHealthReportSchema, sample: () => health()[0], path: ['merchant_status'] },
    { name: 'platform', schema: ConnectionHealthReportSchema, sample: () => health()[0], path: ['platform'] },
    { name: 'status object status', schema: ConnectionHealthReportSchema, sample: () => health()[0], path: ['connection', 'status'] },
    { name: 'migration result', schema: ConnectionHealthReportSchema, sample: () => health()[0], path: ['migration', 'results'] },
    { name: 'payout kyc status', schema: PayoutAccountSchema, sample: () => health()[0].payout_account.results, path: ['kyc_status'] },
    { name: 'order status', schema: OrderSchema, sample: cart, path: ['status'] },
    { name: 'bag status', schema: BagSchema, sample: () => cart().bags[0], path: ['status'] },
    { name: 'bag financial status', schema: BagSchema, sample: () => cart().bags[0], path: ['financial_status'] },
    { name: 'bag fulfillment status', schema: BagSchema, sample: () => cart().bags[0], path: ['fulfillment_status'] },
    { name: 'cart error type', schema: OrderSchema, sample: cart, path: ['errors', 0, 'type'] },
    { name: 'order sku status', schema: OrderSkuSchema, sample: () => cart().bags[0].skus[0], path: ['status'] },
    { name: 'payment method type', schema: PaymentMethodSchema, sample: () => fixture('order-submitted').payment_method, path: ['type'] },
    { name: 'webhook topic', schema: WebhookEventSchema, sample: () => fixture('webhook-order-event').event, path: ['topic'] },
  ];

  for (const { name, schema, sample, path } of enumCases) {
    it(`${name}: an unseen value passes, a lower-case one is upper-cased`, () => {
      const novel = schema.parse(setAt(sample(), path, 'SOMETHING_NEW')) as any;
      assert.equal(at(novel, path), 'SOMETHING_NEW');
      const known = at(sample(), path) as string;
      const lower = schema.parse(setAt(sample(), path, known.toLowerCase())) as any;
      assert.equal(at(lower, path), known.toUpperCase());
    });
  }

  it('every optional field may be absent or null', () => {
    const objects = resources.filter((r) => r.schema instanceof z.ZodObject);
    for (const { name, schema, sample } of objects) {
      const shape = (schema as z.ZodObject).shape;
      const absent = sample();
      const nulled = sample();
      for (const [key, field] of Object.entries(shape)) {
        // `z.unknown()` accepts undefined as a value but still wants the key (a webhook always has a body).
        if (field instanceof z.ZodUnknown) continue;
        if (field.safeParse(undefined).success) delete absent[key];
        if (field.safeParse(null).success) nulled[key] = null;
      }
      const a = schema.safeParse(absent);
      assert.ok(a.success, `${name} without optional fields: ${a.success ? '' : z.prettifyError(a.error)}`);
      const n = schema.safeParse(nulled);
      assert.ok(n.success, `${name} with null optional fields: ${n.success ? '' : z.prettifyError(n.error)}`);
    }
  });

  it('an offer needs only what the widget cannot work without', () => {
    const minimal = OfferSchema.parse({ id: 1, name: 'Mug', merchant_id: 1001, currency: 'usd' });
    assert.deepEqual(
      { skus: minimal.skus, variants: minimal.variants, albums: minimal.albums, tags: minimal.tags, currency: minimal.currency },
      { skus: [], variants: [], albums: [], tags: [], currency: 'USD' },
    );
    for (const key of ['id', 'name', 'merchant_id', 'currency']) {
      const o = offer();
      delete o[key];
      const r = OfferSchema.safeParse(o);
      assert.equal(r.success, false, key);
      if (!r.success) assert.deepEqual(r.error.issues[0]!.path, [key]);
    }
  });

  it('datetimes pass in every form the service sends', () => {
    for (const value of [
      '2018-08-15T15:56:31Z',
      '2018-08-15T15:56:31+0000',
      '2018-08-15T15:56:31+00:00',
      '2025-06-17T06:46:35.307+00:00',
      '2025-06-17T06:46:35.307Z',
      '2025-06-17T08:46:35-0500',
      '2025-06-17T06:46',
    ]) {
      assert.ok(datetime.safeParse(value).success, value);
      assert.equal(OfferSchema.parse({ ...offer(), date_created: value }).date_created, value);
    }
    for (const value of ['2025-06-17 06:46:35', 'June 17, 2025', '1718600000', '2025-06-17T06:46:35+5']) {
      assert.equal(datetime.safeParse(value).success, false, value);
    }
    assert.equal(datetime.safeParse(1718600000).success, false);
  });

  it('money fields take safe integers only', () => {
    for (const bad of [12.5, '8900', 2 ** 53, -(2 ** 53), Number.NaN, Infinity]) {
      assert.equal(SkuSchema.safeParse({ ...offer().skus[0], sale_price: bad }).success, false, String(bad));
      assert.equal(OrderSchema.safeParse({ ...cart(), total: bad }).success, false, String(bad));
    }
    assert.equal(SkuSchema.safeParse({ ...offer().skus[0], sale_price: -1 }).success, false, 'a price is never negative');
    assert.equal(OrderSchema.parse({ ...cart(), discount_total: -500 }).discount_total, -500);
    assert.equal(SkuSchema.parse({ ...offer().skus[0], sale_price: Number.MAX_SAFE_INTEGER }).sale_price, Number.MAX_SAFE_INTEGER);
  });

  it('currency codes are upper-cased and checked for shape', () => {
    assert.equal(OfferSchema.parse({ ...offer(), currency: 'eur' }).currency, 'EUR');
    const r = OfferSchema.safeParse({ ...offer(), currency: 'dollars' });
    assert.equal(r.success, false);
    if (!r.success) assert.match(z.prettifyError(r.error), /3-letter ISO 4217/);
  });
});
