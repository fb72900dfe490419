import { DEFAULT_CREDENTIALS, startSandbox } from './index.js';

/** `npm run sandbox [-- --port N] [--seed S]`: the sandbox on 127.0.0.1:4010 for local development. */
function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const portText = arg('port') ?? process.env.PORT ?? '4010';
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port "${portText}"`);
  process.exit(2);
}
const appIdText = process.env.SANDBOX_APP_ID;
const appId = appIdText ? Number(appIdText) : DEFAULT_CREDENTIALS.appId;
if (!Number.isSafeInteger(appId)) {
  console.error(`SANDBOX_APP_ID must be an integer, got "${appIdText}"`);
  process.exit(2);
}
const seedText = arg('seed') ?? process.env.SANDBOX_SEED;
// `X-Violet-` lets a client written for the real service talk to the sandbox unchanged.
const headerPrefix = process.env.SERVICE_HEADER_PREFIX?.trim() || 'X-Service-';
const sandbox = await startSandbox({
  port,
  host: arg('host') ?? process.env.HOST ?? '127.0.0.1',
  seed: seedText === undefined ? 1 : /^\d+$/.test(seedText) ? Number(seedText) : seedText,
  appId,
  appSecret: process.env.SANDBOX_APP_SECRET || DEFAULT_CREDENTIALS.appSecret,
  token: process.env.SANDBOX_TOKEN || DEFAULT_CREDENTIALS.token,
  username: process.env.SANDBOX_USERNAME || DEFAULT_CREDENTIALS.username,
  password: process.env.SANDBOX_PASSWORD || DEFAULT_CREDENTIALS.password,
  log: process.argv.includes('--log'),
  headerPrefix,
});

console.log(`Tote sandbox listening on ${sandbox.url}
  ${headerPrefix}App-Id:     ${appId}
  ${headerPrefix}App-Secret: ${process.env.SANDBOX_APP_SECRET || DEFAULT_CREDENTIALS.appSecret}
  ${headerPrefix}Token:      ${process.env.SANDBOX_TOKEN || DEFAULT_CREDENTIALS.token}
  login (POST /v1/login): ${process.env.SANDBOX_USERNAME || DEFAULT_CREDENTIALS.username} / ${process.env.SANDBOX_PASSWORD || DEFAULT_CREDENTIALS.password}
  merchants 1001…1007, control routes under /__sandbox/ (docs/sandbox.md)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
