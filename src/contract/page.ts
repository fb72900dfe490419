import { z } from 'zod';
import { list, maybe } from './primitives.js';

const SortSchema = z.object({
  unsorted: maybe(z.boolean()),
  sorted: maybe(z.boolean()),
  empty: maybe(z.boolean()),
});

/**
 * The page envelope of every paginated list. `pageable.page_number` and
 * `number` count from 0 although the `page` query parameter starts at 1.
 */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: list(item),
    pageable: maybe(
      z.object({
        page_number: maybe(z.int()),
        page_size: maybe(z.int()),
        offset: maybe(z.int()),
        sort: maybe(SortSchema),
        paged: maybe(z.boolean()),
        unpaged: maybe(z.boolean()),
      }),
    ),
    total_elements: maybe(z.int()),
    total_pages: maybe(z.int()),
    last: maybe(z.boolean()),
    first: maybe(z.boolean()),
    number_of_elements: maybe(z.int()),
    size: maybe(z.int()),
    number: maybe(z.int()),
    empty: maybe(z.boolean()),
    sort: maybe(SortSchema),
    next_page_cursor: maybe(z.string()),
  });
}
export type Page<T> = Omit<z.infer<ReturnType<typeof pageSchema>>, 'content'> & { content: T[] };
