import { z } from 'zod';
import { currencyCode, datetime, id, json, jsonObject, list, maybe, openEnum, price } from './primitives.js';

export const MediaSchema = z.object({
  id: maybe(id),
  album_id: maybe(id),
  external_id: maybe(z.string()),
  cloud_id: maybe(z.string()),
  url: maybe(z.string()),
  source_url: maybe(z.string()),
  type: maybe(openEnum(['IMAGE', 'VIDEO'])),
  display_order: maybe(z.int()),
  alt_text: maybe(z.string()),
  primary: maybe(z.boolean()),
});
export type Media = z.infer<typeof MediaSchema>;

export const AlbumSchema = z.object({
  id: maybe(id),
  parent_id: maybe(id),
  type: maybe(openEnum(['OFFER', 'SKU'])),
  name: maybe(z.string()),
  media: list(MediaSchema),
  primary_media: maybe(MediaSchema),
});
export type Album = z.infer<typeof AlbumSchema>;

export const MetadataSchema = z.object({
  version: maybe(z.int()),
  type: maybe(openEnum(['STRING', 'JSON', 'INTEGER', 'BOOLEAN'])),
  external_type: maybe(z.string()),
  key: z.string(),
  value: json.optional(),
  external_id: maybe(z.string()),
  source: maybe(openEnum(['INTERNAL', 'EXTERNAL'])),
});
export type Metadata = z.infer<typeof MetadataSchema>;

export const DimensionsSchema = z.object({
  sku_id: maybe(id),
  weight: maybe(z.number()),
  height: maybe(z.number()),
  width: maybe(z.number()),
  length: maybe(z.number()),
  type: maybe(openEnum(['SKU', 'SHIPPING'])),
});
export type Dimensions = z.infer<typeof DimensionsSchema>;

/**
 * Real offers often carry variants and values without `id` (18 of 20 offers
 * on one captured page): the id is optional here, and the offer fills in a
 * placeholder (see `withVariantIds`).
 */
export const VariantValueSchema = z.object({
  id: maybe(id),
  product_variant_value_id: maybe(z.string()),
  external_id: maybe(z.string()),
  name: z.string(),
  sku_ids: list(id),
  display_order: maybe(z.int()),
});

export const VariantSchema = z.object({
  id: maybe(id),
  product_variant_id: maybe(z.string()),
  external_id: maybe(z.string()),
  name: z.string(),
  visual: maybe(z.boolean()),
  values: list(VariantValueSchema),
  display_order: maybe(z.int()),
});

/**
 * Gives every variant and value without an `id` a negative placeholder,
 * unique within its offer, so the widget can key its choices by id. Real ids
 * are never negative; placeholders are never sent upstream (only SKU ids are).
 */
function withVariantIds(variants: z.output<typeof VariantSchema>[]) {
  let nextValue = -1;
  return variants.map((variant, i) => ({
    ...variant,
    id: variant.id ?? -(i + 1),
    values: variant.values.map((value) => ({ ...value, id: value.id ?? nextValue-- })),
  }));
}
const OfferVariantsSchema = list(VariantSchema).transform(withVariantIds);
export type Variant = z.output<typeof OfferVariantsSchema>[number];
export type VariantValue = Variant['values'][number];

/** `meta[]` of an offer, the name the service's own SDK uses where the interface says `metadata`. */
export const OfferMetaSchema = z.object({
  id: maybe(id),
  key: maybe(z.string()),
  offer_id: maybe(id),
  value: json.optional(),
});

export const SkuVariantValueSchema = z.object({ variant: z.string(), value: z.string() });

export const SkuSchema = z.object({
  id: id,
  offer_id: maybe(id),
  merchant_id: maybe(id),
  external_id: maybe(z.string()),
  name: maybe(z.string()),
  asin: maybe(z.string()),
  gtin: maybe(z.string()),
  upc: maybe(z.string()),
  ean: maybe(z.string()),
  isbn: maybe(z.string()),
  in_stock: maybe(z.boolean()),
  qty_available: maybe(z.int()),
  /** The SDK's name for `qty_available`; read into it when that is absent. */
  quantity_available: maybe(z.int()),
  inventory_tracked: maybe(z.boolean()),
  sale_price: price,
  retail_price: maybe(price),
  currency: maybe(currencyCode),
  external_currency: maybe(z.string()),
  presented_currency: maybe(z.string()),
  taxable: maybe(z.boolean()),
  tax_type: maybe(openEnum(['DEFAULT', 'APPAREL', 'SERVICE'])),
  albums: list(AlbumSchema),
  variant_values: list(SkuVariantValueSchema),
  type: maybe(openEnum(['PHYSICAL', 'DIGITAL', 'VIRTUAL', 'BUNDLED'])),
  status: maybe(
    openEnum(['AVAILABLE', 'UNAVAILABLE', 'DISABLED_AVAILABLE', 'DISABLED_UNAVAILABLE', 'ARCHIVED', 'FOR_DELETION']),
  ),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
  sku_dimensions: maybe(DimensionsSchema),
  shipping_dimensions: maybe(DimensionsSchema),
  metadata: list(MetadataSchema),
  display_order: maybe(z.int()),
}).transform((sku) =>
  sku.qty_available == null && sku.quantity_available != null ? { ...sku, qty_available: sku.quantity_available } : sku,
);
export type Sku = z.infer<typeof SkuSchema>;

export const CollectionSchema = z.object({
  id: id,
  external_id: maybe(z.string()),
  merchant_id: maybe(id),
  parent_id: maybe(id),
  name: z.string(),
  handle: maybe(z.string()),
  description: maybe(z.string()),
  status: maybe(openEnum(['ACTIVE', 'INACTIVE'])),
  type: maybe(openEnum(['CUSTOM', 'AUTOMATED'])),
  media: maybe(
    z.object({
      source_url: maybe(z.string()),
      alt: maybe(z.string()),
      height: maybe(z.int()),
      width: maybe(z.int()),
      date_created: maybe(datetime),
    }),
  ),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
});
export type Collection = z.infer<typeof CollectionSchema>;

export const ShippingPriceSchema = z.object({ amount: price, currency: currencyCode });

export const OfferShippingMethodSchema = z.object({
  external_id: maybe(z.string()),
  name: z.string(),
  price: ShippingPriceSchema,
  regions: maybe(z.object({ countries: list(z.string()) })),
  conditions: list(
    z.object({
      price: maybe(ShippingPriceSchema),
      weight: maybe(z.object({ value: z.number(), unit: openEnum(['INCHES', 'POUNDS', 'KILOGRAMS', 'GRAMS']) })),
      type: maybe(openEnum(['TOTAL_PRICE', 'TOTAL_WEIGHT'])),
      operator: maybe(openEnum(['LESS_THAN_OR_EQUAL_TO', 'GREATER_THAN_OR_EQUAL_TO', 'LESS_THAN', 'GREATER_THAN'])),
    }),
  ),
});
export type OfferShippingMethod = z.infer<typeof OfferShippingMethodSchema>;

export const OfferShippingSchema = z.object({
  message: maybe(z.string()),
  methods: list(OfferShippingMethodSchema),
});
export type OfferShipping = z.infer<typeof OfferShippingSchema>;

export const OfferSchema = z.object({
  id: id,
  product_id: maybe(z.string()),
  external_id: maybe(z.string()),
  external_url: maybe(z.string()),
  name: z.string(),
  description: maybe(z.string()),
  /** Real samples carry HTML here beside the plain `description`. */
  html_description: maybe(z.string()),
  source: maybe(openEnum(['OTHER', 'SHOPIFY'])),
  seller: maybe(z.string()),
  vendor: maybe(z.string()),
  merchant_id: id,
  available: maybe(z.boolean()),
  visible: maybe(z.boolean()),
  min_price: maybe(price),
  max_price: maybe(price),
  currency: currencyCode,
  external_currency: maybe(z.string()),
  source_category_name: maybe(z.string()),
  metadata: list(MetadataSchema),
  meta: maybe(z.array(OfferMetaSchema)),
  variants: OfferVariantsSchema,
  skus: list(SkuSchema),
  albums: list(AlbumSchema),
  type: maybe(openEnum(['PHYSICAL', 'DIGITAL', 'VIRTUAL', 'BUNDLED'])),
  status: maybe(openEnum(['AVAILABLE', 'UNAVAILABLE', 'DISABLED_AVAILABLE', 'DISABLED_UNAVAILABLE', 'ARCHIVED', 'FOR_DELETION'])),
  publishing_status: maybe(openEnum(['PUBLISHED', 'NOT_PUBLISHED'])),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
  date_last_consolidated: maybe(datetime),
  three_d_enabled: maybe(z.boolean()),
  three_d_resource: maybe(z.string()),
  commission_rate: maybe(z.number()),
  currency_symbol: maybe(z.string()),
  presented_currency: maybe(z.string()),
  default_image_url: maybe(z.string()),
  subscription_status: maybe(openEnum(['SUBSCRIBED', 'NOT_SUBSCRIBED'])),
  external_data: maybe(jsonObject),
  collections: list(CollectionSchema),
  shipping: maybe(OfferShippingSchema),
  tags: list(z.string()),
  size_unit: maybe(z.string()),
  weight_unit: maybe(z.string()),
});
export type Offer = z.infer<typeof OfferSchema>;
export type OfferInput = z.input<typeof OfferSchema>;
