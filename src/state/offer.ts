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

interface OfferIndex {
  variants: Variant[];
  /** value id → the SKUs (ids) carrying it */
  skusOf: Map<number, Set<number>>;
  skuById: Map<number, Sku>;
  inStock: Set<number>;
}

const indexes = new WeakMap<WidgetOffer, OfferIndex>();

/** Built once per offer: an offer of 10,000 SKUs must not cost 10,000² per render. */
function indexOf(offer: WidgetOffer): OfferIndex {
  let index = indexes.get(offer);
  if (index) return index;
  const skuById = new Map(offer.skus.map((s) => [s.id, s]));
  const variants = orderedVariants(offer);
  const skusOf = new Map<number, Set<number>>();
  for (const variant of variants) {
    for (const value of variant.values) {
      const own = new Set<number>();
      for (const id of value.sku_ids) {
        const sku = skuById.get(id);
        if (sku && skuHas(sku, variant, value)) own.add(id);
      }
      skusOf.set(value.id, own);
    }
  }
  const inStock = new Set(offer.skus.filter(skuInStock).map((s) => s.id));
  index = { variants, skusOf, skuById, inStock };
  indexes.set(offer, index);
  return index;
}

/** SKU ids carrying every chosen value (every SKU when nothing is chosen). */
function matching(index: OfferIndex, selection: Selection): Set<number> {
  const sets = [...selection.values()].map((valueId) => index.skusOf.get(valueId) ?? new Set<number>());
  if (!sets.length) return new Set(index.skuById.keys());
  sets.sort((a, b) => a.size - b.size);
  const [smallest, ...rest] = sets;
  return new Set([...smallest!].filter((id) => rest.every((set) => set.has(id))));
}

const anyIn = (ids: Set<number>, inStock: Set<number>) => [...ids].some((id) => inStock.has(id));

/** The one SKU a complete choice leads to, or undefined (incomplete, ambiguous, missing). */
export function resolveSku(offer: WidgetOffer, selection: Selection): Sku | undefined {
  const index = indexOf(offer);
  if (!index.variants.length) return offer.skus.length === 1 ? offer.skus[0] : undefined;
  if (!index.variants.every((v) => selection.has(v.id) && v.values.some((x) => x.id === selection.get(v.id)))) return undefined;
  const found = matching(index, selection);
  return found.size === 1 ? index.skuById.get([...found][0]!) : undefined;
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
  const index = indexOf(offer);
  const variants = index.variants;
  if (!anyIn(index.skusOf.get(value.id) ?? new Set(), index.inStock)) return { enabled: false, reason: 'out_of_stock' };
  const prior = priorChoices(variants, variant, selection);
  const next = new Map(prior);
  next.set(variant.id, value.id);
  if (anyIn(matching(index, next), index.inStock)) return { enabled: true };
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
  const variants = indexOf(offer).variants;
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
  const index = indexOf(offer);
  const variants = index.variants;
  const selection = new Map<number, number>();
  const valueOf = (sku: Sku, v: Variant) => v.values.find((x) => index.skusOf.get(x.id)?.has(sku.id));
  const first = byDisplayOrder(offer.skus).find((sku) => index.inStock.has(sku.id) && variants.every((v) => valueOf(sku, v)));
  if (!first) return selection;
  for (const v of variants) selection.set(v.id, valueOf(first, v)!.id);
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
