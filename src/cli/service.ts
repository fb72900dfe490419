/** The service client `tote` uses: built from the same environment as the BFF (`bffConfigFromEnv`). */
import { bffConfigFromEnv, type BffConfig } from '../bff/config.js';
import { createServiceClient, type ServiceClient } from '../contract/client.js';
import type { Env } from './io.js';

export function clientFor(config: BffConfig, headerPrefix = config.serviceHeaderPrefix): ServiceClient {
  return createServiceClient({
    baseUrl: config.serviceBaseUrl,
    appId: config.appId,
    appSecret: config.appSecret,
    token: config.token,
    headerPrefix,
    timeoutMs: 15_000,
    // A command answers at once: one attempt, the failure shown as it is.
    retry: { maxAttempts: 1 },
  });
}

export function serviceFromBffEnv(env: Env): { config: BffConfig; client: ServiceClient } {
  const config = bffConfigFromEnv(env);
  return { config, client: clientFor(config) };
}

/**
 * The real service is only served over HTTPS and only delivers to HTTPS
 * endpoints; an `http:` service address is the local sandbox, which also
 * delivers to `http:` on this machine.
 */
export const isLocalSandbox = (config: BffConfig) => new URL(config.serviceBaseUrl).protocol === 'http:';
