/**
 * Calls the sandbox's test controls (`/__sandbox/…`) and its `/v1` reads with the app's credentials, as every
 * harness that starts a sandbox does (test/bff, test/hostile, test/model).
 */
import { DEFAULT_CREDENTIALS } from '../src/sandbox/index.js';

const CREDENTIALS = {
  'x-service-app-id': String(DEFAULT_CREDENTIALS.appId),
  'x-service-app-secret': DEFAULT_CREDENTIALS.appSecret,
  'x-service-token': DEFAULT_CREDENTIALS.token,
};

export function sandboxCaller(sandboxUrl: string) {
  return async function control(path: string, init: { method?: string; json?: unknown } = {}): Promise<any> {
    const res = await fetch(sandboxUrl + path, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: { ...CREDENTIALS, ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`sandbox ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}
