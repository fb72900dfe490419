/**
 * Issue 29's log, as an operator reads it and as an attacker would hope to use it: one JSON line per request
 * and per service call, with the request id, route pattern, merchant, status, duration and outcome; nothing
 * else. A checkout with a shopper's name, email, phone and address, a refused webhook, a wrong operator token,
 * a forged request id and an upstream failure that echoes secrets and shopper data are all logged, and no line
 * carries any secret, any quote token or access handle, or any of that shopper's data.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ADDRESS, APP_SECRET, CUSTOMER, OPERATOR_TOKEN, PAY, TOKEN, logLines, startStack, type Stack } from './harness.js';
import { assertCleanLogs } from '../hostile/harness.js';
import { LOG_FIELDS, createLogger, errorFields } from '../../src/bff/observability/log.js';
import { createRedactor } from '../../src/bff/errors.js';

const SIGNING_SECRET = 'signing-secret-for-the-log-test-0123456789';
const PHONE = '+1 415 555 0100';
const SHOPPER = { ...CUSTOMER, phone: PHONE };
const SHIPPING = { ...ADDRESS, phone: PHONE };
/** What the service's failure echoes back: the kind of text an upstream error may carry. */
const ECHOING_FAILURE = JSON.stringify({ message: `Platform said no to ${CUSTOMER.email} (${PHONE}) at ${ADDRESS.address_1} with ${APP_SECRET}`, code: 5002 });

let stack: Stack;
/** Quote tokens and access handles seen in answers: bearer values, never logged. */
const bearerValues: string[] = [];
const lines = () => logLines.map((l) => JSON.parse(l) as Record<string, unknown>);

before(async () => {
  // The default `onError` (a log line), not the harness's silent one: errors are logged too.
  stack = await startStack({ operatorToken: OPERATOR_TOKEN, signingSecret: SIGNING_SECRET, onError: undefined, log: { level: 'trace', destination: { write: (l: string) => void logLines.push(l) } } });
  const page = await stack.api('/api/offers?merchant_id=1001&size=20', { headers: { 'x-request-id': 'shopper-1' } });
  const sku = page.body.offers.flatMap((o: any) => o.skus).find((s: any) => s.in_stock && (s.qty_available ?? 9) > 4).id;
  const quote = await stack.api('/api/checkout/quote', {
    method: 'POST',
    headers: { 'x-request-id': 'shopper-2', authorization: `Bearer ${OPERATOR_TOKEN}`, cookie: `session=${TOKEN}` },
    json: { mode: 'direct', lines: [{ sku_id: sku, quantity: 1 }], customer: SHOPPER, shipping_address: SHIPPING },
  });
  assert.equal(quote.body.ready, true, quote.text);
  const place = await stack.api('/api/checkout/place', { method: 'POST', headers: { 'idempotency-key': 'log-test-1' }, json: { quote_token: quote.body.quote_token, payment: PAY } });
  assert.equal(place.status, 201, place.text);
  bearerValues.push(quote.body.quote_token, place.body.access);
  const order = await stack.api(`/api/orders/${place.body.order.id}`, { headers: { 'tote-access': place.body.access } });
  assert.equal(order.status, 200, order.text);
  // A forged request id carrying an email, a wrong operator token, an unsigned webhook with shopper data.
  await stack.api('/api/offers?merchant_id=1002&size=3', { headers: { 'x-request-id': CUSTOMER.email } });
  assert.equal((await stack.api('/api/operator/connection-health', { headers: { authorization: `Bearer ${APP_SECRET}-guess` } })).status, 401);
  assert.equal((await stack.api('/api/webhooks', { method: 'POST', headers: { 'x-service-hmac': 'forged' }, json: { customer: SHOPPER } })).status, 401);
  // An upstream failure whose text echoes the shopper and the app secret, logged as an unexpected error.
  await stack.control('/__sandbox/faults', { json: { merchant_id: 1003, respond_with: { status: 500, body: ECHOING_FAILURE } } });
  const failed = await stack.api('/api/offers?merchant_id=1003&size=4');
  assert.equal(failed.status, 502, failed.text);
  // And an answer that does not read as the contract says, echoing the same: an unexpected error, logged as one.
  await stack.control('/__sandbox/faults', { json: { merchant_id: 1003, respond_with: { status: 200, body: `not json: ${ECHOING_FAILURE}` } } });
  assert.equal((await stack.api('/api/offers?merchant_id=1003&size=5')).status, 502);
  await stack.control('/__sandbox/faults', { method: 'DELETE' });
});
after(() => stack?.close());

describe('the log', () => {
  it('is one JSON line per request, with its id, route pattern, merchant, status, duration and outcome', () => {
    const requests = lines().filter((l) => l.msg === 'request');
    const byId = (id: string) => requests.find((l) => l.request_id === id);
    assert.deepEqual(
      { ...byId('shopper-2'), time: 0, pid: 0, hostname: '', duration_ms: 0 },
      { level: 30, time: 0, pid: 0, hostname: '', msg: 'request', request_id: 'shopper-2', method: 'POST', route: '/checkout/quote', status: 200, duration_ms: 0, outcome: 'ok', merchant_id: 1001 },
    );
    assert.equal(typeof byId('shopper-2')!.duration_ms, 'number');
    const orderLine = requests.find((l) => l.route === '/orders/:id');
    assert.ok(orderLine, 'the order read is logged by its route pattern, never its id');
    assert.equal(requests.find((l) => l.route === '/webhooks')?.status, 401);
    assert.equal(requests.find((l) => l.route === '/operator/connection-health')?.outcome, 'refused');
    const failed = requests.find((l) => l.status === 502)!;
    assert.deepEqual([failed.route, failed.outcome, failed.merchant_id, failed.error_code], ['/offers', 'failed', 1003, 'upstream_unavailable']);
  });

  it('is one line per service call, with the request id it was made for', () => {
    const calls = lines().filter((l) => l.msg === 'service call' && l.request_id === 'shopper-2');
    assert.ok(calls.some((l) => l.route === '/v1/orders/estimate' && l.status === 200 && l.outcome === 'ok' && l.merchant_id === 1001 && l.retries === 0), JSON.stringify(calls));
    const failed = lines().find((l) => l.msg === 'service call' && l.merchant_id === 1003 && l.status === 500);
    assert.ok(failed && failed.outcome === 'failed' && failed.route === '/v1/catalog/offers/merchants/:id', JSON.stringify(failed));
    assert.ok(lines().some((l) => l.msg === 'service state' && l.state === 'unreachable'), 'the 500 is told as the service state');
    const error = lines().find((l) => l.msg === 'unexpected error');
    assert.ok(error && error.level === 50 && typeof error.error_name === 'string' && typeof error.stack === 'string', JSON.stringify(error));
  });

  it('carries only allowlisted fields', () => {
    for (const line of lines()) for (const key of Object.keys(line)) assert.ok(LOG_FIELDS.has(key), `${key} in ${JSON.stringify(line)}`);
  });

  it('never carries a secret, a bearer value, an email, a phone, a name or an address', () => {
    assert.ok(logLines.length > 15, `${logLines.length} lines`);
    assert.equal(assertCleanLogs(logLines, [APP_SECRET, TOKEN, OPERATOR_TOKEN, SIGNING_SECRET, ...bearerValues]), undefined);
  });

  it("logs an error's class and frames, its message only when the code composed it (scrubbed), and drops whatever else a line is handed", () => {
    const written: string[] = [];
    const log = createLogger({ destination: { write: (l: string) => void written.push(l) } }, createRedactor([APP_SECRET]));
    const quoting = new Error(`upstream said: ${ECHOING_FAILURE}`);
    const told = new TypeError(`Cannot read ${CUSTOMER.email} (${PHONE}) with ${APP_SECRET}`);
    for (const error of [quoting, told]) log.error({ msg: 'unexpected error', ...errorFields(error), body: SHOPPER, headers: { authorization: `Bearer ${TOKEN}` }, email: CUSTOMER.email });
    assert.equal(written.length, 2);
    assert.equal(assertCleanLogs(written, [APP_SECRET, TOKEN]), undefined, written.join('\n'));
    const [first, second] = written.map((l) => JSON.parse(l));
    assert.deepEqual(Object.keys(first).sort(), ['error_name', 'hostname', 'level', 'msg', 'pid', 'stack', 'time']);
    assert.match(first.stack, /^\s+at /);
    assert.equal(second.error_message, 'Cannot read [email] ([number]) with [redacted]');
  });

  it('drops an allowed key handed an object, whatever it holds', () => {
    const written: string[] = [];
    const log = createLogger({ destination: { write: (l: string) => void written.push(l) } }, createRedactor([APP_SECRET]));
    log.warn({ msg: 'offer dropped', fields: [{ token: TOKEN }], reason: { headers: { authorization: `Bearer ${TOKEN}` } }, merchant_ids: [1001, 1002] });
    const [line] = written.map((l) => JSON.parse(l));
    assert.equal(assertCleanLogs(written, [APP_SECRET, TOKEN]), undefined, written.join('\n'));
    assert.equal('fields' in line, false);
    assert.equal('reason' in line, false);
    assert.deepEqual(line.merchant_ids, [1001, 1002]);
  });

  it('would have caught one (the scan itself)', () => {
    for (const leak of [CUSTOMER.email, PHONE, ADDRESS.address_1, APP_SECRET, 'someone@else.example']) {
      assert.notEqual(assertCleanLogs([`{"msg":"x ${leak}"}`], [APP_SECRET]), undefined, leak);
    }
  });
});
