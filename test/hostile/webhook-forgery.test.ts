/**
 * Issue 15, items 4, 5 and 6 — webhooks whose headers lie, a platform too
 * slow to wait for, and a secret being rotated. The signature covers the
 * body only: an attacker holding any validly signed body (here: signed in
 * the test, as the service would have) chooses every header.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { placeOrder, openEvents, sign, startBff, startFakeUpstream, startStack, assertNoSecrets, HEALTHY_REPORT, sendJson, type Stack } from './harness.js';

interface PlacedOrder {
  id: number;
  bags: { id: number; merchant_id: number }[];
}

let stack: Stack;
let victim: PlacedOrder;
let victimAccess: string;
let other: PlacedOrder;

const withBags = (order: PlacedOrder, status: string, fulfillment: string | null, financial: string) => ({
  ...order,
  bags: order.bags.map((b) => ({ ...b, status, fulfillment_status: fulfillment, financial_status: financial })),
});

function deliver(raw: string, headers: Record<string, string>, to: Pick<Stack, 'api'> = stack) {
  return to.api('/api/webhooks', { method: 'POST', body: raw, headers: { 'content-type': 'application/json', ...headers } });
}

/** Headers an attacker picks freely around a signed body. */
const forged = (raw: string, topic: string, orderId: number, bagId: number, secret?: string) => ({
  'x-service-topic': topic,
  'x-service-event-id': randomUUID(),
  'x-service-hmac': sign(raw, secret),
  'x-service-order-id': String(orderId),
  'x-service-bag-id': String(bagId),
});

before(async () => {
  stack = await startStack({ appSecretPrevious: 'the-secret-before-the-rotation' });
  ({ order: victim, access: victimAccess } = await placeOrder(stack, [1001], 'forgery-victim-1'));
  ({ order: other } = await placeOrder(stack, [1002], 'forgery-other-1', { currency: 'JPY' }));
});
after(() => stack.close());

describe('15.4 — forged webhook headers', () => {
  it('signed bodies resent under another order’s headers move nothing; genuine later events still arrive', async () => {
    const stream = await openEvents(`${stack.base}/api/orders/${victim.id}/events?access=${victimAccess}`);
    try {
      await stream.until((e) => e.event === 'order');
      const bag = victim.bags[0]!.id;
      const attacks: [string, string][] = [
        // An unrelated merchant event, validly signed.
        [JSON.stringify({ merchant_id: 1001, reason: 'CONNECTION_HEALTH_CHECK' }), 'ORDER_CANCELED'],
        // Another order's genuine cancellation and refund.
        [JSON.stringify(withBags(other, 'CANCELED', null, 'VOIDED')), 'ORDER_CANCELED'],
        [JSON.stringify(withBags(other, 'REFUNDED', 'DELIVERED', 'REFUNDED')), 'ORDER_REFUNDED'],
        // An offer event.
        [JSON.stringify({ id: 5, merchant_id: 1001, name: 'x', currency: 'USD' }), 'ORDER_REFUNDED'],
        // Nothing at all.
        ['', 'ORDER_CANCELED'],
      ];
      for (const [raw, topic] of attacks) {
        const res = await deliver(raw, forged(raw, topic, victim.id, bag));
        assert.equal(res.status, 400, `${topic} with ${raw.slice(0, 60)}: ${res.status} ${res.text}`);
      }
      // The victim's own body naming a bag it does not have.
      const own = JSON.stringify(withBags(victim, 'CANCELED', null, 'VOIDED'));
      assert.equal((await deliver(own, forged(own, 'ORDER_CANCELED', victim.id, other.bags[0]!.id))).status, 400);

      // The genuine shipment after the attack reaches the shopper.
      const shipped = JSON.stringify(withBags(victim, 'ACCEPTED', 'SHIPPED', 'PAID'));
      assert.equal((await deliver(shipped, forged(shipped, 'ORDER_SHIPPED', victim.id, bag))).status, 200);
      await stream.until((e) => e.event === 'bag' && e.data.fulfillment_status === 'SHIPPED');
      const bags = stream.events.filter((e) => e.event === 'bag').map((e) => e.data);
      assert.deepEqual(bags.map((e) => [e.order_id, e.status]), [[victim.id, 'ACCEPTED']]);
    } finally {
      stream.close();
    }
  });

  it('the topic is a hint: a body that says ACCEPTED under ORDER_REFUNDED is applied as ACCEPTED, and a later real refund still lands', async () => {
    const stream = await openEvents(`${stack.base}/api/orders/${victim.id}/events?access=${victimAccess}`);
    try {
      await stream.until((e) => e.event === 'order');
      const bag = victim.bags[0]!.id;
      const delivered = JSON.stringify(withBags(victim, 'ACCEPTED', 'DELIVERED', 'PAID'));
      assert.equal((await deliver(delivered, forged(delivered, 'ORDER_REFUNDED', victim.id, bag))).status, 200);
      await stream.until((e) => e.event === 'bag' && e.data.fulfillment_status === 'DELIVERED');
      const refunded = JSON.stringify(withBags(victim, 'REFUNDED', 'DELIVERED', 'REFUNDED'));
      assert.equal((await deliver(refunded, forged(refunded, 'ORDER_REFUNDED', victim.id, bag))).status, 200);
      await stream.until((e) => e.event === 'bag' && e.data.status === 'REFUNDED');
      const states = stream.events.filter((e) => e.event === 'bag').map((e) => e.data.status);
      assert.deepEqual(states, ['ACCEPTED', 'REFUNDED']);
    } finally {
      stream.close();
    }
  });

  it('a forged offer or merchant topic around an order body drops no cache', async () => {
    await stack.api('/api/offers?merchant_id=1003&size=3');
    const raw = JSON.stringify(withBags(other, 'ACCEPTED', null, 'PAID'));
    // An Order names no merchant an offer event could be about.
    const offer = await deliver(raw, { 'x-service-topic': 'OFFER_UPDATED', 'x-service-event-id': randomUUID(), 'x-service-hmac': sign(raw) });
    assert.equal(offer.status, 400, offer.text);
    // A merchant event's body is the Merchant entity ({ id, … }): an order's id reads as a merchant id, never as merchant 1003's.
    assert.notEqual(other.id, 1003);
    await deliver(raw, { 'x-service-topic': 'MERCHANT_DISCONNECTED', 'x-service-event-id': randomUUID(), 'x-service-hmac': sign(raw) });
    const from = stack.upstream.length;
    await stack.api('/api/offers?merchant_id=1003&size=3');
    assert.deepEqual(stack.upstream.slice(from).filter((c) => c.includes('/merchants/1003')), []);
  });
});

describe('15.6 — secret rotation', () => {
  it('accepts bodies signed with SERVICE_APP_SECRET or SERVICE_APP_SECRET_PREVIOUS, refuses any other', async () => {
    const bag = other.bags[0]!.id;
    const accepted = JSON.stringify(withBags(other, 'ACCEPTED', 'PROCESSING', 'PAID'));
    assert.equal((await deliver(accepted, forged(accepted, 'ORDER_ACCEPTED', other.id, bag, 'the-secret-before-the-rotation'))).status, 200);
    const shipped = JSON.stringify(withBags(other, 'ACCEPTED', 'SHIPPED', 'PAID'));
    assert.equal((await deliver(shipped, forged(shipped, 'ORDER_SHIPPED', other.id, bag))).status, 200);
    for (const secret of ['the-secret-before-the-rotation-2', 'sandbox-secret ', 'guess', 'the-secret-before-the-rotationthe-secret-before-the-rotation']) {
      const res = await deliver(shipped, forged(shipped, 'ORDER_SHIPPED', other.id, bag, secret));
      assert.equal(res.status, 401, secret);
    }
  });

  it('without a previous secret configured, the old one is refused', async () => {
    const plain = await startBff(stack.sandboxUrl);
    try {
      const raw = JSON.stringify(withBags(other, 'ACCEPTED', 'SHIPPED', 'PAID'));
      const res = await deliver(raw, forged(raw, 'ORDER_SHIPPED', other.id, other.bags[0]!.id, 'the-secret-before-the-rotation'), plain);
      assert.equal(res.status, 401);
    } finally {
      await plain.close();
    }
  });
});

describe('15.5 — webhooks are answered without waiting on the platform', () => {
  /** A merchant health endpoint that answers only when the test says so. */
  async function slowPlatform() {
    const held: ServerResponse[] = [];
    let hits = 0;
    const waiters: (() => void)[] = [];
    const upstream = await startFakeUpstream({
      'GET /v1/operations/connection_health/1001': (req, res) => {
        hits++;
        held.push(res);
        for (const w of waiters.splice(0)) w();
      },
    });
    return {
      upstream,
      get hits() {
        return hits;
      },
      release() {
        for (const res of held.splice(0)) sendJson(res, 200, HEALTHY_REPORT);
      },
      /** Resolves once `n` re-reads have arrived (the test budget, not a timing assertion). */
      hitsReach(n: number, budgetMs = 5_000) {
        return new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`only ${hits} re-reads arrived`)), budgetMs);
          const check = () => (hits >= n ? (clearTimeout(timer), resolve()) : waiters.push(check));
          check();
        });
      },
    };
  }

  /** Answers `delivery` — or fails if it only answers once the platform is let go (after `budgetMs`). */
  async function answeredWhileHeld<T>(platform: { release(): void }, delivery: Promise<T>, budgetMs = 4_000): Promise<T> {
    let releasedFirst = false;
    const timer = setTimeout(() => {
      releasedFirst = true;
      platform.release();
    }, budgetMs);
    try {
      const answer = await delivery;
      assert.equal(releasedFirst, false, 'the webhook was answered only after the platform answered');
      return answer;
    } finally {
      clearTimeout(timer);
    }
  }

  it('a merchant event is acknowledged while the re-read of that merchant is still pending; a burst re-reads once more, not once each', async () => {
    const platform = await slowPlatform();
    const bff = await startBff(platform.upstream.url, { upstreamTimeoutMs: 30_000, merchantRefreshIntervalMs: 0 });
    try {
      const event = () => {
        const raw = JSON.stringify({ merchant_id: 1001, reason: 'CONNECTION_HEALTH_CHECK' });
        return deliver(raw, { 'x-service-topic': 'MERCHANT_NEEDS_ATTENTION', 'x-service-event-id': randomUUID(), 'x-service-hmac': sign(raw) }, bff);
      };
      const first = await answeredWhileHeld(platform, event());
      assert.equal(first.status, 200, first.text);
      await platform.hitsReach(1);
      const burst = await answeredWhileHeld(platform, Promise.all(Array.from({ length: 5 }, event)));
      assert.ok(burst.every((r) => r.status === 200));
      assert.equal(platform.hits, 1, 'a second re-read started while the first was pending');
      platform.release();
      // The burst asked for one more re-read after the first.
      await platform.hitsReach(2);
      platform.release();
      await bff.api('/api/health');
      assert.equal(platform.hits, 2);
    } finally {
      platform.release();
      await bff.close();
      await platform.upstream.close();
    }
  });

  it('an order event is acknowledged within the budget even when the shared store stalls; the event still lands', async () => {
    let unstall!: () => void;
    const stalled = new Promise<void>((r) => (unstall = r));
    const advanced: string[] = [];
    const bff = await startBff(stack.sandboxUrl, {
      webhookAckBudgetMs: 200,
      webhookLedger: {
        firstDelivery: async () => true,
        forget: async () => {},
        recordBagEvent: async () => {},
        orderHistory: async () => [],
        advanceBag: async (key) => {
          await stalled;
          advanced.push(key);
          return true;
        },
      },
    });
    try {
      const raw = JSON.stringify(withBags(other, 'ACCEPTED', 'DELIVERED', 'PAID'));
      const res = await answeredWhileHeld({ release: unstall }, deliver(raw, forged(raw, 'ORDER_DELIVERED', other.id, other.bags[0]!.id), bff));
      assert.equal(res.status, 200);
      assert.deepEqual(advanced, []);
      unstall();
      await bff.api('/api/health');
      assert.deepEqual(advanced, [`${other.id}:${other.bags[0]!.id}`]);
    } finally {
      unstall();
      await bff.close();
    }
  });
});

describe('15 — webhook answers', () => {
  it('carried no secret', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
