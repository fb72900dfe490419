import { convert } from '../../src/sandbox/exchange.js';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, type SandboxOptions } from '../../src/sandbox/index.js';

export const HEADERS = {
  'x-service-app-id': '10001',
  'x-service-app-secret': 'sandbox-secret',
  'x-service-token': 'sandbox-token',
};

export const US_ADDRESS = { address_1: '1 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A sandbox on a free port with a small request helper that sends the three headers. */
export async function sandbox(options: SandboxOptions = {}) {
  const sb = await startSandbox({ port: 0, seed: 1, webhookRetryDelaysMs: [30, 60, 90], ...options });
  async function call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const res = await fetch(sb.url + path, {
      method,
      headers: { ...HEADERS, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
  return {
    url: sb.url,
    close: sb.close,
    call,
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, body ?? {}, headers),
    /** Every offer of a merchant (one page of 100 is enough for the seeded catalog). */
    async offers(merchantId: number): Promise<any[]> {
      const page = await call('GET', `/v1/catalog/offers/merchants/${merchantId}?size=100&include=shipping`);
      return page.body.content;
    },
    /** An in-stock, stock-tracked SKU of a published offer with at least `min` units. */
    async skuOf(merchantId: number, min = 2, skip = 0): Promise<any> {
      const offers = (await this.offers(merchantId)).filter((o) => o.publishing_status === 'PUBLISHED');
      const skus = offers.flatMap((o) => o.skus).filter((s: any) => s.in_stock && s.inventory_tracked !== false && s.qty_available >= min);
      return skus[skip];
    },
  };
}
export type TestSandbox = Awaited<ReturnType<typeof sandbox>>;

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}

/** A local webhook receiver; `failFirst` answers 500 to that many requests first. */
export async function receiver(failFirst = 0) {
  const received: Received[] = [];
  let failures = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      if (failures < failFirst) {
        failures++;
        res.writeHead(500).end('nope');
      } else {
        res.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    /** Resolves once `count` requests arrived (polls; the test runner's timeout bounds it). */
    async waitFor(count: number, predicate: (r: Received) => boolean = () => true): Promise<Received[]> {
      for (;;) {
        const hits = received.filter(predicate);
        if (hits.length >= count) return hits;
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const sign = (raw: string, secret = 'sandbox-secret') => createHmac('sha256', secret).update(raw).digest('base64');

/** A direct order in the first SKU's currency; other merchants' prices converted as the sandbox does (one currency per order). */
export function directOrder(skus: { sku: any; quantity?: number; price?: number }[], extra: Record<string, unknown> = {}) {
  const currency: string = skus[0]!.sku.currency;
  const byMerchant = new Map<number, { sku: any; quantity?: number; price?: number }[]>();
  for (const s of skus) byMerchant.set(s.sku.merchant_id, [...(byMerchant.get(s.sku.merchant_id) ?? []), s]);
  return {
    payment_method: { payment_provider: 'SANDBOX', token: 'tok_sandbox_visa' },
    ...extra,
    order: {
      customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
      currency,
      shipping_address: US_ADDRESS,
      bags: [...byMerchant.values()].map((lines) => ({
        skus: lines.map((l) => ({ sku_id: l.sku.id, quantity: l.quantity ?? 1, price: l.price ?? convert(l.sku.sale_price, l.sku.currency, currency) })),
        shipping_method: { label: 'Standard', price: 500 },
      })),
      ...((extra.order as object) ?? {}),
    },
  };
}
