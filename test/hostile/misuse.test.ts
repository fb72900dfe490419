/**
 * Group 4 — client misuse, as the BFF sees it: clicks that arrive two and
 * three times, two tabs changing one cart at once, reloads and the back
 * button mid-submission, a shopper going offline while the order is sent,
 * and quantities no form should produce. One attempt, one order; nothing a
 * confused browser sends reaches the service unchecked.
 */
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, assertNoSecrets, place, readyQuote, startStack, type Stack } from './harness.js';

let stack: Stack;

async function inStockSkus(merchantId: number, n = 2) {
  const page = await stack.api(`/api/offers?merchant_id=${merchantId}&size=30`);
  return page.body.offers.flatMap((o: any) => o.skus).filter((s: any) => s.in_stock && (s.qty_available ?? 9) > 6).slice(0, n);
}

/** A ready cart-mode quote: the service cart it names is what a repeated or confused place must submit at most once. */
async function readyCart(merchantIds = [1001]) {
  const q = await readyQuote(stack, merchantIds, { mode: 'cart' });
  return { id: cartIdOf(q.quote_token), token: q.quote_token as string };
}

const cartIdOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')).cart_id;
const submits = (cartId: number) => stack.upstream.filter((c) => c.startsWith(`POST /v1/checkout/cart/${cartId}/submit`)).length;
const submitted = async (cartId: number) => (await stack.control('/__sandbox/orders')).filter((o: any) => o.id === cartId && o.status !== 'IN_PROGRESS').length;
const quote = (json: object) => stack.api('/api/checkout/quote', { method: 'POST', json });

before(async () => {
  stack = await startStack();
});
after(() => stack.close());

describe('4. Client misuse (against the BFF)', () => {
  // Inside the file's describe: at the top level it would run after every test of the process the file shares.
  afterEach(async () => {
    await stack.control('/__sandbox/faults', { method: 'DELETE' });
  });

  it('a double click (two places, one key, at once): one order, one send, both answers the same order', async () => {
    const { id, token } = await readyCart([1001, 1002]);
    const [a, b] = await Promise.all([1, 2].map(() => place(stack, token, 'misuse-double-click-1')));
    assert.equal(a!.status, 201, a!.text);
    assert.equal(b!.status, 201, b!.text);
    assert.equal(a!.body.order.id, b!.body.order.id);
    assert.equal(submits(id), 1);
  });

  it('a triple click that minted three keys: still one order; the extra attempts get a clear 409', async () => {
    const { id, token } = await readyCart();
    const answers = await Promise.all(['a', 'b', 'c'].map((k) => place(stack, token, `misuse-triple-${k}-0001`)));
    const ok = answers.filter((r) => r.status === 201);
    assert.ok(ok.length >= 1, answers.map((r) => r.status).join());
    for (const r of answers.filter((x) => x.status !== 201)) {
      assert.equal(r.status, 409, r.text);
      assert.ok(r.body.error.message.length > 0);
    }
    assert.equal(await submitted(id), 1);
    assert.ok(ok.every((r) => r.body.order.id === id));
  });

  it('a reload while the place is still running re-sends the same key: it waits for the first and answers that order', async () => {
    const { id, token } = await readyCart([1004]);
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, latency_ms: 300 } });
    const first = place(stack, token, 'misuse-reload-mid-submit');
    await new Promise((r) => setTimeout(r, 50));
    const reloaded = await place(stack, token, 'misuse-reload-mid-submit');
    const original = await first;
    assert.equal(original.status, 201, original.text);
    assert.equal(reloaded.status, 201, reloaded.text);
    assert.equal(reloaded.body.order.id, original.body.order.id);
    assert.equal(submits(id), 1);
  });

  it('going offline mid-place (the browser drops the request): the order still completes once, and the retry gets it', async () => {
    const { id, token } = await readyCart([1004]);
    await stack.control('/__sandbox/faults', { json: { merchant_id: 1004, latency_ms: 300 } });
    const aborter = new AbortController();
    const dropped = place(stack, token, 'misuse-offline-submit-1', { signal: aborter.signal }).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 60));
    aborter.abort();
    assert.ok((await dropped) instanceof Error);
    // Back online: the widget presses again with the key it kept (and again while told "still placing").
    let retry;
    for (let i = 0; i < 50; i++) {
      retry = await place(stack, token, 'misuse-offline-submit-1');
      if (retry.status !== 202 && !(retry.status === 409 && retry.body.error.code === 'idempotency_in_progress')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(retry!.status, 201, retry!.text);
    assert.equal(retry!.body.order.id, id);
    assert.equal(submits(id), 1);
    assert.equal(await submitted(id), 1);
  });

  it('the back button after the order, then "Place order" again with a fresh key: 409, never a second order', async () => {
    const { id, token } = await readyCart();
    const placed = await place(stack, token, 'misuse-back-1-first');
    assert.equal(placed.status, 201, placed.text);
    const again = await place(stack, token, 'misuse-back-1-second');
    assert.equal(again.status, 409, again.text);
    // Quoting again from the placed quote starts a new cart: the placed order is never changed through it.
    const [extra] = await inStockSkus(1001, 2);
    const lines = [...placed.body.order.bags[0].skus.map((s: any) => ({ sku_id: s.sku_id, quantity: s.quantity })), { sku_id: extra.id, quantity: 1 }];
    const requote = await quote({ mode: 'cart', lines, quote_token: token });
    assert.equal(requote.status, 200, requote.text);
    assert.notEqual(cartIdOf(requote.body.quote_token), id);
    const order = (await stack.control('/__sandbox/orders')).find((o: any) => o.id === id);
    assert.deepEqual(order.bags.flatMap((b: any) => b.skus.map((s: any) => s.sku_id)), placed.body.order.bags.flatMap((b: any) => b.skus.map((s: any) => s.sku_id)));
    assert.equal(await submitted(id), 1);
  });

  it('direct mode: the same quote placed again with a fresh key, or from two tabs at once, makes one order; a declined first try leaves it placeable', async () => {
    const directOrders = () => stack.upstream.filter((c) => c.startsWith('POST /v1/orders') && !c.startsWith('POST /v1/orders/')).length;
    const { quote_token: token } = await readyQuote(stack, [1001, 1002]);
    const before = directOrders();
    // The first press is declined: nothing was made, so the shopper may pay the same quote with another card.
    const declined = await place(stack, token, 'misuse-direct-declined', { payment: { payment_provider: 'SANDBOX', token: 'tok_sandbox_declined', type: 'SINGLE_USE_CARD_TOKEN' } });
    assert.equal(declined.status, 402, declined.text);
    const first = await place(stack, token, 'misuse-direct-first');
    assert.equal(first.status, 201, first.text);
    const again = await place(stack, token, 'misuse-direct-second');
    assert.equal(again.status, 409, again.text);
    assert.equal(again.body.error.code, 'quote_used');
    assert.equal(directOrders() - before, 2, 'the declined try and the placed one; the fresh key sent nothing');

    // Two tabs, each with its own key, press at once: one order between them.
    const { quote_token: twin } = await readyQuote(stack, [1001]);
    const at = directOrders();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => place(stack, twin, `misuse-direct-tab-${i}`)));
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, 409, 409, 409, 409, 409], answers.map((a) => a.text.slice(0, 120)).join('\n'));
    assert.equal(directOrders() - at, 1);
  });

  it('two tabs re-quoting one cart at once (set quantity, remove, add): every answer is a quote or a clear error, and the cart ends consistent', async () => {
    const [a, b] = await inStockSkus(1001, 2);
    const first = await quote({ mode: 'cart', lines: [{ sku_id: a.id, quantity: 1 }] });
    assert.equal(first.status, 200, first.text);
    const id = cartIdOf(first.body.quote_token);
    const token = first.body.quote_token;
    const answers = await Promise.all([
      quote({ mode: 'cart', lines: [{ sku_id: a.id, quantity: 3 }], quote_token: token }),
      quote({ mode: 'cart', lines: [{ sku_id: b.id, quantity: 1 }], quote_token: token }),
      quote({ mode: 'cart', lines: [{ sku_id: a.id, quantity: 1 }, { sku_id: b.id, quantity: 2 }], quote_token: token }),
      quote({ mode: 'cart', lines: [{ sku_id: a.id, quantity: 5 }], quote_token: token }),
    ]);
    for (const r of answers) assert.ok([200, 404, 409].includes(r.status), `${r.status} ${r.text.slice(0, 200)}`);
    for (const r of answers.filter((x) => x.status === 200)) {
      for (const bag of r.body.bags) assert.equal(bag.sub_total, bag.lines.filter((l: any) => l.available).reduce((n: number, l: any) => n + l.total, 0));
    }
    const final = (await stack.control('/__sandbox/orders')).find((o: any) => o.id === id);
    for (const bag of final.bags) assert.equal(bag.sub_total, bag.skus.reduce((n: number, s: any) => n + s.price * s.quantity, 0));
    // The cart is still one the next quote can bring to what the shopper wants.
    const settled = await quote({ mode: 'cart', lines: [{ sku_id: b.id, quantity: 2 }], quote_token: token });
    assert.equal(settled.status, 200, settled.text);
    assert.deepEqual(settled.body.bags.flatMap((bag: any) => bag.lines.map((l: any) => [l.sku_id, l.quantity])), [[b.id, 2]]);
  });

  for (const quantity of [0, -1, 1.5, '2', 1e9, null, 1e21, true, [1], { n: 1 }, 1001]) {
    it(`a junk quantity ${JSON.stringify(quantity)} is refused with 400 naming the field, before the service`, async () => {
      const [sku] = await inStockSkus(1001, 1);
      const from = stack.upstream.length;
      const res = await quote({ lines: [{ sku_id: sku.id, quantity }], shipping_address: ADDRESS });
      assert.equal(res.status, 400, res.text);
      assert.ok(res.body.error.fields.some((f: any) => f.path === 'lines.0.quantity'), JSON.stringify(res.body.error.fields));
      assert.deepEqual(stack.upstream.slice(from), []);
    });
  }

  it('no answer in this file carried the app secret or token', () => {
    assert.equal(assertNoSecrets(stack.received), undefined);
  });
});
