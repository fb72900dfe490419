// The harness every journey on `npm start`'s storefront shares (e2e checkout, after the order, the
// Stripe checkout): the demo started as a user starts it, a product with stock to spare and the
// cart's lines; the checkout's steps and the sandbox's controls are in ./checkout-steps.ts.
import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { Page } from 'playwright-core';
import { spawnDemo } from './demo-process.js';

export interface Storefront {
  /** The storefront's page (`…/`), whose BFF answers under `api/`. */
  url: string;
  /** The sandbox's base URL. */
  service: string;
  /** The operator page's token, as printed. */
  token: string;
  /** The BFF's webhook URL, as printed. */
  webhooks: string;
}

/**
 * Starts `npm start`'s server on its own sandbox and defaults (the environment's service URL and
 * operator token removed) and reads what it prints; `env` adds test hooks.
 */
export function startStorefront(env: Record<string, string> = {}) {
  return spawnDemo<Storefront>(
    (out) => {
      const url = out.match(/storefront:\s*(http:\/\/127\.0\.0\.1:\d+\/)/i)?.[1];
      const service = out.match(/Service:\s*(http:\/\/[^\s]+)/)?.[1];
      // "Operator page: …/operator.html (token: …)"
      const token = out.match(/operator\.html\s*\(token:\s*([^\s)]+)/i)?.[1];
      const webhooks = out.match(/Webhooks:\s*(http:\/\/[^\s]+)/)?.[1];
      return url && service && token && webhooks ? { url, service, token, webhooks } : undefined;
    },
    ['SERVICE_BASE_URL', 'TOTE_OPERATOR_TOKEN'],
    env,
  );
}

/**
 * One server for the describes of every engine in a journey file (docs/testing.md, "Where the time goes"):
 * the first describe that asks starts it, the file's end stops it, so the engines share its start-up and the
 * dev server's first compile of the page. Call it at the top level of a test file (its `after` is the file's).
 * The engines' describes run one after another, so their cases meet one sandbox as a describe's cases do:
 * for files whose cases pick their own stock (`wellStocked`) and clear what they set (faults).
 */
export function onePerFile<T>(start: () => Promise<T>, stop: (server: T) => unknown): () => Promise<T> {
  let server: Promise<T> | undefined;
  after(async () => {
    const started = await server?.catch(() => undefined);
    if (started) await stop(started);
  });
  return () => (server ??= start());
}

/** The sandbox's controls, as the checkout steps call them (test/e2e/checkout-steps.ts). */
export { sandbox } from './checkout-steps.js';

interface ListedOffer {
  name: string;
  skus: { in_stock?: boolean | null; inventory_tracked?: boolean | null; qty_available?: number | null }[];
}

const soldOut = (s: ListedOffer['skus'][number]) => s.in_stock === false || (!!s.inventory_tracked && (s.qty_available ?? 0) <= 0);

/**
 * The name of a product of the shop's first page whose SKUs have stock to spare: the cases of a file
 * run one after another against one sandbox and each order takes stock. `everySku` wants every SKU
 * in stock; else sold-out SKUs are allowed (they are never preselected) beside at least one that is not.
 */
export async function wellStocked(base: string, merchantId: number, { everySku = false } = {}): Promise<string> {
  const res = await fetch(new URL(`api/offers?merchant_id=${merchantId}&size=12`, base));
  const { offers } = (await res.json()) as { offers: ListedOffer[] };
  const plenty = (s: ListedOffer['skus'][number]) => !s.inventory_tracked || (s.qty_available ?? 0) >= 8;
  const offer = everySku
    ? offers.find((o) => o.skus.every((s) => s.in_stock !== false && plenty(s)))
    : offers.find((o) => o.skus.some((s) => !soldOut(s)) && o.skus.every((s) => soldOut(s) || plenty(s)));
  assert.ok(offer, `a well-stocked product at merchant ${merchantId}`);
  return offer.name;
}

/** The SKU lines of the cart the page keeps, per merchant. */
export const cartLines = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('tote:cart:'))!;
    return (JSON.parse(localStorage.getItem(key)!) as { lines: { sku_id: number; merchant_id: number; issue?: string }[] }).lines;
  });
