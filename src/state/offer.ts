/**
 * Reading an offer the way a shopper needs it: images, price range, stock,
 * and the cart line for a SKU. The variant choice that resolves to one SKU is
 * the picker's alone (`elements/variant-picker/variant-selection.ts`).
 */
import type { WidgetOffer } from '../contract/api.js';
import type {
  ShopperAlbum as Album,
  ShopperMedia as Media,
  ShopperSku as Sku,
  ShopperVariant as Variant,
  ShopperVariantValue as VariantValue,
} from '../contract/shopper-offer.js';
import type { CartLineInput } from './cart-store.js';

export interface Image {
  url: string;
  alt?: string;
}

export const byDisplayOrder = <T extends { display_order?: number | null }>(items: readonly T[]): T[] =>
  items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (a.item.display_order ?? a.i) - (b.item.display_order ?? b.i) || a.i - b.i)
    .map(({ item }) => item);

function albumImage(albums: readonly Album[]): Image | undefined {
  const media: Media[] = albums.flatMap((a) => [...(a.primary_media ? [a.primary_media] : []), ...a.media]);
  const images = media.filter((m) => m.url && (!m.type || m.type === 'IMAGE'));
  const best = images.find((m) => m.primary) ?? byDisplayOrder(images)[0];
  return best?.url ? { url: best.url, alt: best.alt_text ?? undefined } : undefined;
}

/** The offer's primary image: a primary album medium, else the first, else `default_image_url`. */
export function offerImage(offer: WidgetOffer): Image | undefined {
  return albumImage(offer.albums) ?? (offer.default_image_url ? { url: offer.default_image_url } : undefined);
}

/** A SKU's own album image, else the offer's. */
export function skuImage(offer: WidgetOffer, sku: Sku | undefined): Image | undefined {
  return (sku && albumImage(sku.albums)) ?? offerImage(offer);
}

/** In stock and buyable: not flagged out, not disabled, and stock left when tracked. */
export function skuInStock(sku: Sku): boolean {
  if (sku.in_stock === false) return false;
  if (sku.status && sku.status !== 'AVAILABLE' && sku.status !== 'DISABLED_AVAILABLE') return false;
  if (sku.inventory_tracked && (sku.qty_available ?? 0) <= 0) return false;
  return true;
}

/** Stock the shopper can buy of a SKU, when the merchant tracks it. */
export function skuStock(sku: Sku): number | undefined {
  return sku.inventory_tracked && sku.qty_available != null ? Math.max(0, sku.qty_available) : undefined;
}

export function offerInStock(offer: WidgetOffer): boolean {
  return offer.available !== false && offer.skus.some(skuInStock);
}

/** Lowest and highest price in minor units of `offer.currency`. */
export function priceRange(offer: WidgetOffer): { min: number; max: number } | undefined {
  const prices = offer.skus.map((s) => s.sale_price);
  const min = offer.min_price ?? (prices.length ? Math.min(...prices) : undefined);
  const max = offer.max_price ?? (prices.length ? Math.max(...prices) : undefined);
  if (min === undefined && max === undefined) return undefined;
  const low = min ?? max!;
  const high = max ?? min!;
  // A service that swaps the two (max below min) still gets a range that reads lowest first.
  return { min: Math.min(low, high), max: Math.max(low, high) };
}

const ordered = new WeakMap<WidgetOffer, Variant[]>();

/**
 * Variants and their values in `display_order`. Kept per offer object: every
 * value's state asks for them, and sorting thousands of values once per value
 * froze the picker of a 10,000-SKU offer.
 */
export function orderedVariants(offer: WidgetOffer): Variant[] {
  let variants = ordered.get(offer);
  if (!variants) {
    variants = byDisplayOrder(offer.variants).map((v) => ({ ...v, values: byDisplayOrder(v.values) }));
    ordered.set(offer, variants);
  }
  return variants;
}

/**
 * Whether a SKU carries a value: listed in the value's `sku_ids`, and not
 * contradicted by the SKU's own `variant_values` (when it names the variant).
 */
export function skuHas(sku: Sku, variant: Variant, value: VariantValue): boolean {
  if (!value.sku_ids.includes(sku.id)) return false;
  const own = sku.variant_values.find((vv) => vv.variant === variant.name);
  return !own || own.value === value.name;
}

/** The cart line for a SKU of an offer. */
export function lineForSku(offer: WidgetOffer, sku: Sku, quantity = 1): CartLineInput {
  const image = skuImage(offer, sku);
  const stock = skuStock(sku);
  const variantValues = sku.variant_values.length
    ? sku.variant_values
    : orderedVariants(offer).flatMap((v) => {
        const value = v.values.find((x) => skuHas(sku, v, x));
        return value ? [{ variant: v.name, value: value.name }] : [];
      });
  return {
    sku_id: sku.id,
    offer_id: offer.id,
    merchant_id: offer.merchant_id,
    merchant_name: offer.merchant_name ?? offer.seller ?? offer.vendor ?? '',
    name: offer.name,
    ...(image ? { image: image.url } : {}),
    variant_values: variantValues.map(({ variant, value }) => ({ variant, value })),
    unit_price: sku.sale_price,
    currency: sku.currency ?? offer.currency,
    quantity,
    ...(stock !== undefined ? { max_quantity: stock } : {}),
  };
}
