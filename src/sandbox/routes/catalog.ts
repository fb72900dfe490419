import { OfferSearchRequestSchema, type OfferSearchRequest } from '../../contract/catalog-search.js';
import type { SandboxContext } from '../context.js';
import { parseServiceDate } from '../dates.js';
import { fail, invalid, notFound, parseId, parseWith } from '../http.js';
import { throwIfBusy } from '../submit.js';
import type { Platform } from '../platform.js';
import type { Route, RouteResult } from '../router.js';
import type { StoredOffer } from '../store.js';
import { MAX_PAGE_SIZE, pageOf, positiveInt } from './paging.js';

export const INCLUDES = ['metadata', 'collections', 'shipping', 'sku_metadata'] as const;

/** An offer as answered: the parts `include` did not ask for are left out. */
export function shapeOffer(stored: StoredOffer, include: ReadonlySet<string>): Record<string, unknown> {
  const offer = structuredClone((stored.raw ?? stored.offer) as Record<string, unknown>);
  if (!include.has('metadata')) delete offer.metadata;
  if (!include.has('collections')) delete offer.collections;
  if (!include.has('shipping')) delete offer.shipping;
  if (!include.has('sku_metadata') && Array.isArray(offer.skus)) {
    for (const sku of offer.skus) if (sku && typeof sku === 'object') delete (sku as Record<string, unknown>).metadata;
  }
  if (!stored.raw) asTheServiceSendsIt(offer);
  return offer;
}

/**
 * The realistic mix of what the real service sends (issue 13): on two offers in three the variants and their values
 * come without `id` (18 of 20 on a captured page), and SKUs carry the SDK's `quantity_available` beside `qty_available`.
 */
function asTheServiceSendsIt(offer: Record<string, any>): void {
  if (offer.id % 3 !== 0 && Array.isArray(offer.variants)) {
    for (const variant of offer.variants) {
      delete variant.id;
      for (const value of variant.values ?? []) delete value.id;
    }
  }
  for (const sku of offer.skus ?? []) if (sku.qty_available != null) sku.quantity_available = sku.qty_available;
}

/** A `respond_with` fault: the platform's answer replaces the service's, malformed or not. */
export function injectedAnswer(platform: Platform): RouteResult | undefined {
  const given = platform.faults.respond_with;
  return given ? { status: given.status, text: given.body, contentType: given.content_type ?? 'application/json' } : undefined;
}

export function parseInclude(text: string | null): Set<string> {
  const items = (text ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const item of items) {
    if (!(INCLUDES as readonly string[]).includes(item)) throw invalid('include', `unknown item "${item}"; allowed: ${INCLUDES.join(', ')}`);
  }
  return new Set(items);
}


function dateParam(query: URLSearchParams, ...names: string[]): number | undefined {
  for (const name of names) {
    const text = query.get(name);
    if (text === null || text === '') continue;
    const ms = parseServiceDate(text);
    if (ms === undefined) throw invalid(name, 'expected an ISO 8601 datetime such as 2026-01-31T00:00:00+0000');
    return ms;
  }
  return undefined;
}

/** What a cursor carries: the query it continues, and where. */
interface CursorState {
  m: number;
  after: number;
  page: number;
  size: number;
  include: string[];
  min?: number;
  max?: number;
}

const encodeCursor = (c: CursorState) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(text: string, merchantId: number, field: string): CursorState {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as CursorState;
    const ok =
      c.m === merchantId &&
      Number.isSafeInteger(c.after) &&
      Number.isSafeInteger(c.page) &&
      Number.isSafeInteger(c.size) &&
      Array.isArray(c.include) &&
      c.include.every((i) => (INCLUDES as readonly string[]).includes(i));
    if (ok) return c;
  } catch {
    // falls through to the error below
  }
  throw invalid(field, 'not a cursor of this merchant; use next_page_cursor of the previous page');
}

function listOffers(ctx: SandboxContext, merchantId: number, query: URLSearchParams, faults: { repeat_cursor?: boolean; omit_cursor?: boolean }) {
  const cursorField = query.has('cursor') ? 'cursor' : 'next_page_cursor';
  const cursorText = query.get(cursorField);
  let state: CursorState;
  if (cursorText) {
    state = decodeCursor(cursorText, merchantId, cursorField);
  } else {
    const page = positiveInt(query, 'page', 1);
    const size = Math.min(MAX_PAGE_SIZE, positiveInt(query, 'size', 20));
    const min = dateParam(query, 'since', 'date_last_modified:min');
    const max = dateParam(query, 'date_last_modified:max', 'before');
    const include = [...parseInclude(query.get('include'))];
    state = { m: merchantId, after: 0, page, size, include, min, max };
  }
  const filtered = state.min !== undefined || state.max !== undefined;
  const all = [...ctx.store.offers.values()]
    .filter((s) => s.offer.merchant_id === merchantId)
    .filter((s) => {
      if (!filtered) return true;
      if ((s.offer.publishing_status ?? 'PUBLISHED') !== 'PUBLISHED') return false;
      const modified = s.offer.date_last_modified ? parseServiceDate(s.offer.date_last_modified) : undefined;
      if (modified === undefined) return false;
      return (state.min === undefined || modified > state.min) && (state.max === undefined || modified < state.max);
    })
    .sort((a, b) => a.offer.id - b.offer.id);
  // A cursor continues after the last id it saw (stable when offers are added meanwhile); a page number is an offset.
  const rest = cursorText ? all.filter((s) => s.offer.id > state.after) : all.slice((state.page - 1) * state.size);
  const content = rest.slice(0, state.size);
  const more = rest.length > content.length;
  const include = new Set(state.include);
  const pageIndex = state.page - 1;
  const sort = { unsorted: false, sorted: true, empty: false };
  return {
    content: content.map((s) => shapeOffer(s, include)),
    pageable: { page_number: pageIndex, page_size: state.size, offset: pageIndex * state.size, sort, paged: true, unpaged: false },
    total_elements: 0,
    total_pages: 0,
    last: !more,
    first: pageIndex === 0,
    number_of_elements: content.length,
    size: state.size,
    number: pageIndex,
    empty: content.length === 0,
    sort,
    next_page_cursor: faults.omit_cursor
      ? undefined
      : faults.repeat_cursor && cursorText
        ? cursorText
        : more
          ? encodeCursor({ ...state, after: content.at(-1)!.offer.id, page: state.page + 1 })
          : null,
  };
}

/** Offers matching every field of the search, in the order asked (by id unless told otherwise). */
function searchOffers(ctx: SandboxContext, search: OfferSearchRequest): StoredOffer[] {
  const has = (text: string | null | undefined, part: string | null | undefined) => !part || (text ?? '').toLowerCase().includes(part.toLowerCase());
  const found = [...ctx.store.offers.values()].filter(({ offer }) => {
    if (search.merchant_id != null && offer.merchant_id !== search.merchant_id) return false;
    if (search.publishing_status && (offer.publishing_status ?? 'PUBLISHED') !== search.publishing_status) return false;
    if (search.min_price != null && (offer.min_price ?? 0) < search.min_price) return false;
    if (search.max_price != null && (offer.min_price ?? 0) > search.max_price) return false;
    return has(offer.name, search.name) && has(offer.vendor, search.vendor) && has(offer.seller, search.seller);
  });
  const key = search.sort_by ?? 'id';
  const sign = search.sort_direction === 'DESC' ? -1 : 1;
  const value = (s: StoredOffer) => s.offer[key] ?? '';
  return found.sort((a, b) => sign * (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : a.offer.id - b.offer.id));
}


export function catalogRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/v1/catalog/offers/merchants/:merchant_id',
      auth: 'access',
      async handler({ ctx, params, query }) {
        const merchantId = parseId(params.merchant_id, 'merchant_id');
        const merchant = ctx.store.merchant(merchantId);
        if (!merchant) throw notFound('Merchant', merchantId, 'merchant_id');
        const body = listOffers(ctx, merchantId, query, merchant.platform.faults);
        throwIfBusy(await Promise.allSettled([merchant.platform.call('list_offers')]));
        return injectedAnswer(merchant.platform) ?? { body };
      },
    },
    {
      method: 'GET',
      path: '/v1/catalog/offers/:offer_id',
      auth: 'access',
      async handler({ ctx, params, query }) {
        const offerId = parseId(params.offer_id, 'offer_id');
        // One offer comes whole unless `include` narrows it (the list is the costly call).
        const include = query.has('include') ? parseInclude(query.get('include')) : new Set<string>(INCLUDES);
        const stored = ctx.store.offers.get(offerId);
        if (!stored) throw fail(404, 'not_found', `Offer ${offerId} was not found`, { field: 'offer_id' });
        const merchant = ctx.store.merchant(stored.offer.merchant_id);
        if (merchant) throwIfBusy(await Promise.allSettled([merchant.platform.call('get_offer')]));
        return (merchant && injectedAnswer(merchant.platform)) ?? { body: shapeOffer(stored, include) };
      },
    },
    {
      method: 'POST',
      path: '/v1/catalog/offers/search',
      auth: 'access',
      handler({ ctx, body, query }) {
        const search = parseWith(OfferSearchRequestSchema, body ?? {});
        const page = pageOf(searchOffers(ctx, search), query, { sorted: true });
        return { body: { ...page, content: page.content.map((s) => shapeOffer(s, new Set())) } };
      },
    },
    {
      method: 'GET',
      path: '/v1/catalog/skus/:sku_id',
      auth: 'access',
      handler({ ctx, params }) {
        const skuId = parseId(params.sku_id, 'sku_id');
        const hit = ctx.store.skus.get(skuId);
        if (!hit) throw fail(404, 'sku_not_found', `SKU ${skuId} was not found`, { field: 'sku_id', skus: [{ sku_id: skuId, message: `SKU ${skuId} does not exist` }] });
        return { body: hit.sku };
      },
    },
  ];
}
