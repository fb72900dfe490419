/**
 * The offer as a shopper's browser gets it: an explicit allowlist of what
 * the widget renders or needs to choose and buy a SKU. Everything else the
 * service sends about an offer (`commission_rate`, `external_data`,
 * external ids, metadata, sync dates, shipping rules…) is business data
 * and stays in the BFF, which maps every offer through these schemas.
 * Browser code imports the types only.
 */
import { z } from 'zod';
import { MediaSchema, OfferSchema, SkuSchema, VariantSchema, VariantValueSchema } from './catalog.js';
import { id, list, maybe } from './primitives.js';
import { ShopperDescriptionSchema } from './shopper-description.js';

export { DESCRIPTION_LIMITS, ShopperDescriptionNodeSchema, ShopperDescriptionSchema } from './shopper-description.js';
export type { ShopperDescription, ShopperDescriptionNode } from './shopper-description.js';

/** One image; `url` is `https:` (or a configured media origin), checked by the BFF. */
export const ShopperMediaSchema = MediaSchema.pick({ url: true, type: true, display_order: true, alt_text: true, primary: true });
export type ShopperMedia = z.infer<typeof ShopperMediaSchema>;

export const ShopperAlbumSchema = z.object({ media: list(ShopperMediaSchema), primary_media: maybe(ShopperMediaSchema) });
export type ShopperAlbum = z.infer<typeof ShopperAlbumSchema>;

/** Variants and values always carry an id here: the contract fills in placeholders for those that came without. */
export const ShopperVariantValueSchema = VariantValueSchema.pick({ name: true, sku_ids: true, display_order: true }).extend({ id });
export type ShopperVariantValue = z.infer<typeof ShopperVariantValueSchema>;

export const ShopperVariantSchema = VariantSchema.pick({ name: true, visual: true, display_order: true }).extend({
  id,
  values: list(ShopperVariantValueSchema),
});
export type ShopperVariant = z.infer<typeof ShopperVariantSchema>;

export const ShopperSkuSchema = SkuSchema.in.pick({
  id: true,
  offer_id: true,
  merchant_id: true,
  name: true,
  in_stock: true,
  qty_available: true,
  inventory_tracked: true,
  sale_price: true,
  retail_price: true,
  currency: true,
  status: true,
  variant_values: true,
  display_order: true,
}).extend({ albums: list(ShopperAlbumSchema) });
export type ShopperSku = z.infer<typeof ShopperSkuSchema>;

export const ShopperOfferSchema = OfferSchema.pick({
  id: true,
  name: true,
  description: true,
  seller: true,
  vendor: true,
  merchant_id: true,
  available: true,
  min_price: true,
  max_price: true,
  currency: true,
  default_image_url: true,
  tags: true,
}).extend({
  /**
   * The merchant's HTML description (or a `description` with markup) as safe structure, built by the BFF
   * (`bff/description.ts`); `null` when the description is plain text. `description` is then its plain text.
   */
  rich_description: maybe(ShopperDescriptionSchema),
  /** The merchant's display name, from connection health. */
  merchant_name: maybe(z.string()),
  variants: list(ShopperVariantSchema),
  skus: list(ShopperSkuSchema),
  albums: list(ShopperAlbumSchema),
});
export type ShopperOffer = z.infer<typeof ShopperOfferSchema>;
