/**
 * One BFF instance as its own process, configured the way an operator does
 * it: `createBffServer(bffConfigFromEnv(process.env))` with `REDIS_URL` in
 * the environment. `TOTE_TEST_BFF` (JSON) adds the test's limits. Prints
 * `listening <port>` once it accepts connections.
 */
import type { AddressInfo } from 'node:net';
import { bffConfigFromEnv, createBffServer } from '../../src/bff/index.js';

const extra = JSON.parse(process.env.TOTE_TEST_BFF ?? '{}') as object;
const server = createBffServer({ ...bffConfigFromEnv(process.env), onError: () => {}, ...extra });
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
