import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { OrderSchema, RefundSchema } from '../../src/contract/index.js';
import { directOrder, receiver, sandbox, type TestSandbox } from './support.js';

describe('sandbox order cancellations and refunds', () => {
  let sb: TestSandbox;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  before(async () => {
    hooks = await receiver();
    sb = await sandbox({ webhookUrls: [hooks.url] });
  });
  beforeEach(() => sb.post('/__sandbox/reset'));
  after(async () => {
    await sb.close();
    await hooks.close();
  });

  async function place(...merchants: number[]) {
    const skus = await Promise.all(merchants.map((m) => sb.skuOf(m)));
    const res = await sb.post('/v1/orders', directOrder(skus.map((sku) => ({ sku, quantity: 2 }))));
    assert.equal(res.status, 200);
    return { order: OrderSchema.parse(res.body), skus };
  }
  const stockOf = async (sku: any) => (await sb.get(`/v1/catalog/skus/${sku.id}`)).body.qty_available;

  it('cancels one bag before it ships: voided when only authorized, stock back, the event sent, no refund', async () => {
    const { order, skus } = await place(1001, 1003);
    const before = await stockOf(skus[0]);
    const bag = order.bags[0]!;
    const res = await sb.post(`/v1/orders/${order.id}/bags/${bag.id}/cancel`, { reason: 'changed my mind', reason_code: 'CUSTOMER_REQUEST', restock_items: true, notify_customer: false });
    assert.equal(res.status, 200);
    const after = OrderSchema.parse(res.body);
    assert.deepEqual(after.bags.map((b) => [b.status, b.financial_status]), [['CANCELED', 'VOIDED'], ['SUBMITTED', 'AUTHORIZED']]);
    assert.equal(await stockOf(skus[0]), before + 2);
    await hooks.waitFor(1, (r) => r.headers['x-service-topic'] === 'ORDER_CANCELED');
    assert.deepEqual((await sb.get(`/v1/orders/${order.id}/refunds`)).body, []);
  });

  it('refunds a captured bag it cancels, and lists the refund per order, per bag and by id', async () => {
    const { order } = await place(1001, 1003);
    const bag = order.bags[1]!;
    await sb.post(`/__sandbox/orders/${order.id}/advance`, { bag_id: bag.id });
    const res = await sb.post(`/v1/orders/${order.id}/bags/${bag.id}/cancel`, { reason: 'out of season', restock_items: false });
    assert.equal(res.body.bags[1].financial_status, 'REFUNDED');
    const refunds = (await sb.get(`/v1/orders/${order.id}/refunds`)).body.map((r: unknown) => RefundSchema.parse(r));
    assert.equal(refunds.length, 1);
    const [refund] = refunds;
    assert.deepEqual(
      [refund.bag_id, refund.amount, refund.refund_currency, refund.reason, refund.status, refund.skus.map((s: any) => s.quantity_refunded)],
      [bag.id, bag.total, bag.currency, 'out of season', 'COMPLETED', [2]],
    );
    assert.equal(refund.transaction_id, bag.transactions?.[0]?.id);
    assert.deepEqual((await sb.get(`/v1/orders/${order.id}/bags/${bag.id}/refunds`)).body, refunds.map((r: unknown) => JSON.parse(JSON.stringify(r))));
    assert.deepEqual((await sb.get(`/v1/orders/${order.id}/bags/${order.bags[0]!.id}/refunds`)).body, []);
    assert.equal((await sb.get(`/v1/orders/${order.id}/refunds/${refund.id}`)).body.id, refund.id);
    assert.equal((await sb.get(`/v1/orders/${order.id}/refunds/1`)).status, 404);
  });

  it('refuses to cancel a shipped bag, a cancelled one, a cart never placed; an order cancel is all or nothing', async () => {
    const { order } = await place(1001, 1003);
    const [first, second] = order.bags as [any, any];
    await sb.post(`/__sandbox/orders/${order.id}/advance`, { bag_id: first.id });
    await sb.post(`/__sandbox/orders/${order.id}/advance`, { bag_id: first.id });
    const shipped = await sb.post(`/v1/orders/${order.id}/bags/${first.id}/cancel`, {});
    assert.equal(shipped.status, 409);
    assert.match(shipped.body.message, /has shipped/);
    const whole = await sb.post(`/v1/orders/${order.id}/cancel`, {});
    assert.equal(whole.status, 409);
    assert.equal((await sb.get(`/v1/orders/${order.id}`)).body.bags[1].status, 'SUBMITTED', 'nothing was cancelled');
    assert.equal((await sb.post(`/v1/orders/${order.id}/bags/${second.id}/cancel`, {})).status, 200);
    assert.equal((await sb.post(`/v1/orders/${order.id}/bags/${second.id}/cancel`, {})).status, 409);
    assert.equal((await sb.post(`/v1/orders/${order.id}/bags/1/cancel`, {})).status, 404);
    const cart = await sb.post('/v1/checkout/cart', { skus: [{ sku_id: (await sb.skuOf(1001)).id, quantity: 1 }] });
    assert.equal((await sb.post(`/v1/orders/${cart.body.id}/cancel`, {})).status, 409);
    assert.equal((await sb.post(`/v1/orders/${order.id}/bags/${second.id}/cancel`, { restock_items: 'yes' })).status, 400);
  });

  it('cancels a whole order and its status follows', async () => {
    const { order } = await place(1001, 1003);
    const res = await sb.post(`/v1/orders/${order.id}/cancel`, { reason: 'fraud check' });
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'CANCELED');
    assert.deepEqual(res.body.bags.map((b: any) => b.status), ['CANCELED', 'CANCELED']);
  });
});
