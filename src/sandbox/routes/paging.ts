/**
 * Paging as the service's list and search routes answer it (Spring's page: numbered from 0 in the
 * answer, from 1 in `?page=`, with its totals), shared by the sandbox's orders, offer search and event log.
 */
import { invalid } from '../http.js';

/** The largest page the service serves. */
export const MAX_PAGE_SIZE = 100;

/** A positive integer query parameter (`page`, `size`); 400 naming it when it is not one. */
export function positiveInt(query: URLSearchParams, name: string, fallback: number): number {
  const text = query.get(name);
  if (text === null || text === '') return fallback;
  if (!/^\d{1,9}$/.test(text.trim()) || Number(text) < 1) throw invalid(name, 'expected a positive integer');
  return Number(text);
}

/** One page of `items` (`?page=` from 1, `?size=` up to 100); `sorted` when the items come in an asked order. */
export function pageOf<T>(items: T[], query: URLSearchParams, { sorted = false } = {}) {
  const page = positiveInt(query, 'page', 1);
  const size = Math.min(MAX_PAGE_SIZE, positiveInt(query, 'size', 20));
  const content = items.slice((page - 1) * size, page * size);
  const sort = sorted ? { unsorted: false, sorted: true, empty: false } : { unsorted: true, sorted: false, empty: true };
  return {
    content,
    pageable: { page_number: page - 1, page_size: size, offset: (page - 1) * size, sort, paged: true, unpaged: false },
    total_elements: items.length,
    total_pages: Math.ceil(items.length / size),
    last: page * size >= items.length,
    first: page === 1,
    number_of_elements: content.length,
    size,
    number: page - 1,
    empty: content.length === 0,
    sort,
  };
}
