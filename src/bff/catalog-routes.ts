/** `GET /health`, `GET /merchants`, `GET /offers`, `GET /offers/:id`. */
import { createRequire } from 'node:module';
import { OffersQuerySchema, type MerchantSummary } from '../contract/api.js';
import { badRequest, json, notFound } from './errors.js';
import { isShoppable } from './merchants.js';
import type { BffParts, RouteHandler } from './context.js';
import type { Router } from './router.js';
import { parseId, parseWith, queryObject } from './validation.js';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

const DIGITS = /^[0-9]{1,4}$/;

export function addCatalogRoutes(router: Router<RouteHandler>, parts: BffParts) {
  const { client, health, catalog } = parts;

  router.add('GET', '/health', async () => {
    // A load balancer takes an instance that cannot reach the shared stores, or the service, out of rotation.
    const [reachable, service] = await Promise.all([parts.stores.reachable(), parts.service.state()]);
    const ok = reachable && service === 'ok';
    return json(ok ? 200 : 503, { ok, version, stores: parts.stores.kind, service });
  });

  router.add('GET', '/merchants', async () => {
    const reports = await health.reports();
    const merchants = await Promise.all(
      reports.map(async (r): Promise<MerchantSummary> => {
        const shoppable = isShoppable(r);
        // A busy merchant must not break the list: its currency is simply not known yet.
        const currency = shoppable ? await catalog.currency(r.merchant_id).catch(() => null) : null;
        return { id: r.merchant_id, name: r.merchant_name ?? `Merchant ${r.merchant_id}`, currency, platform: r.platform ?? null, shoppable };
      }),
    );
    return json(200, { merchants });
  });

  router.add('GET', '/offers', async ({ url }) => {
    const raw = queryObject(url, ['merchant_id', 'cursor', 'size']);
    // zod would coerce `1e3` or `0x10`; ids and sizes are plain digits or nothing.
    if (raw.merchant_id !== undefined) parseId(raw.merchant_id, 'merchant_id');
    if (raw.size !== undefined && !DIGITS.test(raw.size)) {
      throw badRequest('size must be an integer from 1 to 100', [{ path: 'size', message: 'expected an integer' }]);
    }
    const query = parseWith(OffersQuerySchema, raw, 'query');
    if (query.merchant_id !== undefined) {
      const report = await health.find(query.merchant_id);
      if (!report) throw notFound('No such merchant');
      if (!isShoppable(report)) return json(200, { offers: [], next_cursor: null });
      const page = await catalog.page(query.merchant_id, query.size, query.cursor);
      return json(200, { offers: page.offers.map((o) => catalog.shopper(o, report.merchant_name)), next_cursor: page.next_cursor });
    }
    const shoppable = new Map((await health.reports()).filter(isShoppable).map((r) => [r.merchant_id, r.merchant_name ?? null]));
    return json(200, await catalog.merged(shoppable, query.size, query.cursor));
  });

  router.add('GET', '/offers/:id', async ({ params }) => {
    const offer = await client.getOffer(parseId(params.id, 'id'));
    const report = offer.merchant_id != null ? await health.find(offer.merchant_id) : undefined;
    if (!report || !isShoppable(report)) throw notFound('No such offer');
    return json(200, { offer: catalog.shopper(offer, report.merchant_name) });
  });
}
