/**
 * Saves the demo storefront's screenshots to docs/screenshots/ (desktop and
 * 375 px wide, each with the variant picker dialog):
 * `node --import tsx demo/screenshots.ts`.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumFlags, findChrome } from '../scripts/find-chrome.mjs';
import { startDemo } from './server.js';

const out = new URL('../docs/screenshots/', import.meta.url);
mkdirSync(out, { recursive: true });

const demo = await startDemo({ port: 0, quiet: true });
const browser = await chromium.launch({ executablePath: findChrome(), args: chromiumFlags });
try {
  const shots = [
    { name: 'storefront-desktop.png', width: 1280, height: 900 },
    { name: 'storefront-375.png', width: 375, height: 812 },
  ];
  for (const { name, width, height } of shots) {
    const page = await browser.newPage({ viewport: { width, height }, colorScheme: 'light' });
    await page.goto(demo.url);
    await page.locator('tote-offer-card img').nth(3).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: new URL(name, out).pathname });
    if (width < 1000) {
      await page.locator('tote-offer-grid').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -80));
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      await page.screenshot({ path: new URL(name.replace('.png', '-grid.png'), out).pathname });
    }
    await page.locator('tote-offer-card [part~="add-button"]', { hasText: 'Choose options' }).first().click();
    await page.locator('tote-variant-picker [part~="add-button"]').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: new URL(width > 1000 ? 'variant-picker-dialog.png' : 'variant-picker-375.png', out).pathname });
    await page.close();
  }
  console.log(`screenshots saved to ${out.pathname}`);
} finally {
  await browser.close();
  await demo.close();
}
