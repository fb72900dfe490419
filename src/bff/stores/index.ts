/**
 * State the BFF keeps, behind small async interfaces so that several BFF
 * instances can share it (Redis or similar) by passing other
 * implementations in the config. The in-memory defaults are bounded.
 */
export { type EventBus, createMemoryEventBus } from './event-bus.js';
export {
  type ClaimResult,
  type IdempotencyRecord,
  type IdempotencyStore,
  createMemoryIdempotencyStore,
} from './idempotency.js';
export { type CachedOffersPage, type OffersCache, createMemoryOffersCache } from './offers-cache.js';
export { type RateLimiter, createMemoryRateLimiter } from './rate-limiter.js';
export { type WebhookLedger, createMemoryWebhookLedger } from './webhook-ledger.js';
