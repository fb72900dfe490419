// The attempt's state machine (src/checkout/controller/place-attempt.ts), driven with a scripted BFF and an injected clock:
// which answers resend the same key and body, which end the attempt, and the busy bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlaceRequest, PlaceResponse } from '../../src/contract/checkout-api.js';
import { ApiRequestError, type ToteApi } from '../../src/state/api-client.js';
import { LOST_ANSWER_BACKOFF_S, PLACE_BUSY_BOUND_S, type AttemptHooks, type AttemptPhase, runAttempt } from '../../src/checkout/controller/place-attempt.js';

const order = { id: 7, bags: [] } as never;
const placed: PlaceResponse = { status: 'placed', order, access: 'acc-7' };
const lost = () => new ApiRequestError({ status: 0, code: 'network', message: 'The shop could not be reached' });
const err = (status: number, code: string, extra: { retryAfter?: number; merchantId?: number } = {}) =>
  new ApiRequestError({ status, code, message: code, ...extra });
const body: PlaceRequest = { quote_token: 'q1', payment: { token: 'tok', payment_provider: 'SANDBOX' }, currency: 'USD' };

/** A BFF that answers each place with the next scripted answer (an Error is thrown), recording what was sent. */
function scripted(answers: (PlaceResponse | Error)[]) {
  const sent: { key: string; body: PlaceRequest }[] = [];
  const api = {
    place: async (b: PlaceRequest, opts: { idempotencyKey: string }) => {
      sent.push({ key: opts.idempotencyKey, body: b });
      const next = answers.shift();
      if (!next) throw new Error('no more answers scripted');
      if (next instanceof Error) throw next;
      return next;
    },
  } as unknown as ToteApi;
  return { api, sent };
}

/** Hooks with a fake clock: sleeping advances it; phases and waits are recorded. */
function hooks(over: Partial<AttemptHooks> = {}) {
  let now = 1_000_000;
  const phases: AttemptPhase[] = [];
  const waits: number[] = [];
  const recorded: PlaceRequest[] = [];
  const h: AttemptHooks = {
    phase: (p) => void phases.push(p),
    confirm: () => Promise.reject(new Error('this payment needs no confirming')),
    recordSent: (b) => void recorded.push(b),
    giveUpBusy: () => false,
    sleep: async (ms) => {
      waits.push(ms / 1000);
      now += ms;
    },
    now: () => now,
    ...over,
  };
  return { h, phases, waits, recorded };
}

const run = (api: ToteApi, h: AttemptHooks, signal = new AbortController().signal) => runAttempt(api, 'key-1', body, h, signal);

test('lost answers (network, 5xx, in progress, timeout) resend the same key and body with a backoff until an answer', async () => {
  const timeout = new DOMException('No answer in time', 'TimeoutError');
  const { api, sent } = scripted([lost(), err(503, 'upstream_unavailable'), err(409, 'idempotency_in_progress', { retryAfter: 3 }), timeout, placed]);
  const { h, phases, waits } = hooks();
  const outcome = await run(api, h);
  assert.equal(outcome.kind, 'placed');
  assert.equal(sent.length, 5);
  assert.ok(sent.every((s) => s.key === 'key-1' && s.body === body));
  assert.deepEqual(waits, [LOST_ANSWER_BACKOFF_S[0], LOST_ANSWER_BACKOFF_S[1], 3, LOST_ANSWER_BACKOFF_S[2]], 'backoff, or the retry_after given');
  assert.deepEqual(phases, ['sending', 'checking', 'checking', 'checking', 'checking']);
});

test('the backoff stops growing at its last step and the attempt is never abandoned', async () => {
  const { api, sent } = scripted([...Array.from({ length: 12 }, lost), placed]);
  const { h, waits } = hooks();
  assert.equal((await run(api, h)).kind, 'placed');
  assert.equal(sent.length, 13);
  assert.equal(waits.at(-1), LOST_ANSWER_BACKOFF_S.at(-1));
});

test('a lost answer then quote_expired / quote_invalid for the resend is a definite "not placed", handed back', async () => {
  for (const code of ['quote_expired', 'quote_invalid']) {
    const { api, sent } = scripted([lost(), err(code === 'quote_expired' ? 410 : 400, code)]);
    const outcome = await run(api, hooks().h);
    assert.equal(outcome.kind, 'refused');
    assert.equal((outcome as { error: ApiRequestError }).error.code, code);
    assert.equal(sent.length, 2, 'no third send');
  }
});

test('202 pending waits its retry_after and sends the same attempt again', async () => {
  const { api, sent } = scripted([{ status: 'pending', retry_after: 2 }, { status: 'pending', retry_after: 2 }, placed]);
  const { h, phases, waits } = hooks();
  assert.equal((await run(api, h)).kind, 'placed');
  assert.equal(sent.length, 3);
  assert.deepEqual(waits, [2, 2]);
  assert.deepEqual(phases, ['sending', 'pending', 'pending']);
});

test(`a busy shop is resent after its retry_after, for at most ${PLACE_BUSY_BOUND_S} s of waiting, then handed back to ask`, async () => {
  const busy = () => err(429, 'merchant_busy', { merchantId: 1003, retryAfter: 5 });
  const { api, sent } = scripted(Array.from({ length: 10 }, busy));
  const { h, waits } = hooks();
  const outcome = await run(api, h);
  assert.deepEqual(outcome, { kind: 'busy', merchantId: 1003 });
  assert.equal(waits.reduce((a, b) => a + b, 0), 20);
  assert.equal(sent.length, 5, 'four waits of 5 s, then the fifth answer ends it');
  assert.ok(sent.every((s) => s.key === 'key-1'));
});

test('a busy shop then placed: the same attempt, one order', async () => {
  const { api, sent } = scripted([err(429, 'merchant_busy', { merchantId: 1003, retryAfter: 1 }), placed]);
  const { h, phases } = hooks();
  assert.equal((await run(api, h)).kind, 'placed');
  assert.equal(sent.length, 2);
  assert.deepEqual(phases, ['sending', 'busy']);
});

test('the shopper giving up on a busy shop ends the attempt after its answer (known not placed), sending nothing more', async () => {
  const { api, sent } = scripted([err(429, 'merchant_busy', { merchantId: 1003, retryAfter: 5 }), placed]);
  let giveUp = false;
  const { h } = hooks({ giveUpBusy: () => giveUp, sleep: async () => void (giveUp = true) });
  assert.deepEqual(await run(api, h), { kind: 'busy', merchantId: 1003 });
  assert.equal(sent.length, 1);
});

test('definite refusals end the attempt at once: declined, quote_changed, quote_used, duplicate_order', async () => {
  for (const e of [err(402, 'payment_declined'), err(409, 'quote_changed'), err(409, 'quote_used'), err(409, 'duplicate_order')]) {
    const { api, sent } = scripted([e]);
    const outcome = await run(api, hooks().h);
    assert.equal(outcome.kind, 'refused', e.code);
    assert.equal(sent.length, 1);
  }
});

test('requires_action: the adapter confirms, the new body is recorded and sent with the same key', async () => {
  const { api, sent } = scripted([{ status: 'requires_action', payment_intent_client_secret: 's', stripe_key: 'pk' }, lost(), placed]);
  const { h, recorded, phases } = hooks({ confirm: async () => ({ intent_confirmed: true }) });
  assert.equal((await run(api, h)).kind, 'placed');
  assert.deepEqual(sent.map((s) => s.key), ['key-1', 'key-1', 'key-1']);
  assert.deepEqual(sent[1]!.body.payment, { intent_confirmed: true });
  assert.equal(sent[2]!.body, sent[1]!.body, 'the resend after a lost answer is the confirmed body');
  assert.deepEqual(recorded, [sent[1]!.body]);
  assert.deepEqual(phases.slice(0, 3), ['sending', 'confirming', 'sending']);
});

test('a confirm step that fails is a refusal (nothing placed)', async () => {
  const { api } = scripted([{ status: 'requires_action', payment_intent_client_secret: 's', stripe_key: 'pk' }]);
  const failure = Object.assign(new Error('3-D Secure refused'), { name: 'PaymentInputError' });
  const outcome = await run(api, hooks({ confirm: async () => Promise.reject(failure) }).h);
  assert.deepEqual(outcome, { kind: 'refused', error: failure });
});

test('stopped by the page (the checkout left it) while waiting: the attempt stays to be resumed', async () => {
  const { api } = scripted([lost(), placed]);
  const controller = new AbortController();
  const { h } = hooks({
    sleep: (_ms, signal) => {
      controller.abort();
      return Promise.reject(signal.reason);
    },
  });
  assert.deepEqual(await run(api, h, controller.signal), { kind: 'stopped' });
});
