/**
 * The webhook ledger on Redis: `SET NX` per event id (of two instances
 * receiving one delivery, one wins), a per-bag rank that only moves up, and
 * per bag a capped list of what was received (newest first), with a set per
 * order naming its bags so that the desk reads an order's histories at once.
 */
import { BagHistoryEntrySchema, type BagHistoryEntry } from '../../contract/after-order.js';
import { BAG_HISTORY_LENGTH, onceEach, type WebhookLedger } from './webhook-ledger.js';
import type { RedisConnection } from './redis-connection.js';

// KEYS[1] the bag; ARGV: rank, ttl (ms). 1 when the bag moved forward.
const ADVANCE = `
local current = redis.call('GET', KEYS[1])
if current and tonumber(current) >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

// KEYS[1] the bag's history, KEYS[2] the order's bags; ARGV: entry, length kept, ttl (ms), bag id.
const RECORD = `
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[2]) - 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('SADD', KEYS[2], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
`;

export interface RedisWebhookLedgerOptions {
  /** How long an event id is remembered (the service's redelivery window and then some). Default 3 days. */
  eventTtlMs?: number;
  /** How long a bag's progress, and its history after its last event, are remembered. Default 30 days. */
  bagTtlMs?: number;
}

/** A stored entry read back; one that does not parse (written by another version) is left out. */
function readEntry(raw: string): BagHistoryEntry[] {
  try {
    const parsed = BagHistoryEntrySchema.safeParse(JSON.parse(raw));
    return parsed.success ? [parsed.data] : [];
  } catch {
    return [];
  }
}

export function createRedisWebhookLedger(
  redis: RedisConnection,
  { eventTtlMs = 3 * 24 * 3600_000, bagTtlMs = 30 * 24 * 3600_000 }: RedisWebhookLedgerOptions = {},
): WebhookLedger {
  const advance = redis.script(ADVANCE);
  const record = redis.script(RECORD);
  const historyKey = (orderId: number, bagId: number) => redis.key(`webhook:history:${orderId}:${bagId}`);
  const bagsKey = (orderId: number) => redis.key(`webhook:history-bags:${orderId}`);
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
    async recordBagEvent(orderId, bagId, entry) {
      await record([historyKey(orderId, bagId), bagsKey(orderId)], [JSON.stringify(entry), BAG_HISTORY_LENGTH, bagTtlMs, bagId]);
    },
    async orderHistory(orderId) {
      const bagIds = (await redis.run((c) => c.sMembers(bagsKey(orderId)))).map(Number).filter(Number.isSafeInteger).sort((x, y) => x - y);
      return Promise.all(
        bagIds.map(async (bag_id) => {
          const raw = await redis.run((c) => c.lRange(historyKey(orderId, bag_id), 0, -1));
          return { bag_id, history: onceEach(raw.flatMap(readEntry)) };
        }),
      );
    },
  };
}
