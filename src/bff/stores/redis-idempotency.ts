/**
 * The idempotency store on Redis: one JSON record per key, claimed by a Lua
 * script so that of two instances racing for one attempt exactly one holds
 * it. A `pending` record carries its lease, which its holder renews while it
 * works; once the lease has passed (its instance died mid-call) the next
 * claim takes the key over and gets the old record back as `previous`, so
 * it reconciles before sending.
 *
 * A Redis that comes back empty (a restart without persistence, a flush)
 * has lost every record: the claim script keeps a marker, `records-since`,
 * written when the store starts and again by the first claim that finds it
 * gone, and answers it with every claim. An attempt whose quote is older
 * than the marker may have been sent before the loss: the runner reconciles
 * it before it sends (issue 25.2, docs/deploy.md).
 */
import type { ClaimResult, IdempotencyRecord, IdempotencyStore } from './idempotency.js';
import type { RedisConnection } from './redis-connection.js';

// KEYS[1] the key, KEYS[2] the records-since marker; ARGV: the pending record (JSON), its fingerprint, now (ms), ttl (ms).
// Returns {1, since} (free), {1, since, old} (taken over) or {0, since, current} (held).
const CLAIM = `
local since = redis.call('GET', KEYS[2])
if not since then
  since = ARGV[3]
  redis.call('SET', KEYS[2], since)
end
local current = redis.call('GET', KEYS[1])
if current then
  local r = cjson.decode(current)
  local held = r.state == 'done' or (r.state == 'pending' and tonumber(r.leaseUntil) > tonumber(ARGV[3]))
  if held or r.fingerprint ~= ARGV[2] then return {0, since, current} end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
if current then return {1, since, current} end
return {1, since}
`;

/** The marker's name: one per key prefix, never expiring. */
const RECORDS_SINCE = 'idem-records-since';

// KEYS[1] the key; ARGV: fingerprint, the lease held, the renewed record (JSON), ttl (ms). 1 when renewed.
const RENEW = `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local r = cjson.decode(current)
if r.state ~= 'pending' or r.fingerprint ~= ARGV[1] or tonumber(r.leaseUntil) ~= tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
return 1
`;

export function createRedisIdempotencyStore(redis: RedisConnection): IdempotencyStore {
  const claim = redis.script(CLAIM);
  const renew = redis.script(RENEW);
  const k = (key: string) => redis.key(key);
  const parse = (text: string) => JSON.parse(text) as IdempotencyRecord;
  // From the start: quotes issued while this store runs are newer than its records' beginning. Dated when the store is
  // made, not when the command runs (it waits for the first connection), and written before any claim: a claim that
  // found no marker wrote its own time, later than a quote the instance issued meanwhile, whose first place then
  // answered 202 until the unknown window passed (the model's two-tabs counterexample, most runs).
  const startedAt = String(Date.now());
  const started = redis.run((c) => c.set(k(RECORDS_SINCE), startedAt, { condition: 'NX' })).catch(() => {});
  return {
    async claim(key, pending, ttlMs): Promise<ClaimResult> {
      await started;
      const args = [JSON.stringify(pending), pending.fingerprint, Date.now(), ttlMs];
      const [won, since, text] = (await claim([k(key), k(RECORDS_SINCE)], args)) as [number, string, string?];
      const recordsSince = Number(since);
      if (won === 1) return text ? { claimed: true, previous: parse(text), recordsSince } : { claimed: true, recordsSince };
      return { claimed: false, current: parse(text!) };
    },
    async renew(key, held, leaseUntil, ttlMs) {
      return (await renew([k(key)], [held.fingerprint, held.leaseUntil, JSON.stringify({ ...held, leaseUntil }), ttlMs])) === 1;
    },
    async get(key) {
      const text = await redis.run((c) => c.get(k(key)));
      return text ? parse(text) : undefined;
    },
    async set(key, record, ttlMs) {
      await redis.run((c) => c.set(k(key), JSON.stringify(record), { expiration: { type: 'PX', value: ttlMs } }));
    },
    async delete(key) {
      await redis.run((c) => c.del(k(key)));
    },
  };
}
