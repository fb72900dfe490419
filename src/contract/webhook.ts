import { z } from 'zod';
import { id, maybe, openEnum } from './primitives.js';
import { OrderSchema } from './order.js';
import { OfferSchema } from './catalog.js';

export const ORDER_EVENTS = [
  'ORDER_ACCEPTED',
  'ORDER_SHIPPED',
  'ORDER_DELIVERED',
  'ORDER_COMPLETED',
  'ORDER_REFUNDED',
  'ORDER_CANCELED',
  'ORDER_CANCELLED',
  'ORDER_FAILED',
  'ORDER_UPDATED',
  'ORDER_RETURNED',
] as const;
export const OFFER_EVENTS = ['OFFER_ADDED', 'OFFER_UPDATED', 'OFFER_REMOVED', 'OFFER_DELETED', 'OFFER_CREATED'] as const;
export const MERCHANT_EVENTS = [
  'MERCHANT_CONNECTED',
  'MERCHANT_DISCONNECTED',
  'MERCHANT_ENABLED',
  'MERCHANT_DISABLED',
  'MERCHANT_NEEDS_ATTENTION',
  'MERCHANT_COMPLETE',
] as const;

export const WebhookTopicSchema = openEnum([...ORDER_EVENTS, ...OFFER_EVENTS, ...MERCHANT_EVENTS]);
export type WebhookTopic = z.infer<typeof WebhookTopicSchema>;

/**
 * The 21 topics the BFF consumes, in one list: `tote webhooks sync` registers
 * each, `tote doctor` checks each, docs/events.md lists them.
 */
export const CONSUMED_WEBHOOK_TOPICS = [...ORDER_EVENTS, ...OFFER_EVENTS, ...MERCHANT_EVENTS] as const;


/** Where a webhook registration stands at the service: `INACTIVE` and `DISABLED` ones deliver nothing. */
export const WEBHOOK_STATUSES = ['ACTIVE', 'INACTIVE', 'DISABLED'] as const;

/**
 * One registration (`POST /v1/events/webhooks`): one per event and app; the
 * service refuses a non-HTTPS `remote_endpoint`. The seven-day counters are
 * read-only and may be absent.
 */
export const WebhookRegistrationSchema = z.object({
  id: id,
  app_id: maybe(id),
  event: z.string().min(1),
  remote_endpoint: z.string().min(1),
  status: maybe(openEnum(WEBHOOK_STATUSES)),
  date_created: maybe(z.string()),
  date_last_modified: maybe(z.string()),
  events_count: maybe(z.number()),
  failure_rate: maybe(z.number()),
  temp_disable_ms: maybe(z.number()),
});
export type WebhookRegistration = z.infer<typeof WebhookRegistrationSchema>;
export const WebhookRegistrationListSchema = z.array(WebhookRegistrationSchema);

/** What registers one event at one endpoint. */
export const WebhookRegistrationInputSchema = z.object({ event: z.string().regex(/^[A-Z_]{1,64}$/), remote_endpoint: z.url().max(2048) });
export type WebhookRegistrationInput = z.infer<typeof WebhookRegistrationInputSchema>;

/**
 * One webhook delivery: the topic and ids from its headers, and its body —
 * the whole Order for order events, one Offer for offer events, the Merchant
 * entity for merchant events (older deliveries: `{ merchant_id }`).
 */
export const WebhookEventSchema = z.object({
  event_id: z.string().min(1).max(128),
  topic: WebhookTopicSchema,
  order_id: maybe(id),
  bag_id: maybe(id),
  entity_id: maybe(z.string()),
  body: z.unknown(),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const OrderEventBodySchema = OrderSchema;
export const OfferEventBodySchema = OfferSchema;
/** The Merchant entity a merchant event carries (only what we read; the rest passes). */
export const MerchantEntitySchema = z.object({
  id: id,
  // Required: it is what tells a Merchant from another entity that also has an `id` (an Order under a forged topic).
  name: z.string(),
  merchant_name: maybe(z.string()),
  platform: maybe(z.string()),
  status: maybe(z.string()),
  store_url: maybe(z.string()),
});

/**
 * A merchant event's body read as `{ merchant_id }`: the service sends the
 * Merchant entity (`id`, `name`, …); the older `{ merchant_id }` shape is
 * still read.
 */
export const MerchantEventBodySchema = z.union([
  z.object({ merchant_id: id, reason: maybe(z.string()) }),
  MerchantEntitySchema.transform((m) => ({ merchant_id: m.id, name: m.name })),
]);
export type MerchantEventBody = z.infer<typeof MerchantEventBodySchema>;

export const isOrderTopic = (t: string) => t.startsWith('ORDER_');
export const isOfferTopic = (t: string) => t.startsWith('OFFER_');
export const isMerchantTopic = (t: string) => t.startsWith('MERCHANT_');
