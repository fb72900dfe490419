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
export { type RatesCache, createMemoryRatesCache } from './rates-cache.js';
export { createRedisRatesCache } from './redis-rates-cache.js';
export { type BudgetVerdict, type MerchantBudget, type MerchantBudgetOptions, createMemoryMerchantBudget } from './merchant-budget.js';
export { BAG_HISTORY_LENGTH, type OrderHistory, type WebhookLedger, createMemoryWebhookLedger } from './webhook-ledger.js';
export { type RedisConnection, type RedisConnectionOptions, StoreUnavailableError, connectRedis } from './redis-connection.js';
export { createRedisEventBus } from './redis-event-bus.js';
export { createRedisIdempotencyStore } from './redis-idempotency.js';
export { createRedisMerchantBudget } from './redis-merchant-budget.js';
export { createRedisOffersCache } from './redis-offers-cache.js';
export { createRedisRateLimiter } from './redis-rate-limiter.js';
export { type RedisWebhookLedgerOptions, createRedisWebhookLedger } from './redis-webhook-ledger.js';
export { type BffStores, selectStores } from './select.js';
