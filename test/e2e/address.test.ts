// Addresses by country in the real widget, BFF and sandbox (issue 32): an address in Brazil, Japan, the UK, Germany
// and Canada is entered in its country's fields, checked, shown in the country's own format on the review and the
// confirmation, and reaches the service in its fields (read back from the sandbox's order). Japan's (its own field
// order, a prefecture list, text in Japanese) runs in every engine; the others differ only in their data, so they are
// dealt round the engines (`dealtEngine`), each engine walking one with a region list. A wrong postcode and a wrong
// phone are refused on their fields, and a field merely tabbed past shows no error, in every engine. At 375 px the
// address step of Brazil and Japan is photographed (Chromium) into test-results/screenshots.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startDemo, type Demo } from '../../demo/server.js';
import { engines, launch } from './engines.js';
import { onePerFile } from './storefront.js';
import { dealtEngine } from '../journeys.js';

const SHOTS = resolve(process.env.TOTE_SCREENSHOTS_DIR || 'test-results/screenshots');
const SANDBOX_HEADERS = { 'x-service-app-id': '10001', 'x-service-app-secret': 'sandbox-secret', 'x-service-token': 'sandbox-token' };
/** Kumo Goods ships to Japan, the Americas and Europe (src/sandbox/merchants.ts). */
const MERCHANT = 1002;

interface Case {
  country: string;
  /** The labels the country's form shows, top to bottom after the name. */
  labels: string[];
  typed: Record<string, string>;
  region?: string;
  /** The address as the review and the confirmation write it (name, street, locality, country). */
  shown: string[];
  /** What the service received. */
  sent: Record<string, string>;
  /** Walked in every engine, not dealt to one. */
  everyEngine?: boolean;
}

const CASES: Case[] = [
  {
    country: 'BR',
    labels: ['Address line 1', 'Address line 2', 'City', 'State', 'Postal code'],
    typed: { address_1: 'Av. Paulista, 1578', city: 'São Paulo', postal_code: '01310100', phone: '(11) 91234-5678' },
    region: 'SP',
    shown: ['Ana Souza', 'Av. Paulista, 1578', 'São Paulo-SP', '01310-100', 'Brazil'],
    sent: { address_1: 'Av. Paulista, 1578', city: 'São Paulo', state: 'SP', postal_code: '01310-100', country: 'BR', phone: '+5511912345678' },
  },
  {
    country: 'JP',
    labels: ['Postal code', 'Prefecture', 'City', 'Address line 1', 'Address line 2'],
    typed: { postal_code: '1000001', city: '千代田区', address_1: '千代田1-1', phone: '03-1234-5678' },
    region: '東京都',
    everyEngine: true,
    shown: ['〒100-0001', '東京都千代田区', '千代田1-1', 'Ana Souza', 'Japan'],
    sent: { address_1: '千代田1-1', city: '千代田区', state: '東京都', postal_code: '100-0001', country: 'JP', phone: '+81312345678' },
  },
  {
    country: 'CA',
    labels: ['Address line 1', 'Address line 2', 'City', 'Province', 'Postal code'],
    typed: { address_1: '24 Sussex Dr', city: 'Ottawa', postal_code: 'k1a0a3', phone: '613-555-0199' },
    region: 'ON',
    shown: ['Ana Souza', '24 Sussex Dr', 'Ottawa ON K1A 0A3', 'Canada'],
    sent: { address_1: '24 Sussex Dr', city: 'Ottawa', state: 'ON', postal_code: 'K1A 0A3', country: 'CA', phone: '+16135550199' },
  },
  {
    country: 'GB',
    labels: ['Address line 1', 'Address line 2', 'City', 'County', 'Postal code'],
    typed: { address_1: '10 Downing St', city: 'London', postal_code: 'sw1a2aa', phone: '020 7946 0958' },
    shown: ['Ana Souza', '10 Downing St', 'London', 'SW1A 2AA', 'United Kingdom'],
    sent: { address_1: '10 Downing St', city: 'London', postal_code: 'SW1A 2AA', country: 'GB', phone: '+442079460958' },
  },
  {
    country: 'DE',
    labels: ['Address line 1', 'Address line 2', 'Postal code', 'City'],
    typed: { address_1: 'Unter den Linden 77', postal_code: '10117', city: 'Berlin', phone: '030 1234567' },
    shown: ['Ana Souza', 'Unter den Linden 77', '10117 Berlin', 'Germany'],
    sent: { address_1: 'Unter den Linden 77', city: 'Berlin', postal_code: '10117', country: 'DE', phone: '+49301234567' },
  },
];

/** One SKU of the merchant with stock to spare, as a cart line in the cart's saved shape. */
async function cartLine(base: string) {
  const { offers } = (await (await fetch(`${base}api/offers?merchant_id=${MERCHANT}&size=24`)).json()) as { offers: any[] };
  const spare = (s: any) => s.in_stock !== false && (!s.inventory_tracked || (s.qty_available ?? 0) > 20);
  const offer = offers.find((o) => o.skus.some(spare))!;
  const sku = offer.skus.find(spare)!;
  return {
    sku_id: sku.id, offer_id: offer.id, merchant_id: offer.merchant_id, merchant_name: offer.merchant_name, name: offer.name,
    variant_values: sku.variant_values ?? [], unit_price: sku.sale_price, currency: sku.currency ?? offer.currency, quantity: 1,
  };
}

const field = (page: Page, name: string) => page.locator(`tote-address-form #shipping-${name}`);
const errorOf = (page: Page, name: string) => page.locator(`tote-address-form #shipping-${name}-error`);

/** Picks an option of a list by its value, as the shopper's choice does. */
async function choose(page: Page, name: string, value: string) {
  await field(page, name).selectOption({ value });
}

/** The labels of the shipping fieldset, top to bottom. */
const labels = (page: Page) =>
  page.locator('tote-address-form').evaluate((el: HTMLElement) => [...el.shadowRoot!.querySelectorAll('fieldset[part="shipping"] label')].map((l) => l.textContent!.trim()));

async function step(page: Page, name: string) {
  await page.locator(`tote-checkout section[data-step="${name}"]`).waitFor({ timeout: 20_000 });
}

async function toAddress(page: Page, demo: Demo, line: unknown) {
  await page.goto(demo.url);
  await page.evaluate((l) => localStorage.setItem('tote:cart:v1:/api', JSON.stringify({ v: 1, lines: [l] })), line);
  await page.goto(`${demo.url}checkout.html?mode=cart`);
  await page.getByRole('button', { name: 'Continue to address' }).click();
  await step(page, 'address');
}

/** Chooses the country and waits for its form (the labels follow the country's own order). */
async function country(page: Page, c: Case) {
  await choose(page, 'country', c.country);
  await page.waitForFunction(
    (want) => {
      const root = document.querySelector('tote-checkout')?.shadowRoot?.querySelector('tote-address-form')?.shadowRoot;
      const got = [...(root?.querySelectorAll('fieldset[part="shipping"] label') ?? [])].map((l) => l.textContent!.trim());
      return JSON.stringify(got.slice(3, 3 + want.length)) === JSON.stringify(want);
    },
    c.labels,
    { timeout: 10_000 },
  );
}

async function fillAddress(page: Page, c: Case) {
  await field(page, 'first_name').fill('Ana');
  await field(page, 'last_name').fill('Souza');
  for (const [name, value] of Object.entries(c.typed)) await field(page, name).fill(value);
  if (c.region) await choose(page, 'state', c.region);
  await field(page, 'email').fill('ana@example.com');
}

/** Dealt round the engines in this order: Brazil and Canada, with their region lists, go to the first two. */
const dealt = CASES.filter((c) => !c.everyEngine);

const dd = async (page: Page) => (await page.locator('tote-checkout .recap dd').first().textContent()) ?? '';

/** One storefront for every engine's describe. */
const storefront = onePerFile(() => startDemo({ port: 0, quiet: true }), (demo) => demo.close());

for (const engine of engines()) describe(`addresses by country (e2e, ${engine})`, { timeout: 600_000 }, () => {
  let demo: Demo;
  let browser: Browser;
  let line: unknown;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    demo = await storefront();
    browser = await launch(engine);
    line = await cartLine(demo.url);
    // The dev server compiles the checkout on its first visit: not part of any case's time.
    await withPage(async (page) => toAddress(page, demo, line));
  });
  after(async () => {
    await browser?.close();
  });

  async function withPage(run: (page: Page) => Promise<void>, viewport = { width: 1280, height: 900 }) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.addInitScript('window.__name = (f) => f;');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await run(page);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  for (const c of CASES) {
    if (!c.everyEngine && dealtEngine(dealt.indexOf(c)) !== engine) continue;
    it(`${c.country}: entered in its own fields, shown in its own format on review and confirmation, sent in its fields`, () =>
      withPage(async (page) => {
        await toAddress(page, demo, line);
        await country(page, c);
        assert.deepEqual((await labels(page)).slice(0, 3), ['Country', 'First name', 'Last name'], 'the country comes first');
        await fillAddress(page, c);
        await field(page, 'phone').fill(c.typed.phone!);
        await page.getByRole('button', { name: 'Continue to shipping' }).click();
        await step(page, 'shipping');
        await page.locator('tote-shipping-step input[type="radio"]').first().waitFor({ timeout: 20_000 });
        await page.waitForFunction(() => {
          const b = [...(document.querySelector('tote-checkout')?.shadowRoot?.querySelectorAll<HTMLButtonElement>('.actions .primary') ?? [])][0];
          return b && !b.disabled;
        }, undefined, { timeout: 20_000 });
        await page.getByRole('button', { name: 'Continue to payment' }).click();
        await step(page, 'payment');
        await page.getByLabel('Visa ending in 4242 (approves)').check();
        await page.getByRole('button', { name: 'Review order' }).click();
        await step(page, 'confirm');
        const review = (await dd(page)).split('\n').map((s) => s.trim()).filter(Boolean);
        assert.deepEqual(review.slice(0, c.shown.length), c.shown, 'the review writes the address as the country does');
        await page.waitForFunction(() => {
          const b = document.querySelector('tote-checkout')?.shadowRoot?.querySelector<HTMLButtonElement>('[part="submit-button"]');
          return b && !b.disabled;
        }, undefined, { timeout: 20_000 });
        await page.getByRole('button', { name: 'Place order' }).click();
        await step(page, 'placed');
        const confirmation = ((await page.locator('tote-checkout [part="address"]').textContent()) ?? '').split('\n').map((s) => s.trim()).filter(Boolean);
        assert.deepEqual(confirmation, c.shown, 'the confirmation writes it the same way');
        const href = await page.locator('#order-link').getAttribute('href');
        const orderId = new URL(href!, page.url()).searchParams.get('order');
        const res = await fetch(new URL(`/v1/orders/${orderId}`, demo.serviceUrl), { headers: SANDBOX_HEADERS });
        const order = (await res.json()) as { shipping_address: Record<string, string> };
        for (const [k, v] of Object.entries(c.sent)) assert.equal(order.shipping_address[k], v, `the service got ${k}`);
      }));
  }

  it('a wrong postcode is refused on its field once left, a wrong phone by the BFF on its field; a field tabbed past shows nothing', () =>
    withPage(async (page) => {
      await toAddress(page, demo, line);
      const gb = CASES.find((c) => c.country === 'GB')!;
      await country(page, gb);
      // Tabbing through untouched fields: no error appears for them.
      await field(page, 'first_name').focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      assert.equal(await errorOf(page, 'first_name').textContent(), '');
      assert.equal(await errorOf(page, 'last_name').textContent(), '');
      await fillAddress(page, { ...gb, typed: { ...gb.typed, postal_code: '12345' } });
      assert.match((await errorOf(page, 'postal_code').textContent()) ?? '', /Enter a postal code like/);
      assert.equal(await field(page, 'postal_code').getAttribute('aria-invalid'), 'true');
      await field(page, 'postal_code').fill('SW1A 2AA');
      await field(page, 'phone').fill('12');
      await field(page, 'email').focus();
      assert.equal(await errorOf(page, 'postal_code').textContent(), '');
      // The phone's rules are the BFF's: the quote is refused with the field named, shown on it.
      await page.waitForFunction(() => {
        const root = document.querySelector('tote-checkout')?.shadowRoot?.querySelector('tote-address-form')?.shadowRoot;
        return root?.querySelector('#shipping-phone')?.getAttribute('aria-invalid') === 'true';
      }, undefined, { timeout: 20_000 });
      assert.equal(await errorOf(page, 'phone').textContent(), 'Enter a valid phone number.');
      await page.getByRole('button', { name: 'Continue to shipping' }).click();
      await step(page, 'address');
      assert.equal(await page.locator('tote-checkout section[data-step="shipping"]').count(), 0, 'not past the address');
    }));

  if (engine === 'chromium') {
    it('photographs the address step of Brazil and Japan at 375 px', async () => {
      await Promise.all(
        CASES.filter((x) => x.country === 'BR' || x.country === 'JP').map((c) =>
          withPage(async (page) => {
            await toAddress(page, demo, line);
            await country(page, c);
            await fillAddress(page, c);
            await field(page, 'phone').fill(c.typed.phone!);
            await (page as unknown as { screenshot(o: object): Promise<unknown> }).screenshot({ path: `${SHOTS}/address-${c.country.toLowerCase()}-375.png`, fullPage: true });
          }, { width: 375, height: 812 }),
        ),
      );
    });
  }
});
