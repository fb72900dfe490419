/**
 * The model's commands: what a shopper does (quote, with or without a discount code, place, press again,
 * confirm a second order, another tab) and what happens to the shop around
 * them (an answer lost on the way back, time passing beyond the quote's
 * expiry, the signing key rotated, Redis paused, full or restarted empty, a
 * shop busy, slow or failing mid-submit, a price rise, another tab editing
 * the cart), some of them landing in the middle of a place.
 */
import fc from 'fast-check';
import type { AsyncCommand } from 'fast-check';
import { ADDRESS, CUSTOMER, PAY } from '../hostile/harness.js';
import type { SkewClock } from './clock.js';
import { describeAnswer, newAttempt, outcomeOf, type Line, type Model, type ModelAttempt, type ModelQuote } from './model.js';
import type { Answer, CheckoutStack } from './stack.js';

/** The BFF limits the model runs with (the documented defaults where time matters: the clock moves instead). */
export const MODEL_BFF = {
  quoteTtlMs: 15 * 60_000,
  placeUnknownWindowMs: 5 * 60_000,
  idempotencyLeaseMs: 10_000,
  /** Short, so that a slow platform makes an unknown outcome without a long wait. */
  upstreamTimeoutMs: 1_000,
  idempotencyWaitMs: 1_000,
};
/** A slow platform: longer than the BFF's upstream deadline. */
const SLOW_MS = 1_300;
/** Platform latency while a race runs, so that the race can land between the BFF's steps. */
const RACE_LATENCY_MS = 250;
/**
 * The codes a quote may carry: `MODEL10` is 10 % off at the first merchant (made by `createModelCodes` after each
 * reset), `NOPE2024` is known nowhere (the quote names it refused and prices without it).
 */
export const MODEL_CODES = { real: 'MODEL10', unknown: 'NOPE2024' } as const;
export type CodeChoice = keyof typeof MODEL_CODES | 'none';
const codesOf = (choice: CodeChoice) => (choice === 'none' ? [] : [MODEL_CODES[choice]]);

/** The shop's side of `MODEL_CODES`: a percentage code at the first merchant the model shops from. */
export const createModelCodes = (r: Pick<Real, 'stack' | 'skus'>) =>
  r.stack.control('/__sandbox/discounts', { json: { code: MODEL_CODES.real, value_type: 'PERCENTAGE', value: 10, merchant_id: r.skus[0]!.merchant_id } });

/** One device: the shopper's two tabs share it (the quote's `device_id`, docs/checkout.md "Two tabs"). */
export const DEVICE_ID = 'model-device-0123456789';

export interface Sku {
  sku_id: number;
  offer_id: number;
  merchant_id: number;
}

export interface Real {
  stack: CheckoutStack;
  clock: SkewClock;
  /** One in-stock SKU per merchant the model shops from. */
  skus: Sku[];
  /** Counts signing keys, for the next rotation's name. */
  rotations: number;
  /** `performance.now()` when the last Redis pause ends. */
  pausedUntil: number;
}

type Cmd = AsyncCommand<Model, Real>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let keys = 0;

function record(m: Model, attempt: ModelAttempt, a: Answer) {
  const { outcome, code } = outcomeOf(a);
  attempt.last = outcome;
  attempt.code = code;
  if (outcome === 'placed') attempt.orderId = a.body.order.id;
  attempt.answers.push(describeAnswer(a));
  // A 409 quote_changed carries the fresh quote the shopper is shown and may place with a new key.
  const fresh = a.body?.quote;
  if (code === 'quote_changed' && fresh?.ready && typeof fresh.quote_token === 'string') {
    const was = m.quotes[attempt.quote]!;
    m.quotes.push({ token: fresh.quote_token, mode: was.mode, total: fresh.totals.total, lines: was.lines, codes: was.codes, epoch: m.epoch, origin: 'changed' });
  }
}

export function quoteBody(mode: 'direct' | 'cart', lines: Line[], codes: string[], previousToken?: string) {
  return {
    mode,
    currency: 'USD',
    lines,
    customer: CUSTOMER,
    shipping_address: ADDRESS,
    device_id: DEVICE_ID,
    ...(codes.length ? { discount_codes: codes } : {}),
    ...(previousToken ? { quote_token: previousToken } : {}),
  };
}

async function askQuote(m: Model, r: Real, mode: 'direct' | 'cart', lines: Line[], codes: string[], origin: ModelQuote['origin'], previousToken?: string) {
  const a = await r.stack.api('/api/checkout/quote', { json: quoteBody(mode, lines, codes, previousToken) });
  if (a.status !== 200 || a.body?.ready !== true) return `${a.status} ${a.body?.error?.code ?? 'not ready'}`;
  // The code must really act: 10 % off exactly when the first merchant's SKU is bought with it, else nothing.
  const discounted = codes.includes(MODEL_CODES.real) && lines.some((l) => l.sku_id === r.skus[0]!.sku_id);
  if (discounted !== a.body.totals.discount_total > 0) throw new Error(`a quote with codes [${codes}] came back with discount ${a.body.totals.discount_total}`);
  m.quotes.push({ token: a.body.quote_token, mode, total: a.body.totals.total, lines, codes, epoch: m.epoch, origin });
  const discount = a.body.totals.discount_total ? ` (discount ${a.body.totals.discount_total})` : '';
  return `quote ${m.quotes.length - 1} total ${a.body.totals.total}${discount}`;
}

const placeBody = (q: ModelQuote, confirm: boolean) => ({ quote_token: q.token, payment: PAY, ...(confirm ? { confirm_duplicate: true as const } : {}) });

function send(r: Real, key: string, body: object, lose: boolean) {
  if (lose) r.stack.proxy.loseNextAnswer('/api/checkout/place');
  return r.stack.api('/api/checkout/place', { json: body, headers: { 'idempotency-key': key } });
}

const merchantsOf = (r: Real, q: ModelQuote) => [...new Set(q.lines.map((l) => r.skus.find((s) => s.sku_id === l.sku_id)!.merchant_id))];
const setFaults = (r: Real, merchantId: number, faults: object) => r.stack.control('/__sandbox/faults', { json: { merchant_id: merchantId, ...faults } });

/** A shopper asks for a quote of some of the shop's SKUs. */
export class QuoteCommand implements Cmd {
  constructor(
    readonly mode: 'direct' | 'cart',
    readonly picks: number[],
    readonly quantity: number,
    readonly code: CodeChoice = 'none',
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const lines = this.picks.map((i) => ({ sku_id: r.skus[i % r.skus.length]!.sku_id, quantity: this.quantity }));
    await askQuote(m, r, this.mode, lines, codesOf(this.code), 'quote');
  }
  toString = () => `quote(${this.mode}, [${this.picks}], x${this.quantity}${this.code === 'none' ? '' : `, code ${MODEL_CODES[this.code]}`})`;
}

/**
 * Something that happens while a place runs, and when: `hold` is the sandbox's timing hold (docs/sandbox.md,
 * `/__sandbox/timing`), the start of the service creating the order (a direct order, a cart's submit), after
 * every check of the BFF; a number is that many ms after the place was sent, with the platform slowed.
 */
export type When = 'hold' | number;
export type Race =
  | { kind: 'none' }
  | { kind: 'price_rise' | 'other_tab_edit' | 'redis_full' | 'redis_restart'; at: When }
  | { kind: 'redis_pause'; at: When; pauseMs: number };
export type Upstream = 'ok' | 'slow' | 'fail_after' | 'reset';

/** Raises the price of a SKU on its merchant's platform by `percent`. */
async function raisePrice(r: Real, sku: Sku, percent: number) {
  const offer = await r.stack.control(`/v1/catalog/offers/${sku.offer_id}`);
  for (const s of offer.skus) if (s.id === sku.sku_id) s.sale_price = Math.round(s.sale_price * (1 + percent / 100)) + 1;
  await r.stack.control('/__sandbox/offers', { json: offer });
}

async function runRace(m: Model, r: Real, q: ModelQuote, race: Race): Promise<string> {
  switch (race.kind) {
    case 'none':
      return '';
    case 'price_rise':
      await raisePrice(r, r.skus.find((s) => s.sku_id === q.lines[0]!.sku_id)!, 15);
      return 'price rose';
    case 'other_tab_edit': {
      // Another tab (a duplicate of this one: same session, same cart) edits what it buys.
      const lines = q.lines.map((l) => ({ ...l, quantity: l.quantity + 1 }));
      return `other tab: ${await askQuote(m, r, q.mode, lines, q.codes, 'other_tab_edit', q.mode === 'cart' ? q.token : undefined)}`;
    }
    case 'redis_full':
      await r.stack.fillRedis(true);
      return 'redis full';
    case 'redis_restart':
      m.redisEra++;
      await r.stack.restartRedisEmpty();
      return 'redis restarted empty';
    case 'redis_pause':
      r.pausedUntil = performance.now() + race.pauseMs;
      await r.stack.pauseRedisWrites(race.pauseMs);
      return `redis paused ${race.pauseMs} ms`;
  }
}

/** "Place order": a new attempt (new key) for a quote, perhaps with something happening to the shop meanwhile. */
export class PlaceCommand implements Cmd {
  constructor(
    readonly pick: number,
    readonly lose: boolean,
    readonly race: Race,
    readonly upstream: Upstream,
  ) {}
  check = (m: Readonly<Model>) => m.quotes.length > 0;
  async run(m: Model, r: Real) {
    const quoteIndex = this.pick % m.quotes.length;
    const q = m.quotes[quoteIndex]!;
    const attempt = newAttempt(`model-${process.pid}-${++keys}`, quoteIndex);
    m.attempts.push(attempt);
    await placeAttempt(m, r, q, attempt, this);
  }
  toString = () =>
    `place(quote ${this.pick}${this.lose ? ', answer lost' : ''}${this.race.kind !== 'none' ? `, ${JSON.stringify(this.race)}` : ''}${this.upstream !== 'ok' ? `, upstream ${this.upstream}` : ''})`;
}

/** Waits (up to 1.5 s) for the place to reach the armed hold; false when it never does (refused before it). */
async function reachedHold(r: Real): Promise<boolean> {
  for (let i = 0; i < 60; i++) {
    const { holds } = await r.stack.control('/__sandbox/timing');
    if (holds.some((h: { waiting: number }) => h.waiting > 0)) return true;
    await sleep(25);
  }
  return false;
}

async function placeAttempt(m: Model, r: Real, q: ModelQuote, attempt: ModelAttempt, how: { lose: boolean; race: Race; upstream: Upstream }) {
  const merchants = merchantsOf(r, q);
  const timed = how.race.kind !== 'none' && how.race.at !== 'hold';
  const latency = how.upstream === 'slow' ? SLOW_MS : timed ? RACE_LATENCY_MS : 0;
  for (const id of merchants) if (latency) await setFaults(r, id, { latency_ms: latency });
  if (how.upstream === 'fail_after' || how.upstream === 'reset') await setFaults(r, merchants[0]!, { fail_submit: how.upstream === 'reset' ? 'reset' : 'after' });
  const held = how.race.kind !== 'none' && how.race.at === 'hold';
  if (held) await r.stack.control('/__sandbox/timing', { json: { at: q.mode === 'cart' ? 'cart_submit' : 'order_create' } });
  attempt.eras.push(m.redisEra);
  const answer = send(r, attempt.key, placeBody(q, attempt.confirmDuplicate), how.lose);
  let raced = '';
  if (how.race.kind !== 'none') {
    const caught = held ? await reachedHold(r) : (await sleep(how.race.at as number), true);
    raced = `${await runRace(m, r, q, how.race)}${caught ? '' : ' (the place never reached the hold)'}`;
    if (held) await r.stack.control('/__sandbox/timing', { method: 'DELETE' });
  }
  const a = await answer;
  if (how.race.kind === 'redis_full') await r.stack.fillRedis(false);
  for (const id of merchants) await setFaults(r, id, { latency_ms: 0, fail_submit: false });
  if (raced) attempt.answers.push(`[${raced} meanwhile]`);
  record(m, attempt, a);
}

/** The shopper presses again, or the page reloads: the same attempt (same key, same body) is sent again. */
export class ResendCommand implements Cmd {
  constructor(readonly pick: number, readonly lose: boolean) {}
  check = (m: Readonly<Model>) => m.attempts.length > 0;
  async run(m: Model, r: Real) {
    const attempt = m.attempts[this.pick % m.attempts.length]!;
    await resend(m, r, attempt, this.lose);
  }
  toString = () => `resend(attempt ${this.pick}${this.lose ? ', answer lost' : ''})`;
}

export async function resend(m: Model, r: Real, attempt: ModelAttempt, lose = false) {
  attempt.eras.push(m.redisEra);
  const a = await send(r, attempt.key, placeBody(m.quotes[attempt.quote]!, attempt.confirmDuplicate), lose);
  record(m, attempt, a);
  return a;
}

/**
 * After 409 `duplicate_order` the shopper confirms that a second order is wanted: the same attempt (its key
 * was freed) sent again with `confirm_duplicate` (docs/checkout.md, "Two tabs").
 */
export class ConfirmDuplicateCommand implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.attempts.some((a) => a.code === 'duplicate_order');
  async run(m: Model, r: Real) {
    const refused = m.attempts.filter((a) => a.code === 'duplicate_order');
    const attempt = refused[this.pick % refused.length]!;
    attempt.confirmDuplicate = true;
    await placeAttempt(m, r, m.quotes[attempt.quote]!, attempt, { lose: false, race: { kind: 'none' }, upstream: 'ok' });
  }
  toString = () => `confirmDuplicate(${this.pick})`;
}

/**
 * Minutes pass for the BFF: first the sandbox finishes what it still works on, as the service would in
 * that time (a request the BFF stopped waiting for included, service-watch.ts). Moving the clock over a
 * request still running would make the service create an order long after the BFF's documented window
 * (`placeUnknownWindowMs`, the "risk left" of docs/bff.md), which the real service does not do.
 */
export async function passTime(r: Real, ms: number) {
  await r.stack.service.idle();
  r.clock.advance(ms);
}

/** Time passes beyond every quote's expiry (a laptop sleeps, a tab waits overnight). */
export class ExpireCommand implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    await passTime(r, MODEL_BFF.quoteTtlMs + 1_000);
    m.epoch++;
  }
  toString = () => 'expireQuotes()';
}

/** The operator rotates the signing key: the BFF restarts signing with a new one and still accepting the last. */
export class RotateKeyCommand implements Cmd {
  check = () => true;
  async run(_m: Model, r: Real) {
    await r.stack.restartBff({ current: `model-signing-key-${++r.rotations}`, previous: r.stack.signing.current });
  }
  toString = () => 'rotateSigningKey()';
}

/** Redis goes away and comes back empty between two presses. */
export class RedisRestartCommand implements Cmd {
  check = () => true;
  async run(m: Model, r: Real) {
    m.redisEra++;
    await r.stack.restartRedisEmpty();
  }
  toString = () => 'restartRedisEmpty()';
}

/** A merchant's platform gets busy (every second call 429, as in the README's fault example), or recovers. */
export class BusyCommand implements Cmd {
  constructor(readonly pick: number, readonly on: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = r.skus[this.pick % r.skus.length]!.merchant_id;
    await setFaults(r, id, { rate_limit_every: this.on ? 2 : 0, retry_after_s: 1 });
    if (this.on) m.busy.add(id);
    else m.busy.delete(id);
  }
  toString = () => `busy(merchant ${this.pick}, ${this.on})`;
}

const when: fc.Arbitrary<When> = fc.oneof(fc.constant('hold' as const), fc.integer({ min: 0, max: 600 }));
const race: fc.Arbitrary<Race> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  fc.record({ kind: fc.constantFrom('price_rise' as const, 'other_tab_edit' as const, 'redis_full' as const, 'redis_restart' as const), at: when }),
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('redis_pause' as const), at: when, pauseMs: fc.constantFrom(600, 2_500) }) },
);
const upstream: fc.Arbitrary<Upstream> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('ok' as const) },
  fc.constantFrom('slow' as const, 'fail_after' as const, 'reset' as const),
);

/** Every command with its arguments; quotes and places are the most frequent. */
export function modelCommands(maxCommands: number) {
  const quote = fc
    .tuple(
      fc.constantFrom('direct' as const, 'cart' as const),
      fc.subarray([0, 1, 2], { minLength: 1 }),
      fc.integer({ min: 1, max: 2 }),
      fc.constantFrom<CodeChoice>('none', 'real', 'real', 'unknown'),
    )
    .map(([mode, picks, quantity, code]) => new QuoteCommand(mode, picks, quantity, code));
  const place = fc.tuple(fc.nat(), fc.boolean(), race, upstream).map(([pick, lose, r, u]) => new PlaceCommand(pick, lose, r, u));
  const again = fc.tuple(fc.nat(), fc.boolean()).map(([pick, lose]) => new ResendCommand(pick, lose));
  // fc.commands picks among its arbitraries evenly: listing one twice makes it twice as frequent.
  return fc.commands(
    [
      quote,
      quote,
      place,
      place,
      place,
      again,
      again,
      fc.nat().map((pick) => new ConfirmDuplicateCommand(pick)),
      fc.constant(new ExpireCommand()),
      fc.constant(new RotateKeyCommand()),
      fc.constant(new RedisRestartCommand()),
      fc.tuple(fc.nat(), fc.boolean()).map(([pick, on]) => new BusyCommand(pick, on)),
    ],
    { maxCommands },
  );
}
