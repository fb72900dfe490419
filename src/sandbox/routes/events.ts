/**
 * `/v1/events/webhooks`: the service's webhook registrations, one per event
 * and app (registering an event again moves it to the new endpoint), as its
 * Events API describes them (docs.violet.io "Create Webhook"; violet-swift
 * `docs/EventsWebhooksAPI.md`, `docs/Webhook.md`). The service takes HTTPS
 * endpoints only; the sandbox also takes `http:` on a loopback host, where a
 * BFF under development listens.
 */
import { z } from 'zod';
import { CONSUMED_WEBHOOK_TOPICS, WEBHOOK_STATUSES } from '../../contract/webhook.js';
import { invalid, notFound, parseId, parseWith } from '../http.js';
import type { Route } from '../router.js';

/** Every event the service lets an app register (docs.violet.io/prism/webhooks/events); Tote consumes 21 of them. */
export const SERVICE_WEBHOOK_EVENTS: readonly string[] = [
  ...CONSUMED_WEBHOOK_TOPICS,
  'COLLECTION_CREATED',
  'COLLECTION_UPDATED',
  'COLLECTION_REMOVED',
  'COLLECTION_OFFERS_UPDATED',
  'PRODUCT_SYNC_STARTED',
  'PRODUCT_SYNC_COMPLETED',
  'PRODUCT_SYNC_FAILED',
  'COLLECTION_SYNC_STARTED',
  'COLLECTION_SYNC_COMPLETED',
  'COLLECTION_SYNC_FAILED',
  'MERCHANT_PAYOUT_ACCOUNT_CREATED',
  'MERCHANT_PAYOUT_ACCOUNT_REQUIREMENTS_UPDATED',
  'MERCHANT_PAYOUT_ACCOUNT_ACTIVATED',
  'MERCHANT_PAYOUT_ACCOUNT_DEACTIVATED',
  'MERCHANT_PAYOUT_ACCOUNT_DELETED',
  'PAYMENT_TRANSACTION_CAPTURE_STATUS_UPDATED',
  'PAYMENT_TRANSACTION_CAPTURE_STATUS_AUTHORIZED',
  'PAYMENT_TRANSACTION_CAPTURE_STATUS_CAPTURED',
  'PAYMENT_TRANSACTION_CAPTURE_STATUS_REFUNDED',
  'PAYMENT_TRANSACTION_CAPTURE_STATUS_PARTIALLY_REFUNDED',
  'PAYMENT_TRANSACTION_CAPTURE_STATUS_FAILED',
];

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An endpoint the service would deliver to: HTTPS, or plain HTTP to this machine (sandbox only). */
export function deliverableEndpoint(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

const RegistrationSchema = z.object({
  event: z.string().refine((e) => SERVICE_WEBHOOK_EVENTS.includes(e), 'is not an event of the service'),
  remote_endpoint: z
    .string()
    .max(2048)
    .refine(deliverableEndpoint, 'must be an HTTPS URL (the sandbox also takes http:// on 127.0.0.1 or localhost)'),
  status: z.enum(WEBHOOK_STATUSES).optional(),
});

export function eventRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/v1/events/webhooks',
      auth: 'access',
      handler({ ctx, body }) {
        const input = parseWith(RegistrationSchema, body ?? null);
        return { body: ctx.webhooks.register(input.event, input.remote_endpoint, input.status) };
      },
    },
    {
      method: 'GET',
      path: '/v1/events/webhooks',
      auth: 'access',
      handler({ ctx, query }) {
        const event = query.get('event');
        const all = [...ctx.webhooks.registrations.values()].sort((a, b) => a.id - b.id);
        return { body: event ? all.filter((r) => r.event === event) : all };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/events/webhooks',
      auth: 'access',
      handler({ ctx }) {
        ctx.webhooks.registrations.clear();
        return {};
      },
    },
    {
      method: 'GET',
      path: '/v1/events/webhooks/:webhook_id',
      auth: 'access',
      handler({ ctx, params }) {
        const id = parseId(params.webhook_id, 'webhook_id');
        const found = ctx.webhooks.byId(id);
        if (!found) throw notFound('Webhook', id, 'webhook_id');
        return { body: found };
      },
    },
    {
      method: 'PUT',
      path: '/v1/events/webhooks/:webhook_id',
      auth: 'access',
      handler({ ctx, params, body }) {
        const id = parseId(params.webhook_id, 'webhook_id');
        const found = ctx.webhooks.byId(id);
        if (!found) throw notFound('Webhook', id, 'webhook_id');
        const input = parseWith(RegistrationSchema, body ?? null);
        // One registration per event: moving this one onto an event another holds would make two.
        if (input.event !== found.event && ctx.webhooks.registrations.has(input.event)) {
          throw invalid('event', `${input.event} is registered already (webhook ${ctx.webhooks.registrations.get(input.event)!.id})`);
        }
        return { body: ctx.webhooks.register(input.event, input.remote_endpoint, input.status ?? found.status ?? 'ACTIVE', found) };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/events/webhooks/:webhook_id',
      auth: 'access',
      handler({ ctx, params }) {
        const id = parseId(params.webhook_id, 'webhook_id');
        if (!ctx.webhooks.unregister(id)) throw notFound('Webhook', id, 'webhook_id');
        return {};
      },
    },
  ];
}
