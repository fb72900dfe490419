import { bffConfigFromEnv, createBff, type BffHandler } from 'tote-checkout-server/bff';

// Tote's BFF as a Nitro server route: every /api/* request, with the service's credentials from the server's
// environment (SERVICE_BASE_URL, SERVICE_APP_ID, SERVICE_APP_SECRET, SERVICE_TOKEN or SERVICE_REFRESH_TOKEN, …;
// docs/bff.md). It is made on the first request, not at import: `nuxt build` runs without the credentials.
let bff: BffHandler | undefined;

export default defineEventHandler((event) => {
  bff ??= createBff(bffConfigFromEnv(process.env));
  return bff(toWebRequest(event), { clientAddress: getRequestIP(event) });
});
