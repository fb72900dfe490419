/**
 * Reading an offer the way a shopper needs it: images, price range, stock,
 * and the variant choice that resolves to exactly one in-stock SKU.
 */
import type { WidgetOffer } from '../contract/api.js';
import type { Album, Media, Sku, Variant, VariantValue } from '../contract/catalog.js';
import type { CartLineInput } from './cart-store.js';

export interface Image {
  url: string;
  alt?: string;
}

const byDisplayOrder = <T extends { display_order?: number | null }>(items: readonly T[]): T[] =>
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
  return { min: min ?? max!, max: max ?? min! };
}

/** Variants and their values in `display_order`. */
export function orderedVariants(offer: WidgetOffer): Variant[] {
  return byDisplayOrder(offer.variants).map((v) => ({ ...v, values: byDisplayOrder(v.values) }));
}

/** variant id → value id */
export type Selection = ReadonlyMap<number, number>;

/**
 * Whether a SKU carries a value: listed in the value's `sku_ids`, and not
 * contradicted by the SKU's own `variant_values` (when it names the variant).
 */
function skuHas(sku: Sku, variant: Variant, value: VariantValue): boolean {
  if (!value.sku_ids.includes(sku.id)) return false;
  const own = sku.variant_values.find((vv) => vv.variant === variant.name);
  return !own || own.value === value.name;
}

function matching(offer: WidgetOffer, variants: Variant[], selection: Selection): Sku[] {
  return offer.skus.filter((sku) =>
    variants.every((variant) => {
      const valueId = selection.get(variant.id);
      if (valueId === undefined) return true;
      const value = variant.values.find((v) => v.id === valueId);
      return !!value && skuHas(sku, variant, value);
    }),
  );
}

/** The one SKU a complete choice leads to, or undefined (incomplete, ambiguous, missing). */
export function resolveSku(offer: WidgetOffer, selection: Selection): Sku | undefined {
  const variants = orderedVariants(offer);
  if (!variants.length) return offer.skus.length === 1 ? offer.skus[0] : undefined;
  if (!variants.every((v) => selection.has(v.id))) return undefined;
  const found = matching(offer, variants, selection);
  return found.length === 1 ? found[0] : undefined;
}

export type ValueState =
  | { enabled: true }
  | { enabled: false; reason: 'out_of_stock' }
  | { enabled: false; reason: 'not_with_choice'; choice: string[] };

/** The choices of the variants shown before `variant` (display order). */
function priorChoices(variants: Variant[], variant: Variant, selection: Selection): Map<number, number> {
  const prior = new Map<number, number>();
  for (const v of variants) {
    if (v.id === variant.id) break;
    const chosen = selection.get(v.id);
    if (chosen !== undefined) prior.set(v.id, chosen);
  }
  return prior;
}

/**
 * Whether `value` leads to an in-stock SKU given the choices made in the
 * variants before it; when not, why. Choices are read top-down (colour, then
 * size) so that every enabled value can be chosen without first undoing a
 * later choice: `choose()` then repairs the later choices.
 */
export function valueState(offer: WidgetOffer, variant: Variant, value: VariantValue, selection: Selection): ValueState {
  const variants = orderedVariants(offer);
  const withValue = offer.skus.filter((s) => skuHas(s, variant, value) && skuInStock(s));
  if (!withValue.length) return { enabled: false, reason: 'out_of_stock' };
  const prior = priorChoices(variants, variant, selection);
  const next = new Map(prior);
  next.set(variant.id, value.id);
  if (matching(offer, variants, next).some(skuInStock)) return { enabled: true };
  const choice = variants
    .filter((v) => prior.has(v.id))
    .map((v) => v.values.find((x) => x.id === prior.get(v.id))?.name ?? '')
    .filter(Boolean);
  return { enabled: false, reason: 'not_with_choice', choice };
}

/**
 * The selection after choosing `value`: later variants keep their value when
 * it still leads to an in-stock SKU, else move to the first value that does.
 */
export function choose(offer: WidgetOffer, selection: Selection, variantId: number, valueId: number): Map<number, number> {
  const variants = orderedVariants(offer);
  const next = new Map(selection);
  next.set(variantId, valueId);
  const index = variants.findIndex((v) => v.id === variantId);
  for (const later of variants.slice(index + 1)) {
    const current = later.values.find((x) => x.id === next.get(later.id));
    if (current && valueState(offer, later, current, next).enabled) continue;
    const first = later.values.find((x) => valueState(offer, later, x, next).enabled);
    if (first) next.set(later.id, first.id);
    else next.delete(later.id);
  }
  return next;
}

/** A starting choice: the values of the first in-stock SKU, so a price shows at once. */
export function initialSelection(offer: WidgetOffer): Map<number, number> {
  const variants = orderedVariants(offer);
  const selection = new Map<number, number>();
  const first = byDisplayOrder(offer.skus).find(
    (sku) => skuInStock(sku) && variants.every((v) => v.values.some((x) => skuHas(sku, v, x))),
  );
  if (!first) return selection;
  for (const v of variants) {
    const value = v.values.find((x) => skuHas(first, v, x));
    if (value) selection.set(v.id, value.id);
  }
  return resolveSku(offer, selection)?.id === first.id ? selection : new Map();
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
