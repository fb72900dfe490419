/**
 * The offers cache on Redis, shared by every instance: an offer webhook on
 * one instance invalidates the page every other instance would serve.
 *
 * Each merchant's generation is a number taken from one counter, so it never
 * repeats: `invalidate` gives the merchant a new one, `clear` raises a floor
 * under all of them. Pages are filed under their generation, so an
 * invalidated page is simply never read again and expires on its own.
 *
 * Without Redis the cache misses (reads go to the service) and stores
 * nothing; invalidation throws, so the webhook is answered 5xx and the
 * service delivers it again.
 */
import type { CachedOffersPage, OffersCache } from './offers-cache.js';
import type { RedisConnection } from './redis-connection.js';

// KEYS: merchant generation, floor. The merchant's current generation.
const VERSION = `local v = tonumber(redis.call('GET', KEYS[1]) or '0')
local f = tonumber(redis.call('GET', KEYS[2]) or '0')
if f > v then v = f end`;

const READ = `${VERSION}
return {v, redis.call('GET', KEYS[3] .. v .. ':' .. ARGV[1])}`;

// ARGV: page key, page JSON, the generation the page was fetched under, ttl (ms).
const WRITE = `${VERSION}
if v ~= tonumber(ARGV[3]) then return 0 end
redis.call('SET', KEYS[3] .. v .. ':' .. ARGV[1], ARGV[2], 'PX', ARGV[4])
return 1`;

/** A generation no page is ever filed under: `set` with it stores nothing. */
const UNAVAILABLE = -1;

export function createRedisOffersCache(redis: RedisConnection, { ttlMs = 10 * 60_000 } = {}): OffersCache {
  const read = redis.script(READ);
  const write = redis.script(WRITE);
  const keys = (merchantId: number) => [
    redis.key(`offers:version:${merchantId}`),
    redis.key('offers:floor'),
    redis.key(`offers:page:${merchantId}:`),
  ];
  return {
    async version(merchantId) {
      try {
        const [v] = (await read(keys(merchantId), [''])) as [number];
        return v;
      } catch {
        return UNAVAILABLE;
      }
    },
    async get(merchantId, key) {
      try {
        const [, text] = (await read(keys(merchantId), [key])) as [number, string | null];
        return text ? (JSON.parse(text) as CachedOffersPage) : undefined;
      } catch {
        return undefined;
      }
    },
    async set(merchantId, key, page, version) {
      if (version === UNAVAILABLE) return;
      await write(keys(merchantId), [key, JSON.stringify(page), version, ttlMs]).catch(() => {});
    },
    async invalidate(merchantId) {
      await redis.run(async (c) => {
        const generation = await c.incr(redis.key('offers:generation'));
        await c.set(redis.key(`offers:version:${merchantId}`), String(generation));
      });
    },
    async clear() {
      await redis.run(async (c) => {
        const generation = await c.incr(redis.key('offers:generation'));
        await c.set(redis.key('offers:floor'), String(generation));
      });
    },
  };
}
