/**
 * Offers for the widget: one merchant's pages (the service's cursor passed
 * through), or every shoppable merchant merged behind one opaque cursor that
 * carries each merchant's own cursor. Pages are cached per merchant until an
 * offer webhook for that merchant arrives.
 */
import { z } from 'zod';
import type { Album, Media, Offer } from '../contract/catalog.js';
import type { ShopperAlbum, ShopperMedia } from '../contract/shopper-offer.js';
import type { ServiceClient } from '../contract/client.js';
import type { WidgetOffer } from '../contract/api.js';
import type { CachedOffersPage, OffersCache } from './stores/index.js';
import { badRequest, toApiError } from './errors.js';
import { shopperDescription } from './description.js';

export interface OfferCatalog {
  /** An offer as a shopper may see it (allowlisted fields, checked media URLs). */
  shopper(offer: Offer, merchantName: string | null | undefined): WidgetOffer;
  /** One page of one merchant, from the cache when possible. */
  page(merchantId: number, size: number, cursor?: string): Promise<CachedOffersPage>;
  /** The currency of a merchant's first offer (`null` without offers). */
  currency(merchantId: number): Promise<string | null>;
  /** One merged page over `merchants`; `cursor` is what the previous merged page returned. */
  merged(merchants: ReadonlyMap<number, string | null>, size: number, cursor?: string): Promise<{ offers: WidgetOffer[]; next_cursor: string | null }>;
}

const MergedCursorSchema = z.object({
  v: z.literal(1),
  // [merchant id, that merchant's upstream cursor ('' = first page)]
  m: z.array(z.tuple([z.int().positive(), z.string().max(1024)])).max(500),
});

export function encodeMergedCursor(positions: [number, string][]): string {
  return Buffer.from(JSON.stringify({ v: 1, m: positions })).toString('base64url');
}

export function decodeMergedCursor(cursor: string): [number, string][] {
  try {
    const parsed = MergedCursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data.m;
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('cursor is not a cursor this server issued', [{ path: 'cursor', message: 'invalid cursor' }]);
}

/** Takes one from each list in turn, so a merged page mixes merchants instead of listing them one after another. */
function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

/** A merchant media URL as it may be served to shoppers, or `undefined` (see `createMediaUrlCheck`). */
export type MediaUrlCheck = (url: string | null | undefined) => string | undefined;

/**
 * The shopper's offer: the allowlist of `ShopperOfferSchema`, copied field
 * by field (a field the service adds tomorrow is not served until it is
 * named here and in the schema), media URLs through `mediaUrl`, the
 * description as text and safe structure (`description.ts`), never as HTML.
 */
export function toShopperOffer(offer: Offer, merchantName: string | null | undefined, mediaUrl: MediaUrlCheck): WidgetOffer {
  const media = (m: Media): ShopperMedia[] => {
    const url = mediaUrl(m.url);
    return url ? [{ url, type: m.type, display_order: m.display_order, alt_text: m.alt_text, primary: m.primary }] : [];
  };
  const album = (a: Album): ShopperAlbum => ({ media: a.media.flatMap(media), primary_media: a.primary_media ? (media(a.primary_media)[0] ?? null) : null });
  return {
    id: offer.id,
    name: offer.name,
    ...shopperDescription(offer),
    seller: offer.seller,
    vendor: offer.vendor,
    merchant_id: offer.merchant_id,
    merchant_name: merchantName ?? null,
    available: offer.available,
    min_price: offer.min_price,
    max_price: offer.max_price,
    currency: offer.currency,
    default_image_url: mediaUrl(offer.default_image_url) ?? null,
    tags: offer.tags,
    variants: offer.variants.map((v) => ({
      id: v.id,
      name: v.name,
      visual: v.visual,
      display_order: v.display_order,
      values: v.values.map((x) => ({ id: x.id, name: x.name, sku_ids: x.sku_ids, display_order: x.display_order })),
    })),
    skus: offer.skus.map((sku) => ({
      id: sku.id,
      offer_id: sku.offer_id,
      merchant_id: sku.merchant_id,
      name: sku.name,
      in_stock: sku.in_stock,
      qty_available: sku.qty_available,
      inventory_tracked: sku.inventory_tracked,
      sale_price: sku.sale_price,
      retail_price: sku.retail_price,
      currency: sku.currency,
      status: sku.status,
      display_order: sku.display_order,
      variant_values: sku.variant_values.map(({ variant, value }) => ({ variant, value })),
      albums: sku.albums.map(album),
    })),
    albums: offer.albums.map(album),
  };
}

export function createOfferCatalog(
  client: ServiceClient,
  cache: OffersCache,
  mediaUrl: MediaUrlCheck,
  /** Told every offer served (the SKU directory of the per-merchant budget). */
  onServed: (offer: Offer) => void = () => {},
): OfferCatalog {
  const shopper = (offer: Offer, merchantName: string | null | undefined) => {
    onServed(offer);
    return toShopperOffer(offer, merchantName, mediaUrl);
  };
  const inFlight = new Map<string, Promise<CachedOffersPage>>();

  async function fetchPage(merchantId: number, size: number, cursor: string | undefined, key: string) {
    const version = await cache.version(merchantId);
    const page = await client.listOffers(merchantId, { size, ...(cursor ? { cursor } : {}) }, { merchantId });
    const next = page.next_page_cursor;
    const last = !next || page.last === true || page.content.length === 0 || next === cursor;
    const result: CachedOffersPage = { offers: page.content, next_cursor: last ? null : next };
    await cache.set(merchantId, key, result, version);
    return result;
  }

  async function page(merchantId: number, size: number, cursor?: string) {
    const key = `${size}|${cursor ?? ''}`;
    const hit = await cache.get(merchantId, key);
    if (hit) return hit;
    // Concurrent misses for the same page share one upstream call (and its rate-limit budget).
    const flightKey = `${merchantId}|${key}`;
    let flight = inFlight.get(flightKey);
    if (!flight) {
      flight = fetchPage(merchantId, size, cursor, key).finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, flight);
    }
    return flight;
  }

  return {
    shopper,
    page,
    async currency(merchantId) {
      const first = await page(merchantId, 1);
      const offer = first.offers[0];
      return offer?.currency ?? offer?.skus[0]?.currency ?? null;
    },
    async merged(merchants, size, cursor) {
      const positions: [number, string][] = cursor
        ? decodeMergedCursor(cursor).filter(([id]) => merchants.has(id))
        : [...merchants.keys()].map((id) => [id, '']);
      if (positions.length === 0) return { offers: [], next_cursor: null };
      const each = Math.max(1, Math.floor(size / positions.length));
      const results = await Promise.allSettled(positions.map(([id, c]) => page(id, each, c || undefined)));
      const next: [number, string][] = [];
      const lists: WidgetOffer[][] = [];
      results.forEach((r, i) => {
        const [id, c] = positions[i]!;
        if (r.status === 'fulfilled') {
          lists.push(r.value.offers.map((o) => shopper(o, merchants.get(id))));
          if (r.value.next_cursor) next.push([id, r.value.next_cursor]);
        } else {
          // A busy merchant keeps its place: the next page asks it again.
          next.push([id, c]);
        }
      });
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed && results.every((r) => r.status === 'rejected')) throw toApiError(failed.reason);
      return { offers: interleave(lists), next_cursor: next.length ? encodeMergedCursor(next) : null };
    },
  };
}
