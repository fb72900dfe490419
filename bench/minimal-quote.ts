/**
 * The quote's floor as a server (issue 30): what a correct direct-mode quote must do beyond the bare
 * proxy's two HTTP exchanges, and nothing else, on node:http as the bare proxy is:
 *   node --import tsx bench/minimal-quote.ts <sandbox url>   (prints one JSON line with its address)
 * the shopper's body read whole, decoded, depth-checked and parsed with the BFF's own schema and address
 * checks; the estimate body built and sent through a kept-alive `http.Agent` (the bare proxy's, same
 * margin); the service's answer parsed with the quote's own schema; the bags, totals, address lines and
 * signed token computed by the BFF's own functions (`estimatedBag`, `finish`); the answer serialised. No
 * logging, request id, security headers, origin check, rate limit, telemetry, retries or deadline: it is a
 * measuring stick for `bench/quote-ab.ts`, never a server to deploy. The merchants' facts are fixed (the
 * BFF reads them from a snapshot it keeps, not per quote).
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QuoteRequestSchema } from '../src/contract/checkout-api.js';
import { QuoteEstimateResponseSchema } from '../src/contract/estimate.js';
import { checkQuoteAddresses } from '../src/bff/address/quote-addresses.js';
import { estimatedBag } from '../src/bff/quote-bags.js';
import { finish, type QuoteContext } from '../src/bff/quote-finish.js';
import { createQuoteTokens } from '../src/bff/quote-token.js';
import { createSigner, deriveSigningSecret } from '../src/bff/signing.js';
import { parseJsonBytes } from '../src/bff/security.js';
import { SERVICE_HEADERS } from './servers.js';

const sandboxUrl = process.argv[2];
if (!sandboxUrl) throw new Error('usage: bench/minimal-quote.ts <sandbox url>');
const { hostname, port } = new URL(sandboxUrl);
const agent = new Agent({
  keepAlive: true,
  maxSockets: 64,
  agentKeepAliveTimeoutBuffer: 100,
});
const ctx = {
  tokens: createQuoteTokens(createSigner('quote-v1', deriveSigningSecret(SERVICE_HEADERS['x-service-app-secret']))),
  ttlMs: 15 * 60_000,
  now: Date.now,
} as unknown as QuoteContext;
const shoppable = { shoppable: true, name: 'A merchant' };
const estimateHeaders = {
  ...SERVICE_HEADERS,
  accept: 'application/json',
  'content-type': 'application/json',
};

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { quote_token: _, ...parsed } = checkQuoteAddresses(QuoteRequestSchema.parse(parseJsonBytes(Buffer.concat(chunks), 32)));
    const input = { ...parsed, currency: parsed.currency ?? 'USD' };
    const body = JSON.stringify({
      base_currency: input.currency,
      skus: input.lines,
      shipping_address: input.shipping_address,
      discounts: [],
    });
    const upstream = request(
      {
        hostname,
        port,
        path: '/v1/orders/estimate',
        method: 'POST',
        headers: estimateHeaders,
        agent,
      },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          const estimate = QuoteEstimateResponseSchema.parse(JSON.parse(Buffer.concat(parts).toString('utf8')));
          const bags = estimate.estimated_carts.map((c) => estimatedBag(input, c, shoppable));
          const text = JSON.stringify(finish(ctx, input, bags, { hidden: [] }).response);
          res
            .writeHead(200, {
              'content-type': 'application/json; charset=utf-8',
              'content-length': Buffer.byteLength(text),
            })
            .end(text);
        });
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    upstream.end(body);
  });
});
server.keepAliveTimeout = 1000;
server.listen(0, '127.0.0.1', () =>
  console.log(
    JSON.stringify({
      floor: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    }),
  ),
);
