// Every page a shopper and an operator see on `npm start`, at 375 and 1280 px, light and dark:
// the storefront and its variant picker, each checkout step, the open summary bar, the
// confirmation, the live order status and the operator page. Each is saved as a screenshot and
// fails the test when the page scrolls sideways, when text overflows its box, or when axe finds
// a serious or critical violation. The screenshots go to test-results/screenshots/ (ignored by
// git), so a test run never writes into the tree; `npm run screenshots` refreshes docs/screenshots/
// (what the README and docs show) by pointing TOTE_SCREENSHOTS_DIR there.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { fillUsAddress } from './checkout-steps.js';
import { chromiumFlags, findChrome } from '../../scripts/find-chrome.mjs';
import { startDemo, type Demo } from '../../demo/server.js';

const out = resolve(process.env.TOTE_SCREENSHOTS_DIR || 'test-results/screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const MERCHANTS = [1001, 1003, 1004];
const OPERATOR_TOKEN = 'screenshots-operator-token';

interface ListedOffer {
  id: number;
  name: string;
  merchant_id: number;
  merchant_name: string;
  currency: string;
  skus: { id: number; sale_price: number; currency?: string; in_stock?: boolean; inventory_tracked?: boolean; qty_available?: number; variant_values?: { variant: string; value: string }[] }[];
}

/** One SKU with stock to spare per merchant, as cart lines in the cart's saved shape. */
async function cartLines(base: string) {
  const lines = [];
  for (const merchant of MERCHANTS) {
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

/** Text whose rendered extent leaves its element's box (clipped or spilling), through every open shadow root. */
function overflowingText(): string[] {
  const found: string[] = [];
  const visit = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      if (el.shadowRoot) visit(el.shadowRoot);
      const style = getComputedStyle(el);
      // Scrolling boxes and deliberate ellipses hold their text on purpose.
      if (style.visibility === 'hidden' || /auto|scroll/.test(style.overflowX) || style.textOverflow === 'ellipsis') continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // hidden, or visually hidden for screen readers
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const text = range.getBoundingClientRect();
        if (text.width && (text.right > box.right + 1 || text.left < box.left - 1)) {
          found.push(`<${el.localName}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}> "${node.textContent.trim().slice(0, 40)}" ${Math.round(text.width)}px in ${Math.round(box.width)}px`);
        }
      }
    }
  };
  visit(document);
  return found;
}

/** Wide pages are shot whole; narrow ones as the window shows them (the sticky bars where a shopper sees them). */
async function check(page: Page, name: string, { whole = page.viewportSize()!.width > 1000 } = {}): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(out, `${name}.png`), fullPage: whole });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(sideways <= 0, `${name}: the page scrolls sideways by ${sideways}px`);
  assert.deepEqual(await page.evaluate(overflowingText), [], `${name}: text overflows its box`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
  assert.deepEqual(violations, [], `${name}: axe`);
}

describe('screenshots of every page at 375 and 1280 px, light and dark', { timeout: 600_000 }, () => {
  let demo: Demo;
  let browser: Browser;
  let lines: Awaited<ReturnType<typeof cartLines>>;

  before(async () => {
    mkdirSync(out, { recursive: true });
    process.env.TOTE_OPERATOR_TOKEN = OPERATOR_TOKEN;
    demo = await startDemo({ port: 0, quiet: true });
    browser = await chromium.launch({ executablePath: findChrome(), headless: true, args: chromiumFlags });
    lines = await cartLines(demo.url);
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });

  for (const [width, scheme] of [[375, 'light'], [1280, 'light'], [375, 'dark'], [1280, 'dark']] as const) {
    const suffix = `${width === 1280 ? 'desktop' : width}${scheme === 'dark' ? '-dark' : ''}`;

    it(`${width} px ${scheme}: storefront, picker, every checkout step, confirmation, order status, operator`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width > 1000 ? 900 : 812 }, colorScheme: scheme });
      // tsx names the functions it compiles through a `__name` helper that the page does not have.
      await page.addInitScript({ content: 'window.__name = (f) => f;' });
      try {
        await page.goto(demo.url);
        await page.locator('tote-offer-card img').nth(3).waitFor();
        // The first screenful, as a shopper lands (the README's picture); lazy images below it stay unloaded.
        await check(page, `storefront-${suffix}`, { whole: false });
        // Issue 27: a shopper who chose EUR sees the USD and GBP shops' prices converted ("≈").
        await page.locator('tote-currency-select select').selectOption({ value: 'EUR' });
        await page.locator('tote-offer-card .converted').first().waitFor();
        await check(page, `storefront-converted-${suffix}`, { whole: false });
        await page.locator('tote-currency-select select').selectOption({ value: 'USD' });
        await page.locator('tote-offer-card [part~="add-button"]', { hasText: 'Choose options' }).first().click();
        await page.locator('tote-variant-picker [part~="add-button"]').waitFor();
        await check(page, `variant-picker-${suffix}`);
        await page.keyboard.press('Escape');

        await page.evaluate((l) => localStorage.setItem('tote:cart:v1:/api', JSON.stringify({ v: 1, lines: l })), lines);
        await page.goto(`${demo.url}checkout.html?mode=cart`);
        const checkout = page.locator('tote-checkout');
        await checkout.locator('[part~="summary"]').waitFor();
        await check(page, `checkout-1-review-${suffix}`);
        if (width < 1000) {
          await page.getByRole('button', { name: 'Show order summary' }).click();
          await check(page, `checkout-1-summary-open-${suffix}`);
          await page.getByRole('button', { name: 'Hide order summary' }).click();
        }
        await page.getByRole('button', { name: 'Continue to address' }).click();
        await checkout.locator('tote-address-form').waitFor();
        await check(page, `checkout-2-address-${suffix}`);
        await fillUsAddress(checkout);
        await page.getByRole('button', { name: 'Continue to shipping' }).click();
        await checkout.locator('tote-shipping-step input[type="radio"]:checked').first().waitFor();
        await check(page, `checkout-3-shipping-${suffix}`);
        await page.getByRole('button', { name: 'Continue to payment' }).click();
        await page.getByLabel('Visa ending in 4242 (approves)').waitFor();
        await check(page, `checkout-4-payment-${suffix}`);
        await page.getByLabel('Visa ending in 4242 (approves)').check();
        await page.getByRole('button', { name: 'Review order' }).click();
        await checkout.locator('[part="submit-button"]:not([disabled])').waitFor();
        await check(page, `checkout-5-confirm-${suffix}`);
        await page.getByRole('button', { name: 'Place order' }).click();
        await checkout.locator('[part="order-number"]').waitFor();
        await checkout.locator('tote-order-status [part~="bag"] .item img').first().waitFor();
        await check(page, `checkout-6-placed-${suffix}`);

        await page.getByRole('link', { name: /^Follow order \d+$/ }).click();
        await page.locator('tote-order-status [part~="bag"]').first().waitFor();
        await check(page, `order-status-${suffix}`);

        await page.goto(`${demo.url}operator.html`);
        await page.getByLabel('Operator token').fill(OPERATOR_TOKEN);
        await page.getByRole('button', { name: 'Use token' }).click();
        await page.locator('tote-merchant-health [part~="row"]').first().waitFor();
        await check(page, `operator-${suffix}`);
      } finally {
        await page.close();
      }
    });
  }
});
