/**
 * `npm start`: the demo storefront. Starts the sandbox (unless
 * SERVICE_BASE_URL points at a service), mounts the BFF at /api inside a Vite
 * dev server on 127.0.0.1:5173 (PORT), registers the BFF's webhook URL for
 * every consumed topic (`POST /v1/events/webhooks`), and prints where to go. With REDIS_URL set the BFF keeps
 * its state on that Redis (see docs/deploy.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { startSandbox, DEFAULT_CREDENTIALS, type Sandbox } from '../src/sandbox/index.js';
import { bffConfigFromEnv, syncWebhooks, toteBffVitePlugin, type BffConfig } from '../src/bff/index.js';
import { createServiceClient } from '../src/contract/client.js';
import { demoTestHooks } from './test-hooks.js';
import { demoSsr } from './ssr.js';

export interface DemoOptions {
  port?: number;
  host?: string;
  env?: Record<string, string | undefined>;
  /** Print the banner (off in tests). */
  quiet?: boolean;
}

export interface Demo {
  url: string;
  serviceUrl: string;
  operatorToken: string;
  close(): Promise<void>;
}

/**
 * Registers the BFF's webhook URL for every topic it consumes, as the service takes it (`POST /v1/events/webhooks`);
 * the real service refuses an http:// endpoint, so there the banner says to run `tote webhooks sync` from a public URL.
 */
async function registerWebhook(config: BffConfig, webhookUrl: string): Promise<boolean> {
  const client = createServiceClient({ baseUrl: config.serviceBaseUrl, appId: config.appId, appSecret: config.appSecret, token: config.token, headerPrefix: config.serviceHeaderPrefix });
  try {
    await syncWebhooks(client, webhookUrl);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where Vite keeps this server's optimised dependencies: one cache per root and plugin list. Vite's default is one
 * cache per project, which it deletes and rebuilds whenever a server of another configuration starts (the test
 * hooks add a plugin; another checkout of the repo sharing node_modules has another root). A server already
 * running then served a page some modules from the old cache and some from the new, and the page's script never
 * ran: the e2e journeys beside the hooks' server saw a grid that never woke (docs/testing.md).
 */
function depsCacheDir(root: string, testHooks: boolean): string {
  const key = createHash('sha256').update(`${root}\0${testHooks}`).digest('hex').slice(0, 8);
  return fileURLToPath(new URL(`../node_modules/.vite/demo-${key}`, import.meta.url));
}

export async function startDemo(options: DemoOptions = {}): Promise<Demo> {
  const env = options.env ?? process.env;
  const host = options.host ?? env.HOST ?? '127.0.0.1';
  const port = options.port ?? Number(env.PORT ?? 5173);
  const operatorToken = env.TOTE_OPERATOR_TOKEN?.trim() || randomBytes(18).toString('base64url');

  let sandbox: Sandbox | undefined;
  let serviceEnv = env;
  if (!env.SERVICE_BASE_URL) {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    serviceEnv = {
      ...env,
      SERVICE_BASE_URL: sandbox.url,
      SERVICE_APP_ID: String(DEFAULT_CREDENTIALS.appId),
      SERVICE_APP_SECRET: DEFAULT_CREDENTIALS.appSecret,
      SERVICE_TOKEN: DEFAULT_CREDENTIALS.token,
    };
  }
  const config: BffConfig = { ...bffConfigFromEnv(serviceEnv), operatorToken };
  // Test-only (demo/test-hooks.ts): faults on the way back, and quotes that expire within a test's patience.
  const testHooks = env.TOTE_DEMO_TEST_HOOKS === '1';
  if (testHooks && env.TOTE_DEMO_QUOTE_TTL_MS) config.quoteTtlMs = Number(env.TOTE_DEMO_QUOTE_TTL_MS);

  let vite: ViteDevServer | undefined;
  // The catalogue is rendered on the server from the BFF this server mounts (over HTTP: it listens by then).
  let selfUrl = '';
  try {
    const root = fileURLToPath(new URL('.', import.meta.url));
    vite = await createServer({
      configFile: false,
      root,
      cacheDir: depsCacheDir(root, testHooks),
      logLevel: options.quiet ? 'silent' : 'warn',
      clearScreen: false,
      server: { host, port, strictPort: true, fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
      plugins: [...(testHooks ? [demoTestHooks()] : []), toteBffVitePlugin(config), demoSsr(() => `${selfUrl}${(config.prefix ?? '/api').replace(/^\/+/, '')}`)],
      // Found on a server-rendered page only: optimised up front, so its first load does not reload the page.
      optimizeDeps: { include: ['@lit-labs/ssr-client/lit-element-hydrate-support.js'] },
    });
    await vite.listen();
  } catch (e) {
    await vite?.close();
    await sandbox?.close();
    throw e;
  }
  const address = vite.httpServer?.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const url = `http://${host}:${actualPort}/`;
  selfUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}/`;
  const prefix = config.prefix ?? '/api';
  const webhookUrl = new URL(config.webhookPath ?? `${prefix}/webhooks`, url).href;
  const registered = await registerWebhook(config, webhookUrl);

  if (!options.quiet) {
    console.log(`\n  Tote demo storefront: ${url}`);
    console.log(`  Operator page:        ${url}operator.html  (token: ${operatorToken})`);
    console.log(`  Service:              ${config.serviceBaseUrl}${sandbox ? ' (sandbox)' : ''}`);
    console.log(`  Stores:               ${config.redisUrl ? 'redis (REDIS_URL)' : 'memory (set REDIS_URL to share them between instances)'}`);
    console.log(`  Webhooks:             ${webhookUrl}${registered ? '' : ' (not registered: from a public https:// URL run `tote webhooks sync --url <it>`)'}\n`);
  }

  return {
    url,
    serviceUrl: config.serviceBaseUrl,
    operatorToken,
    async close() {
      await vite?.close();
      await sandbox?.close();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const demo = await startDemo();
  const stop = async () => {
    await demo.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
