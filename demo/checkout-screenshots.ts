/**
 * Saves the demo checkout's screenshots to docs/screenshots/: every step, the
 * summary bar opened, and the confirmation, at 375 and 1280 px, light and dark.
 * `node --import tsx demo/checkout-screenshots.ts [--mode=cart|direct] [--merchants=1001,1003,1004]`.
 * Fails when a page scrolls sideways.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { chromiumFlags, findChrome } from '../scripts/find-chrome.mjs';
import { startDemo } from './server.js';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const mode = arg('mode', 'cart');
const merchants = arg('merchants', '1001,1003,1004').split(',').map(Number);
const out = new URL('../docs/screenshots/', import.meta.url);
mkdirSync(out, { recursive: true });

interface Offer {
  id: number;
  name: string;
  merchant_id: number;
  merchant_name: string;
  currency: string;
  albums?: { primary_media?: { url?: string } }[];
  skus: { id: number; sale_price: number; currency?: string; in_stock?: boolean; inventory_tracked?: boolean; qty_available?: number; variant_values?: { variant: string; value: string }[] }[];
}

/** One in-stock SKU per merchant, as cart lines (the cart's localStorage shape). */
async function cartLines(base: string) {
  const lines = [];
  for (const m of merchants) {
    const { offers } = (await (await fetch(`${base}api/offers?merchant_id=${m}&size=12`)).json()) as { offers: Offer[] };
    const ok = (s: Offer['skus'][number]) => s.in_stock !== false && (!s.inventory_tracked || (s.qty_available ?? 0) > 4);
    const offer = offers.find((o) => o.skus.some(ok))!;
    const sku = offer.skus.find(ok)!;
    lines.push({
      sku_id: sku.id, offer_id: offer.id, merchant_id: offer.merchant_id, merchant_name: offer.merchant_name, name: offer.name,
      image: offer.albums?.[0]?.primary_media?.url, variant_values: sku.variant_values ?? [], unit_price: sku.sale_price,
      currency: sku.currency ?? offer.currency, quantity: 1,
    });
  }
  return lines;
}

async function shootAs(page: Page, name: string) {
  await page.waitForTimeout(700);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  if (sideways) throw new Error(`${name}: the page scrolls sideways`);
  // Narrow: what the shopper sees (the button bar sticks to the bottom of the window); wide: the whole page.
  await page.screenshot({ path: new URL(`${name}.png`, out).pathname, fullPage: (page.viewportSize()?.width ?? 0) > 1000 });
}

const demo = await startDemo({ port: 0, quiet: true });
const browser = await chromium.launch({ executablePath: findChrome(), args: chromiumFlags });
try {
  const lines = await cartLines(demo.url);
  for (const [width, scheme] of [[375, 'light'], [1280, 'light'], [375, 'dark'], [1280, 'dark']] as const) {
    const page = await browser.newPage({ viewport: { width, height: width > 1000 ? 900 : 812 }, colorScheme: scheme });
    const shoot = (p: Page, name: string) => shootAs(p, scheme === 'dark' ? `${name}-dark` : name);
    await page.goto(demo.url);
    await page.evaluate((l) => localStorage.setItem('tote:cart:v1:/api', JSON.stringify({ v: 1, lines: l })), lines);
    await page.goto(`${demo.url}checkout.html?mode=${mode}`);
    const checkout = page.locator('tote-checkout');
    await shoot(page, `checkout-1-review-${width}`);
    if (width < 1000) {
      await page.getByRole('button', { name: 'Show order summary' }).click();
      await shoot(page, `checkout-1-summary-open-${width}`);
      await page.getByRole('button', { name: 'Hide order summary' }).click();
    }
    await page.getByRole('button', { name: 'Continue to address' }).click();
    await checkout.locator('tote-address-form').waitFor();
    await shoot(page, `checkout-2-address-${width}`);
    await checkout.locator('tote-address-form').evaluate((form) => {
      (form as HTMLElement & { value: unknown }).value = {
        first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+1 415 555 0100', address_1: '1 Market St',
        address_2: '', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US',
      };
      form.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.getByRole('button', { name: 'Continue to shipping' }).click();
    await checkout.locator('tote-shipping-step input[type="radio"]').first().waitFor();
    await shoot(page, `checkout-3-shipping-${width}`);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByLabel('Visa ending in 4242 (approves)').waitFor();
    await shoot(page, `checkout-4-payment-${width}`);
    await page.getByRole('button', { name: 'Review order' }).click();
    await checkout.locator('[part="submit-button"]:not([disabled])').waitFor();
    await shoot(page, `checkout-5-confirm-${width}`);
    await page.getByRole('button', { name: 'Place order' }).click();
    await checkout.locator('[part="order-number"]').waitFor();
    await shoot(page, `checkout-6-placed-${width}`);
    await page.close();
  }
  console.log(`checkout screenshots saved to ${out.pathname}`);
} finally {
  await browser.close();
  await demo.close();
}
