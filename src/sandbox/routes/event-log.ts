import type { WebhookEvent } from '../../contract/webhook-events.js';
import type { SandboxContext } from '../context.js';
import { notFound, parseId } from '../http.js';
import type { Route } from '../router.js';
import type { Delivery } from '../webhooks.js';
import { pageOf } from './paging.js';

/**
 * The service's event log of webhook deliveries and its resend (docs.violet.io API reference, Event Service:
 * "Get All Webhook Events", "Resend Webhook Event by Event ID"), over the sandbox's own deliveries. A
 * registration is one receiver URL (`POST /__sandbox/webhooks`); `response` stays empty: the sandbox keeps
 * no receiver text.
 */
const STATUS: Record<Delivery['status'], WebhookEvent['status']> = { pending: 'IN_PROGRESS', delivered: 'SUCCEEDED', failed: 'FAILED' };

function toEvent(ctx: SandboxContext, d: Delivery): WebhookEvent {
  const entity = d.order_id ?? (d.entity_id !== undefined && /^\d+$/.test(d.entity_id) ? Number(d.entity_id) : null);
  return {
    id: d.id,
    app_id: ctx.creds.appId,
    webhook_id: d.webhook_id,
    entity_id: entity,
    entity_external_id: null,
    status_code: d.last_status ?? null,
    response: null,
    event_type: d.topic,
    remote_endpoint: d.url,
    attempts: d.attempts,
    status: STATUS[d.status],
    date_created: d.date_created,
    date_last_modified: d.date_last_modified,
    date_next_attempt: null,
  };
}

export function eventLogRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/v1/events/webhooks/all/events',
      auth: 'access',
      handler: ({ ctx, query }) => ({ body: pageOf([...ctx.webhooks.log].reverse().map((d) => toEvent(ctx, d)), query) }),
    },
    {
      method: 'POST',
      path: '/v1/events/webhooks/:webhook_id/events/:event_id/resend',
      auth: 'access',
      handler({ ctx, params }) {
        const webhookId = parseId(params.webhook_id, 'webhook_id');
        const eventId = parseId(params.event_id, 'event_id');
        const copy = ctx.webhooks.resend(webhookId, eventId);
        if (!copy) throw notFound('Webhook event', eventId, 'event_id');
        return { body: toEvent(ctx, copy) };
      },
    },
  ];
}
