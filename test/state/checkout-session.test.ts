import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CheckoutSession, clampStep, initialCheckoutState, type CheckoutFacts } from '../../src/checkout/rules/checkout-session.js';
import { emptyAddress } from '../../src/checkout/rules/checkout-address.js';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
}
const throwing = {
  getItem(): string { throw new DOMException('denied', 'SecurityError'); },
  setItem(): void { throw new DOMException('full', 'QuotaExceededError'); },
  removeItem(): void { throw new DOMException('denied', 'SecurityError'); },
};

const facts: CheckoutFacts = { lineCount: 3, blockingLines: 0, merchantIds: ['1001', '1002'] };
const address = { ...emptyAddress('US'), first_name: 'Ada', last_name: 'L', email: 'a@b.co', address_1: '1 Main', city: 'SF', state: 'CA', postal_code: '94105' };

test('a reload (new session on the same storage) comes back to the same step with the input kept', () => {
  const storage = new MemoryStorage();
  const s1 = new CheckoutSession({ storage, mode: 'cart' });
  s1.update({ shipping: address });
  s1.selectShipping(1001, 'std');
  s1.selectShipping(1002, 'exp');
  assert.equal(s1.goTo('payment', facts), 'payment');
  const s2 = new CheckoutSession({ storage, mode: 'cart' });
  assert.equal(s2.state.step, 'payment');
  assert.deepEqual(s2.state.shipping, address);
  assert.deepEqual(s2.state.selections, { '1001': 'std', '1002': 'exp' });
});

test('steps cannot be skipped: the furthest open step follows what is filled in', () => {
  const s = new CheckoutSession({ storage: null });
  assert.equal(s.goTo('confirm', facts), 'address');
  s.update({ shipping: address });
  assert.equal(s.goTo('confirm', facts), 'shipping');
  s.selectShipping(1001, 'std');
  assert.equal(s.goTo('confirm', facts), 'shipping');
  s.selectShipping(1002, 'std');
  assert.equal(s.goTo('confirm', facts), 'payment');
  s.update({ payment: { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa' } });
  assert.equal(s.goTo('confirm', facts), 'confirm');
  assert.equal(s.goTo('address', facts), 'address', 'going back is always allowed');
  assert.equal(clampStep(s.state, { ...facts, blockingLines: 1 }, 'confirm'), 'review', 'a flagged line sends the shopper back to review');
  assert.equal(clampStep(s.state, { ...facts, lineCount: 0 }, 'payment'), 'review');
});

test('the idempotency key stays while the attempt is pending and changes after a definite failure', () => {
  const storage = new MemoryStorage();
  const s = new CheckoutSession({ storage });
  const k1 = s.beginAttempt();
  assert.equal(s.beginAttempt(), k1, 'double click: same key');
  assert.equal(new CheckoutSession({ storage }).beginAttempt(), k1, 'reload mid-submit: same key');
  s.failAttempt();
  const k2 = s.beginAttempt();
  assert.notEqual(k2, k1);
  s.markPlaced(42, 'acc');
  assert.equal(s.state.step, 'placed');
  assert.equal(s.state.attempt, undefined);
  assert.equal(s.state.payment, undefined);
});

test("a reload on the confirmation keeps the placed order's address lines (the quote's), only the strings", () => {
  const storage = new MemoryStorage();
  new CheckoutSession({ storage }).markPlaced(42, 'acc', ['Ana Souza', 'São Paulo-SP', '01310-100', 'Brazil']);
  assert.deepEqual(new CheckoutSession({ storage }).state.placed, { orderId: 42, access: 'acc', address: ['Ana Souza', 'São Paulo-SP', '01310-100', 'Brazil'] });
  storage.setItem('tote:checkout:cart', JSON.stringify({ v: 2, mode: 'cart', placed: { orderId: 42, access: 'acc', address: ['A', { html: '<b>' }, 7, 'B'] } }));
  assert.deepEqual(new CheckoutSession({ storage }).state.placed?.address, ['A', 'B']);
});

test('tampered storage is survived, keeping only what is well formed', () => {
  const storage = new MemoryStorage();
  storage.setItem('tote:checkout:cart', JSON.stringify({
    v: 2, mode: 'cart', step: 'pwned', shipping: { city: 'Oslo', first_name: 5 },
    selections: { '1001': 'ok', 'x': 'bad', '1002': { a: 1 } }, quoted: { '1001': 7 }, quoteToken: { t: 1 },
    attempt: { key: '<script>', status: 'pending' }, payment: { token: 7 }, placed: { orderId: 1 },
  }));
  const s = new CheckoutSession({ storage });
  assert.equal(s.state.step, 'review');
  assert.equal(s.state.shipping.city, 'Oslo');
  assert.equal(s.state.shipping.first_name, '');
  assert.deepEqual(s.state.selections, { '1001': 'ok' });
  assert.deepEqual(s.state.quoted, {});
  assert.equal(s.state.quoteToken, undefined);
  assert.equal(s.state.attempt, undefined);
  assert.equal(s.state.payment, undefined);
  assert.equal(s.state.placed, undefined);
  for (const junk of ['{', 'null', '[]', '"x"', JSON.stringify({ v: 99, mode: 'cart', step: 'payment' })]) {
    storage.setItem('tote:checkout:cart', junk);
    assert.deepEqual(new CheckoutSession({ storage }).state, initialCheckoutState('cart'));
  }
});

test('storage that throws on every call leaves a working in-memory session', () => {
  const s = new CheckoutSession({ storage: throwing });
  s.update({ shipping: address });
  assert.equal(s.goTo('shipping', facts), 'shipping');
  assert.equal(s.state.shipping.city, 'SF');
});

test('cart and direct checkouts keep separate sessions', () => {
  const storage = new MemoryStorage();
  new CheckoutSession({ storage, mode: 'cart' }).update({ shipping: address });
  assert.equal(new CheckoutSession({ storage, mode: 'direct' }).state.shipping.city, '');
});

test('reset starts over but keeps the address for the next order', () => {
  const s = new CheckoutSession({ storage: null });
  s.update({ shipping: address, selections: { '1001': 'a' } });
  s.markPlaced(5, 'x');
  s.reset();
  assert.equal(s.state.step, 'review');
  assert.deepEqual(s.state.selections, {});
  assert.equal(s.state.placed, undefined);
  assert.equal(s.state.shipping.city, 'SF');
});
