// Screenshots of issue 27's checkout pieces at 375 and 1280 px (Chromium, as test/e2e/screenshots.test.ts):
// the discount code field open, with a code applied and with one refused, and the summary of a VAT-inclusive
// shop beside a tax-exclusive one ("incl. VAT"). Each fails on sideways scrolling or a serious axe violation.
// They go to test-results/screenshots/ (ignored by git), or TOTE_SCREENSHOTS_DIR.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumFlags, findChrome } from '../../scripts/find-chrome.mjs';
import { startDemo, type Demo } from '../../demo/server.js';
import { cartLines, codeRow, enterCode, GB, openCheckout, shownQuote, US } from './seeded-checkout.js';

const out = resolve(process.env.TOTE_SCREENSHOTS_DIR || 'test-results/screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // The window as the shopper sees it, scrolled to the part shown (the summary scrolls on its own when wide).
  await page.screenshot({ path: join(out, `${name}.png`) });
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(sideways <= 0, `${name}: the page scrolls sideways by ${sideways}px`);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: { id: string; impact: string }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
  assert.deepEqual(violations, [], `${name}: axe`);
}

/** The code field in view: on a phone the summary bar is opened first. */
async function showSummary(page: Page, width: number) {
  if (width < 1000) await page.getByRole('button', { name: 'Show order summary' }).click();
  await page.locator('tote-checkout tote-discount-codes').scrollIntoViewIfNeeded();
}

describe('screenshots of the discount code field and the VAT line at 375 and 1280 px', { timeout: 300_000 }, () => {
  let demo: Demo;
  let browser: Browser;

  before(async () => {
    mkdirSync(out, { recursive: true });
    demo = await startDemo({ port: 0, quiet: true });
    browser = await chromium.launch({ executablePath: findChrome(), headless: true, args: chromiumFlags });
  });
  after(async () => {
    await browser?.close();
    await demo?.close();
  });

  for (const width of [375, 1280]) {
    const suffix = width === 1280 ? 'desktop' : String(width);

    it(`${width} px: the code field open, applied and refused; the VAT line`, async () => {
      const page = await browser.newPage({ viewport: { width, height: width > 1000 ? 900 : 812 } });
      await page.addInitScript({ content: 'window.__name = (f) => f;' });
      try {
        await openCheckout(page, demo.url, 'cart', await cartLines(demo.url, [1001, 1003, 1004]), US);
        await shownQuote(page, 3);
        await showSummary(page, width);
        await page.getByRole('button', { name: 'Have a discount code?' }).click();
        await shoot(page, `discount-code-open-${suffix}`);
        await enterCode(page, 'TOTE10');
        await codeRow(page, 'TOTE10', 'applied');
        await shownQuote(page, 3);
        await page.locator('tote-checkout tote-discount-codes').scrollIntoViewIfNeeded();
        await shoot(page, `discount-code-applied-${suffix}`);
        await enterCode(page, 'NOPE2024');
        await codeRow(page, 'NOPE2024', 'unknown');
        await page.locator('tote-checkout tote-discount-codes').scrollIntoViewIfNeeded();
        await shoot(page, `discount-code-refused-${suffix}`);

        await openCheckout(page, demo.url, 'cart', await cartLines(demo.url, [1004, 1003]), GB);
        await shownQuote(page, 2);
        await showSummary(page, width);
        await page.locator('tote-checkout tote-estimate [part="total"]').scrollIntoViewIfNeeded();
        await shoot(page, `vat-included-${suffix}`);
      } finally {
        await page.close();
      }
    });
  }
});
