import { z } from 'zod';
import { maybe, openEnum, positiveId, price } from './primitives.js';

/**
 * The body of `POST /v1/catalog/offers/search` (page and size go in the query),
 * as the service documents it (reference/service-shapes.md A.7b). Every field narrows;
 * none is required.
 */
export const OfferSearchRequestSchema = z.object({
  name: maybe(z.string().max(200)),
  merchant_id: maybe(positiveId),
  /** Minor units of each offer's own currency. */
  min_price: maybe(price),
  max_price: maybe(price),
  vendor: maybe(z.string().max(200)),
  seller: maybe(z.string().max(200)),
  publishing_status: maybe(openEnum(['PUBLISHED', 'NOT_PUBLISHED'])),
  sort_by: maybe(z.enum(['id', 'name', 'min_price', 'date_last_modified'])),
  sort_direction: maybe(z.enum(['ASC', 'DESC'])),
});
export type OfferSearchRequest = z.infer<typeof OfferSearchRequestSchema>;
