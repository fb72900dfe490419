import { merchantEntity } from '../merchants.js';
import { z } from 'zod';
import { OfferSchema, type Offer } from '../../contract/catalog.js';
import { CONSUMED_WEBHOOK_TOPICS } from '../../contract/webhook.js';
import type { SandboxContext } from '../context.js';
import { nowDate } from '../dates.js';
import { fail, invalid, MB, notFound, parseId, parseWith } from '../http.js';
import { moveOrder } from '../lifecycle.js';
import type { Route, RouteRequest, RouteResult } from '../router.js';
import { INCLUDES, shapeOffer } from './catalog.js';
import { resetTiming, timingRoutes } from '../timing.js';

const FaultsSchema = z
  .object({
    merchant_id: z.union([z.int().positive(), z.literal('*')]).optional(),
    rate_limit_every: z.int().min(0).max(1_000_000).optional(),
    retry_after_s: z.number().min(0).max(1e9).nullable().optional(),
    latency_ms: z.int().min(0).max(120_000).optional(),
    reject_bags: z.boolean().optional(),
    out_of_stock_sku_ids: z.array(z.int().positive()).max(100_000).optional(),
    fail_submit: z.union([z.boolean(), z.enum(['before', 'after', 'reset'])]).optional(),
    expire_tokens: z.boolean().optional(),
    respond_with: z
      .object({ status: z.int().min(200).max(599), body: z.string().max(32 * MB), content_type: z.string().regex(/^[\x20-\x7e]{1,200}$/, 'printable ASCII').optional() })
      .strict()
      .nullable()
      .optional(),
    repeat_cursor: z.boolean().optional(),
    omit_cursor: z.boolean().optional(),
    total_off_by: z.int().min(-1_000_000).max(1_000_000).optional(),
    order_total_off_by: z.int().min(-1_000_000).max(1_000_000).optional(),
  })
  .strict();

const AdvanceSchema = z
  .object({
    bag_id: z.int().positive().optional(),
    action: z.enum(['advance', 'cancel', 'refund', 'reject']).optional(),
  })
  .strict();

const WebhookSchema = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2048),
    /** This receiver's own retry delays (`[]`: a failed delivery is FAILED at once), for event-log tests. */
    retry_delays_ms: z.array(z.int().min(0).max(600_000)).max(10).optional(),
  })
  .strict();
const ResetSchema = z.object({ seed: z.union([z.int(), z.string().min(1).max(128)]).optional() }).strict();
const AttentionSchema = z
  .object({
    missing_scopes: z.array(z.string().min(1).max(64)).max(50).optional(),
    currently_due: z.array(z.string().min(1).max(128)).max(50).optional(),
  })
  .strict();

const ALL_INCLUDES = new Set<string>(INCLUDES);

function merchantsFor(ctx: SandboxContext, id: number | '*' | undefined, field: string) {
  if (id === undefined || id === '*') return [...ctx.store.merchants.values()];
  const m = ctx.store.merchant(id);
  if (!m) throw notFound('Merchant', id, field);
  return [m];
}

/** An injected offer kept verbatim: only `id` and a known `merchant_id` are required. */
function rawOffer(ctx: SandboxContext, body: unknown): { offer: Offer; raw: Record<string, unknown> } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('body', 'expected an Offer object');
  const raw = body as Record<string, unknown>;
  if (!Number.isSafeInteger(raw.id) || (raw.id as number) < 1) throw invalid('id', 'expected a positive integer');
  const merchant = Number.isSafeInteger(raw.merchant_id) ? ctx.store.merchant(raw.merchant_id as number) : undefined;
  if (!merchant) throw invalid('merchant_id', 'expected the id of a seeded merchant (1001…1007)');
  const parsed = OfferSchema.safeParse(raw);
  const offer: Offer = parsed.success
    ? parsed.data
    : {
        id: raw.id as number,
        merchant_id: merchant.profile.id,
        name: typeof raw.name === 'string' ? raw.name : '',
        currency: merchant.profile.currency,
        publishing_status: 'PUBLISHED',
        date_last_modified: typeof raw.date_last_modified === 'string' ? raw.date_last_modified : nowDate(),
        metadata: [],
        variants: [],
        skus: [],
        albums: [],
        collections: [],
        tags: [],
      };
  return { offer, raw };
}

function reset({ ctx, body }: RouteRequest): RouteResult {
  const { seed } = parseWith(ResetSchema, body ?? {});
  ctx.webhooks.cancelPending();
  resetTiming(ctx);
  ctx.store.load(seed ?? ctx.store.seed);
  ctx.auth.expiredBefore = 0;
  return { body: { ok: true, seed: ctx.store.seed, offers: ctx.store.offers.size } };
}

function registerWebhook({ ctx, body }: RouteRequest): RouteResult {
  const { url, retry_delays_ms } = parseWith(WebhookSchema, body ?? null);
  if (retry_delays_ms) ctx.webhooks.retryDelaysFor.set(url, retry_delays_ms);
  // A shortcut for `tote webhooks sync`: the URL takes every topic the BFF consumes (one registration per event).
  for (const topic of CONSUMED_WEBHOOK_TOPICS) ctx.webhooks.register(topic, url);
  return { status: 201, body: { urls: ctx.webhooks.endpoints() } };
}

const listWebhooks = ({ ctx }: RouteRequest): RouteResult => ({
  body: { urls: ctx.webhooks.endpoints(), registrations: [...ctx.webhooks.registrations.values()], deliveries: ctx.webhooks.log },
});

function removeWebhooks({ ctx, query }: RouteRequest): RouteResult {
  const url = query.get('url');
  for (const r of [...ctx.webhooks.registrations.values()]) if (!url || r.remote_endpoint === url) ctx.webhooks.unregister(r.id);
  return { body: { urls: ctx.webhooks.endpoints() } };
}

function putOffer({ ctx, body, query }: RouteRequest): RouteResult {
  let stored: { offer: Offer; raw?: Record<string, unknown> };
  if (query.get('raw') === 'true') {
    stored = rawOffer(ctx, body);
  } else {
    const offer = parseWith(OfferSchema, body ?? null);
    if (!ctx.store.merchant(offer.merchant_id)) throw invalid('merchant_id', 'expected the id of a seeded merchant (1001…1007)');
    offer.date_last_modified ??= nowDate();
    stored = { offer };
  }
  const added = !ctx.store.offers.has(stored.offer.id);
  ctx.store.putOffer(stored);
  const answer = shapeOffer(stored, ALL_INCLUDES);
  ctx.webhooks.emit(added ? 'OFFER_ADDED' : 'OFFER_UPDATED', answer, { entityId: String(stored.offer.id) });
  return { status: added ? 201 : 200, body: answer };
}

function setFaults({ ctx, body }: RouteRequest): RouteResult {
  const { merchant_id, expire_tokens, ...faults } = parseWith(FaultsSchema, body ?? null);
  for (const m of merchantsFor(ctx, merchant_id, 'merchant_id')) m.platform.setFaults(faults);
  if (expire_tokens) ctx.auth.expiredBefore = Date.now();
  return { body: faultsOf(ctx) };
}

function clearFaults({ ctx, query }: RouteRequest): RouteResult {
  const text = query.get('merchant_id');
  const id = text === null || text === '*' ? undefined : parseId(text, 'merchant_id');
  for (const m of merchantsFor(ctx, id, 'merchant_id')) m.platform.clearFaults();
  if (id === undefined) ctx.auth.expiredBefore = 0;
  return { body: faultsOf(ctx) };
}

const listOrders = ({ ctx }: RouteRequest): RouteResult => ({ body: [...ctx.store.orders.values()].map((r) => r.order).sort((a, b) => b.id - a.id) });

function advanceOrder({ ctx, params, body }: RouteRequest): RouteResult {
  const id = parseId(params.order_id, 'order_id');
  const { bag_id, action } = parseWith(AdvanceSchema, body ?? {});
  const record = ctx.store.orders.get(id);
  if (!record) throw notFound('Order', id, 'order_id');
  if (!record.submitted) throw fail(409, 'conflict', `Order ${id} is a cart that was not submitted`, { field: 'order_id' });
  if (bag_id !== undefined && !record.order.bags.some((b) => b.id === bag_id)) throw notFound('Bag', bag_id, 'bag_id');
  const moved = moveOrder(ctx, record.order, action ?? 'advance', bag_id);
  return { body: { order: record.order, moved } };
}

function platformCalls({ ctx }: RouteRequest): RouteResult {
  const merchants: Record<string, unknown> = {};
  let total = 0;
  for (const [id, m] of ctx.store.merchants) {
    total += m.platform.calls.length;
    merchants[id] = {
      count: m.platform.calls.length,
      rate_limited: m.platform.calls.filter((c) => c.outcome === 'rate_limited').length,
      calls: m.platform.calls,
    };
  }
  return { body: { total, merchants } };
}

function flagAttention({ ctx, params, body }: RouteRequest): RouteResult {
  const id = parseId(params.merchant_id, 'merchant_id');
  const m = ctx.store.merchant(id);
  if (!m) throw notFound('Merchant', id, 'merchant_id');
  const input = parseWith(AttentionSchema, body ?? {});
  m.profile.missing_scopes = input.missing_scopes ?? ['write_orders'];
  m.profile.payout_currently_due = input.currently_due ?? [];
  ctx.webhooks.emit('MERCHANT_NEEDS_ATTENTION', merchantEntity(m.profile), { entityId: String(id), reason: 'SANDBOX_CONTROL' });
  return { body: { merchant_id: id, missing_scopes: m.profile.missing_scopes, currently_due: m.profile.payout_currently_due } };
}

/** The `/__sandbox/` control routes: one handler each, above. */
export function controlRoutes(): Route[] {
  return [
    ...timingRoutes(),
    { method: 'POST', path: '/__sandbox/reset', auth: 'access', handler: reset },
    { method: 'POST', path: '/__sandbox/webhooks', auth: 'access', handler: registerWebhook },
    { method: 'GET', path: '/__sandbox/webhooks', auth: 'access', handler: listWebhooks },
    { method: 'DELETE', path: '/__sandbox/webhooks', auth: 'access', handler: removeWebhooks },
    // Hostile tests inject strings of megabytes.
    { method: 'POST', path: '/__sandbox/offers', auth: 'access', bodyLimit: 32 * MB, handler: putOffer },
    { method: 'POST', path: '/__sandbox/faults', auth: 'access', bodyLimit: 32 * MB, handler: setFaults },
    { method: 'GET', path: '/__sandbox/faults', auth: 'access', handler: ({ ctx }) => ({ body: faultsOf(ctx) }) },
    { method: 'DELETE', path: '/__sandbox/faults', auth: 'access', handler: clearFaults },
    { method: 'GET', path: '/__sandbox/orders', auth: 'access', handler: listOrders },
    { method: 'POST', path: '/__sandbox/orders/:order_id/advance', auth: 'access', handler: advanceOrder },
    { method: 'GET', path: '/__sandbox/calls', auth: 'access', handler: platformCalls },
    { method: 'POST', path: '/__sandbox/merchants/:merchant_id/attention', auth: 'access', handler: flagAttention },
  ];
}

function faultsOf(ctx: SandboxContext) {
  return {
    merchants: Object.fromEntries([...ctx.store.merchants].map(([id, m]) => [id, m.platform.faults])),
    tokens_expired_before: ctx.auth.expiredBefore || null,
  };
}
