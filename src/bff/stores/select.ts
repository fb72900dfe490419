/**
 * Which stores a BFF runs on: Redis when `redisUrl` is set (every instance
 * pointed at one Redis behaves as one BFF), in memory otherwise. A store
 * passed in the config explicitly wins either way.
 */
import type { BffConfig } from '../config.js';
import { createMemoryEventBus, type EventBus } from './event-bus.js';
import { createMemoryIdempotencyStore, type IdempotencyStore } from './idempotency.js';
import { createMemoryMerchantBudget, type MerchantBudget } from './merchant-budget.js';
import { createMemoryOffersCache, type OffersCache } from './offers-cache.js';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limiter.js';
import { connectRedis } from './redis-connection.js';
import { createRedisEventBus } from './redis-event-bus.js';
import { createRedisIdempotencyStore } from './redis-idempotency.js';
import { createRedisMerchantBudget } from './redis-merchant-budget.js';
import { createRedisOffersCache } from './redis-offers-cache.js';
import { createRedisRateLimiter } from './redis-rate-limiter.js';
import { createRedisWebhookLedger } from './redis-webhook-ledger.js';
import { createMemoryRatesCache, type RatesCache } from './rates-cache.js';
import { createRedisRatesCache } from './redis-rates-cache.js';
import { createMemoryWebhookLedger, type WebhookLedger } from './webhook-ledger.js';

export interface BffStores {
  kind: 'redis' | 'memory';
  idempotency: IdempotencyStore;
  offersCache: OffersCache;
  eventBus: EventBus;
  webhookLedger: WebhookLedger;
  ratesCache: RatesCache;
  /** `undefined` when rate limiting is off. */
  rateLimiter: RateLimiter | undefined;
  /** `undefined` when the per-merchant budget is off. */
  merchantBudget: MerchantBudget | undefined;
  /** False when the shared store cannot be reached (always true in memory). */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

export function selectStores(config: BffConfig, onError: (error: unknown) => void): BffStores {
  const limit = config.rateLimit === false ? undefined : (config.rateLimit ?? {});
  const budget = config.merchantBudget === false ? undefined : (config.merchantBudget ?? {});
  if (!config.redisUrl) {
    return {
      kind: 'memory',
      idempotency: config.idempotencyStore ?? createMemoryIdempotencyStore(),
      offersCache: config.offersCache ?? createMemoryOffersCache(),
      eventBus: config.eventBus ?? createMemoryEventBus(),
      webhookLedger: config.webhookLedger ?? createMemoryWebhookLedger(),
      ratesCache: config.ratesCache ?? createMemoryRatesCache(),
      rateLimiter: limit && (config.rateLimiter ?? createMemoryRateLimiter(limit)),
      merchantBudget: budget && (config.merchantBudgetStore ?? createMemoryMerchantBudget(budget)),
      reachable: async () => true,
      close: async () => {},
    };
  }
  const redis = connectRedis({
    url: config.redisUrl,
    ...(config.redisKeyPrefix !== undefined ? { keyPrefix: config.redisKeyPrefix } : {}),
    onError,
  });
  return {
    kind: 'redis',
    idempotency: config.idempotencyStore ?? createRedisIdempotencyStore(redis),
    offersCache: config.offersCache ?? createRedisOffersCache(redis),
    eventBus: config.eventBus ?? createRedisEventBus(redis, { onError }),
    webhookLedger: config.webhookLedger ?? createRedisWebhookLedger(redis),
    ratesCache: config.ratesCache ?? createRedisRatesCache(redis),
    rateLimiter: limit && (config.rateLimiter ?? createRedisRateLimiter(redis, limit)),
    merchantBudget: budget && (config.merchantBudgetStore ?? createRedisMerchantBudget(redis, budget)),
    reachable: () => redis.ping(),
    close: () => redis.close(),
  };
}
