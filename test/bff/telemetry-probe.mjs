// Run by telemetry-off.test.ts in a process of its own: which OpenTelemetry SDK modules does a BFF load,
// with telemetry off or on, once it has answered a request? Prints them as one JSON line.
import { registerHooks } from 'node:module';

const loaded = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    const name = /node_modules\/(@opentelemetry\/[^/]+)/.exec(resolved.url)?.[1];
    if (name) loaded.add(name);
    return resolved;
  },
});
const { createBff } = await import(new URL('../../src/bff/index.ts', import.meta.url).href);
const on = process.argv[2] === 'on';
const bff = createBff({
  serviceBaseUrl: 'http://127.0.0.1:9',
  appId: 1,
  appSecret: 'probe-app-secret',
  token: 'probe-token',
  log: { level: 'silent' },
  ...(on ? { telemetry: { prometheus: true } } : {}),
});
const res = await bff(new Request('http://localhost/api/nowhere'));
await bff.close();
console.log(JSON.stringify({ status: res.status, requestId: res.headers.get('x-request-id'), loaded: [...loaded] }));
