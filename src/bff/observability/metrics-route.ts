/**
 * `GET /metrics`: every metric in Prometheus' text format, for a scraper
 * holding the operator token (`Authorization: Bearer …`, as the operator
 * routes ask). Per-merchant figures are the operator's business, not the
 * public's.
 */
import type { RouteHandler } from '../context.js';
import { ApiHttpError } from '../errors.js';
import { requireOperator } from '../operator-routes.js';
import type { Observer } from './observer.js';

/** Prometheus' text exposition format, version 0.0.4. */
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

export function metricsRoute(observer: Observer, operatorToken: string): RouteHandler {
  return requireOperator(operatorToken)(async () => {
    const text = await observer.scrape();
    if (text === undefined) throw new ApiHttpError(404, 'not_found', 'Metrics are off');
    return new Response(text, { status: 200, headers: { 'content-type': PROMETHEUS_TEXT, 'cache-control': 'no-store' } });
  });
}
