/**
 * Issue 25.9 — rotating the app secret while the signing key is derived from
 * it (no `TOTE_SIGNING_SECRET`). The new deployment has
 * `SERVICE_APP_SECRET` = the new secret and `SERVICE_APP_SECRET_PREVIOUS` =
 * the old one: quotes and order-page access handles signed before the
 * rotation stay valid (verified with the old secret's derived key); without
 * the previous secret they are not.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { ACCESS_HEADER } from '../../src/contract/api.js';
import { bffConfigFromEnv } from '../../src/bff/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { listen, place, readyQuote, startBff, stop } from '../hostile/harness.js';

const OLD = 'app-secret-before-rotation';
const NEW = 'app-secret-after-rotation';

let sandbox: Sandbox;
let oldSecretProxy: Server;
let oldSecretUrl: string;

before(async () => {
  // The service already takes the new secret; the BFF deployed before the rotation reaches it through
  // a proxy that swaps its old secret for the new one (the service's side of the rotation).
  sandbox = await startSandbox({ port: 0, appSecret: NEW });
  oldSecretProxy = createServer((req, res) => {
    const upstream = httpRequest(new URL(req.url ?? '/', sandbox.url), { method: req.method, headers: { ...req.headers, 'x-service-app-secret': NEW } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  oldSecretUrl = await listen(oldSecretProxy);
});
after(async () => {
  await stop(oldSecretProxy);
  await sandbox.close();
});

describe('rotating the app secret with a derived signing key', () => {
  it('keeps quotes and access handles signed before the rotation valid while the previous secret is set', async () => {
    const before = await startBff(oldSecretUrl, { appSecret: OLD });
    const placedBefore = await (async () => {
      const q = await readyQuote(before, [1001]);
      const res = await place(before, q.quote_token, 'rotation-placed-1');
      assert.equal(res.status, 201, res.text);
      return res.body;
    })();
    const unplaced = await readyQuote(before, [1001]);
    await before.close();

    const rotated = await startBff(sandbox.url, bffConfigFromEnv({
      SERVICE_BASE_URL: sandbox.url,
      SERVICE_APP_ID: '10001',
      SERVICE_APP_SECRET: NEW,
      SERVICE_APP_SECRET_PREVIOUS: OLD,
      SERVICE_TOKEN: 'sandbox-token',
    }));
    const notRotated = await startBff(sandbox.url, { appSecret: NEW });
    try {
      const page = `/api/orders/${placedBefore.order.id}`;
      const order = await rotated.api(page, { headers: { [ACCESS_HEADER]: placedBefore.access } });
      assert.equal(order.status, 200, order.text);
      assert.equal(order.body.order.id, placedBefore.order.id);
      const placed = await place(rotated, unplaced.quote_token, 'rotation-after-1');
      assert.equal(placed.status, 201, placed.text);

      // The same deployment without the previous secret: everything signed before is refused.
      assert.equal((await notRotated.api(page, { headers: { [ACCESS_HEADER]: placedBefore.access } })).status, 404);
      const refused = await place(notRotated, unplaced.quote_token, 'rotation-after-2');
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.body.error.code, 'quote_invalid');
    } finally {
      await rotated.close();
      await notRotated.close();
    }
  });
});
