/** The backend-for-frontend (Node only): `tote-checkout/bff`. */
export { createBff, type Bff, type BffHandler, type RequestInfo } from './create-bff.js';
export { bffConfigFromEnv, type BffConfig } from './config.js';
export { toNodeListener, createBffServer } from './node.js';
export { toteBffVitePlugin } from './vite-plugin.js';
export {
  createMemoryEventBus,
  createMemoryIdempotencyStore,
  createMemoryOffersCache,
  createMemoryRateLimiter,
  createMemoryWebhookLedger,
  connectRedis,
  createRedisEventBus,
  createRedisIdempotencyStore,
  createRedisMerchantBudget,
  createRedisOffersCache,
  createRedisRateLimiter,
  createRedisWebhookLedger,
  StoreUnavailableError,
  type CachedOffersPage,
  type RedisConnection,
  type ClaimResult,
  type EventBus,
  type IdempotencyRecord,
  type IdempotencyStore,
  type OffersCache,
  type RateLimiter,
  type WebhookLedger,
} from './stores/index.js';
export { verifySignature as verifyWebhookSignature } from './webhooks.js';
