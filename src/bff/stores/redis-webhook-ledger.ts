/**
 * The webhook ledger on Redis: `SET NX` per event id (of two instances
 * receiving one delivery, one wins) and a per-bag rank that only moves up.
 */
import type { WebhookLedger } from './webhook-ledger.js';
import type { RedisConnection } from './redis-connection.js';

// KEYS[1] the bag; ARGV: rank, ttl (ms). 1 when the bag moved forward.
const ADVANCE = `
local current = redis.call('GET', KEYS[1])
if current and tonumber(current) >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

export interface RedisWebhookLedgerOptions {
  /** How long an event id is remembered (the service's redelivery window and then some). Default 3 days. */
  eventTtlMs?: number;
  /** How long a bag's progress is remembered. Default 30 days. */
  bagTtlMs?: number;
}

export function createRedisWebhookLedger(
  redis: RedisConnection,
  { eventTtlMs = 3 * 24 * 3600_000, bagTtlMs = 30 * 24 * 3600_000 }: RedisWebhookLedgerOptions = {},
): WebhookLedger {
  const advance = redis.script(ADVANCE);
  return {
    async firstDelivery(eventId) {
      const set = await redis.run((c) =>
        c.set(redis.key(`webhook:event:${eventId}`), '1', { condition: 'NX', expiration: { type: 'PX', value: eventTtlMs } }),
      );
      return set === 'OK';
    },
    async forget(eventId) {
      await redis.run((c) => c.del(redis.key(`webhook:event:${eventId}`)));
    },
    async advanceBag(bagKey, rank) {
      return (await advance([redis.key(`webhook:bag:${bagKey}`)], [rank, bagTtlMs])) === 1;
    },
  };
}
