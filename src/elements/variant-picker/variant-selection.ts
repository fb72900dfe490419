/**
 * The variant choice of the picker: which values can still be chosen, and the
 * one in-stock SKU a complete choice resolves to. Only `<tote-variant-picker>`
 * uses it, so it loads with the picker (lazily, on "Choose options").
 */
import type { WidgetOffer } from '../../contract/api.js';
import type { ShopperSku as Sku, ShopperVariant as Variant, ShopperVariantValue as VariantValue } from '../../contract/shopper-offer.js';
import { byDisplayOrder, orderedVariants, skuHas, skuInStock } from '../../state/offer.js';

/** variant id → value id */
export type Selection = ReadonlyMap<number, number>;

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
