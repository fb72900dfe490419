import { bffConfigFromEnv, createBff } from 'tote-checkout-server/bff';

// Tote's BFF as a route handler: every /api/* request, with the service's credentials from the server's
// environment (SERVICE_BASE_URL, SERVICE_APP_ID, SERVICE_APP_SECRET, SERVICE_TOKEN or SERVICE_REFRESH_TOKEN, …;
// docs/bff.md), and TOTE_ALLOWED_ORIGINS=https://your.shop: Next.js gives route handlers a URL whose host need
// not be the one the browser used, so the BFF is told the site's origin rather than guessing it. Node's runtime:
// the BFF uses node:crypto and keeps event streams open.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Made on the first request, not at import: `next build` imports this file without the service's credentials. */
let bff;

function handle(request) {
  bff ??= createBff(bffConfigFromEnv(process.env));
  return bff(request, { clientAddress: request.headers.get('x-real-ip') ?? undefined });
}

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as OPTIONS };
