/**
 * A channel's webhook receiver that is down until told otherwise (answers 503, then 200 once `up` is set):
 * the deliveries that fail while it is down are the ones the operator redelivers. Shared by the BFF and
 * e2e tests of the order desk.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startWebhookReceiver() {
  const state = { up: false, got: [] as IncomingHttpHeaders[] };
  const server = createServer((req, res) => {
    state.got.push(req.headers);
    req.resume();
    res.writeHead(state.up ? 200 : 503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
