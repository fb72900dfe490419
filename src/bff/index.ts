/** The backend-for-frontend (Node only): `tote-checkout-server/bff` (packages/server). */
export { createBff, type Bff, type BffHandler, type RequestInfo } from './create-bff.js';
export { bffConfigFromEnv, serviceFromEnv, tokenFromEnv, type BffConfig, type ServiceEnv } from './config.js';
export type { LogConfig } from './observability/log.js';
export type { TelemetryConfig } from './observability/telemetry.js';
export { syncWebhooks, type WebhookSyncReport } from './webhook-sync.js';
export { classifyServiceFailure, type ServiceState } from './service-health.js';
export { toNodeListener, createBffServer } from './node.js';
export { toteBffVitePlugin } from './vite-plugin.js';
export {
  createMemoryEventBus,
  createMemoryIdempotencyStore,
  createMemoryOffersCache,
  createMemoryRateLimiter,
  createMemoryWebhookLedger,
  BAG_HISTORY_LENGTH,
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
  type OrderHistory,
  type WebhookLedger,
} from './stores/index.js';
export { verifySignature as verifyWebhookSignature } from './webhooks.js';
