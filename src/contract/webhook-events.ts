import { z } from 'zod';
import { datetime, id, maybe, openEnum } from './primitives.js';

/**
 * The service's event log: what it delivered to the app's webhooks, and resending one
 * (docs.violet.io API reference, Event Service: `GET /v1/events/webhooks/all/events?page=&size=` and
 * `POST /v1/events/webhooks/{webhook_id}/events/{event_id}/resend`, which sends a copy with a new event id
 * and the original's in `X-Violet-Event-Id-Source`). Issue 28: the operator's desk shows it.
 */
export const WEBHOOK_EVENT_STATUSES = ['CREATED', 'IN_PROGRESS', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;

export const WebhookEventSchema = z.object({
  id,
  app_id: maybe(id),
  webhook_id: id,
  entity_id: maybe(id),
  entity_external_id: maybe(z.string()),
  status_code: maybe(z.int()),
  /** The receiver's own answer: never shown (it is the receiver's text). */
  response: maybe(z.string()),
  event_type: maybe(z.string()),
  remote_endpoint: maybe(z.string()),
  attempts: maybe(z.int()),
  status: openEnum(WEBHOOK_EVENT_STATUSES),
  date_created: maybe(datetime),
  date_last_modified: maybe(datetime),
  date_next_attempt: maybe(datetime),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** An event as the operator's desk shows it (`GET /api/operator/webhooks`): never the receiver's `response` text. */
export const DeskEventSchema = WebhookEventSchema.pick({
  id: true,
  webhook_id: true,
  event_type: true,
  entity_id: true,
  status: true,
  status_code: true,
  attempts: true,
  date_created: true,
  date_last_modified: true,
  date_next_attempt: true,
});
export type DeskEvent = z.infer<typeof DeskEventSchema>;
