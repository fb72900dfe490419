// A checkout of `npm start` opened as a shopper coming back to it (issue 27's e2e): the cart's lines and the
// checkout's session (address, step) put in storage as the widget keeps them, so a case starts on its step
// without retyping what other journeys already drive by keyboard; and the sandbox's controls.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { spawnDemo } from './demo-process.js';

/** `npm start`'s server on its own sandbox: the storefront's and the service's URLs. */
export const startDemo = (): Promise<{ url: string; service: string; child: ChildProcess }> =>
  spawnDemo(
    (out) => {
      const url = out.match(/storefront:\s*(http:\/\/127\.0\.0\.1:\d+\/)/i)?.[1];
      const service = out.match(/Service:\s*(http:\/\/[^\s]+)/)?.[1];
      return url && service ? { url, service } : undefined;
    },
    ['SERVICE_BASE_URL'],
  );

const SANDBOX_HEADERS = {
  'content-type': 'application/json',
  'x-service-app-id': '10001',
  'x-service-app-secret': 'sandbox-secret',
  'x-service-token': 'sandbox-token',
};
export const US = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+1 415 555 0100', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' };
export const GB = { ...US, phone: '+44 20 7946 0000', address_1: '10 Downing St', city: 'London', state: '', postal_code: 'SW1A 2AA', country: 'GB' };

interface ListedOffer {
  id: number;
  name: string;
  merchant_id: number;
  merchant_name: string;
  currency: string;
  skus: { id: number; sale_price: number; currency?: string; in_stock?: boolean; inventory_tracked?: boolean; qty_available?: number; variant_values?: { variant: string; value: string }[] }[];
}

export async function sandbox(service: string, method: string, path: string, body?: unknown) {
  const res = await fetch(new URL(path, service), { method, headers: SANDBOX_HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** One well-stocked SKU per merchant, as cart lines in the cart's saved shape. */
export async function cartLines(base: string, merchants: readonly number[]) {
  const lines = [];
  for (const merchant of merchants) {
    const { offers } = (await (await fetch(`${base}api/offers?merchant_id=${merchant}&size=24`)).json()) as { offers: ListedOffer[] };
    const spare = (s: ListedOffer['skus'][number]) => s.in_stock !== false && (!s.inventory_tracked || (s.qty_available ?? 0) > 8);
    const offer = offers.find((o) => o.skus.some(spare))!;
    const sku = offer.skus.find(spare)!;
    lines.push({
      sku_id: sku.id, offer_id: offer.id, merchant_id: offer.merchant_id, merchant_name: offer.merchant_name, name: offer.name,
      variant_values: sku.variant_values ?? [], unit_price: sku.sale_price, currency: sku.currency ?? offer.currency, quantity: 1,
    });
  }
  return lines;
}

/** Opens the checkout on its shipping step with these lines and this address, as a shopper coming back to it. */
export async function openCheckout(page: Page, base: string, mode: 'cart' | 'direct', lines: unknown[], address: typeof US) {
  await page.goto(`${base}checkout.html?mode=${mode}`);
  const session = { v: 2, mode, step: 'shipping', shipping: address, billing: address, billingSameAsShipping: true, selections: {}, quoted: {}, codes: [] };
  await page.evaluate(
    ([l, s, m]) => {
      localStorage.setItem('tote:cart:v1:/api', JSON.stringify({ v: 1, lines: l }));
      sessionStorage.setItem(`tote:checkout:${m}`, JSON.stringify(s));
    },
    [lines, session, mode] as const,
  );
  await page.goto(`${base}checkout.html?mode=${mode}`);
  await page.locator('tote-checkout section[data-step="shipping"]').waitFor({ timeout: 20_000 });
}

/** The quote the summary shows, once no newer one is on its way. */
export async function shownQuote(page: Page, bags: number) {
  await page.waitForFunction(
    (n) => {
      const est = document.querySelector('tote-checkout')?.shadowRoot?.querySelector('tote-estimate') as (HTMLElement & { updating: boolean; quote?: { bags: unknown[] } }) | null;
      return !!est && !est.updating && est.quote?.bags.length === n && est.shadowRoot?.querySelectorAll('[part="bag"]').length === n;
    },
    bags,
    { timeout: 20_000 },
  );
  return page.locator('tote-checkout tote-estimate').evaluate((el) => JSON.parse(JSON.stringify((el as unknown as { quote: unknown }).quote)));
}

/** A code's row in the code field, once it says `status`. */
export async function codeRow(page: Page, code: string, status: string) {
  const row = page.locator(`tote-checkout tote-discount-codes li[data-code="${code}"][data-status="${status}"]`);
  await row.waitFor({ timeout: 20_000 });
  return row;
}

export async function enterCode(page: Page, code: string) {
  const field = page.getByLabel('Discount code', { exact: true });
  if (!(await field.count())) await page.getByRole('button', { name: 'Have a discount code?' }).click();
  await field.fill(code);
  await page.keyboard.press('Enter');
}

/** Shipping as quoted → sandbox card → the final review, "Place order" ready. */
export async function toConfirm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Visa ending in 4242 (approves)').check();
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.waitForFunction(() => {
    const b = document.querySelector('tote-checkout')?.shadowRoot?.querySelector<HTMLButtonElement>('[part="submit-button"]');
    return b && !b.disabled;
  }, undefined, { timeout: 20_000 });
}

/** To the final review and "Place order"; the placed order's id. */
export async function placeOrder(page: Page): Promise<number> {
  await toConfirm(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  const number = page.locator('tote-checkout [part="order-number"]');
  await number.waitFor({ timeout: 20_000 });
  return Number((await number.textContent())!.replace(/\D/g, ''));
}
