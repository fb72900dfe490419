/**
 * `GET /address-format/:country`: one country's address form (field order, labels, required
 * fields, postal example and pattern, regions). Public data that changes with a release only:
 * cacheable by browsers and shared caches for a day.
 */
import { badRequest, json, notFound } from '../errors.js';
import type { RouteHandler } from '../context.js';
import type { Router } from '../router.js';
import { addressFormat } from './format.js';

const COUNTRY = /^[A-Za-z]{2}$/;
export const ADDRESS_FORMAT_CACHE = 'public, max-age=86400';

export function addAddressRoutes(router: Router<RouteHandler>) {
  router.add('GET', '/address-format/:country', async ({ params }) => {
    const raw = params.country ?? '';
    if (!COUNTRY.test(raw)) throw badRequest('country must be a 2-letter ISO 3166-1 code', [{ path: 'country', message: 'unknown_country' }]);
    const format = addressFormat(raw.toUpperCase());
    if (!format) throw notFound('No address format for this country');
    return json(200, format, { 'cache-control': ADDRESS_FORMAT_CACHE });
  });
}
