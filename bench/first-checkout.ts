/**
 * Load: the first "Check out" after page load, on the code-split script-tag
 * page (examples/script-tag/split.html, served under its strict CSP) in
 * Chromium throttled to Lighthouse's mobile 4G profile through CDP
 * (Network.emulateNetworkConditions: 150 ms round trip, 1.6 Mbit/s down,
 * 675 kbit/s up). A shopper adds an offer, opens the mini cart and presses
 * "Check out"; the figure is the time from that click to the checkout's first
 * field (its first button, input or select) rendered and visible. The
 * checkout flow was not fetched before the click (checked), so the figure
 * holds its chunk's round trip: one round trip is 150 ms plus the transfer.
 */
import type { CDPSession, Page } from 'playwright-core';
import { figure, type Figure } from './stats.js';
import { launchChromium } from './servers.js';

const SECTION = 'load';
const RUNS = 5;
/** Lighthouse's mobile throttling ("Slow 4G"). */
export const FOUR_G = { latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...FOUR_G });
  return cdp;
}

/** Milliseconds from the click on the cart's "Check out" to the checkout's first field visible, and the scripts fetched for it. */
async function firstCheckout(page: Page, url: string): Promise<{ ms: number; scripts: string[]; early: string[] }> {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await throttle(page);
  await page.goto(url, { timeout: 120_000 });
  const card = page.locator('tote-offer-card').filter({ has: page.getByRole('button', { name: 'Choose options', exact: true }) }).first();
  await card.waitFor({ timeout: 120_000 });
  await card.getByRole('button', { name: 'Choose options', exact: true }).click();
  const add = card.locator('tote-variant-picker').getByRole('button', { name: 'Add to cart', exact: true });
  await add.waitFor({ timeout: 60_000 });
  await add.click();
  await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
  // The mini cart opens as a drawer on add (the provider's default add-feedback); else the shopper opens it.
  const drawer = page.locator('tote-cart[variant="mini"] dialog[open]');
  await drawer.waitFor({ timeout: 5_000 }).catch(() => page.locator('tote-cart [part="badge"]').click());
  await page.locator('tote-cart [part="checkout-button"]').first().waitFor();
  const early = scripts.filter((s) => /\/checkout-/.test(s));
  const before = scripts.length;
  // Click and watch in the page, so the figure is the page's own clock, not the driver's round trips.
  // (A string: tsx would wrap a function's inner arrows in a helper the page does not have.)
  const ms = await page.evaluate<number>(`new Promise((resolve, reject) => {
    const button = document.querySelector('tote-cart').shadowRoot.querySelector('[part="checkout-button"]');
    const start = performance.now();
    const check = () => {
      const field = document.querySelector('tote-checkout')?.shadowRoot?.querySelector('button, input, select');
      if (field?.checkVisibility()) resolve(performance.now() - start);
      else if (performance.now() - start > 60000) reject(new Error('the checkout never showed a field'));
      else requestAnimationFrame(check);
    };
    button.click();
    requestAnimationFrame(check);
  })`);
  return { ms, scripts: scripts.slice(before), early };
}

export async function measureFirstCheckout(log: (m: string) => void): Promise<Figure[]> {
  const { startExampleServer } = await import('../examples/script-tag/server.mjs');
  const example = await startExampleServer({ port: 0 });
  const browser = await launchChromium();
  const times: number[] = [];
  let fetched: string[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      const r = await firstCheckout(page, `${example.url}split.html`);
      if (r.early.length) throw new Error(`the checkout flow was fetched before "Check out": ${r.early.join(', ')}`);
      times.push(r.ms);
      fetched = r.scripts;
      await context.close();
    }
    log(`load: first "Check out" fetched ${fetched.join(', ') || 'nothing'}`);
  } finally {
    await browser.close();
    await example.close();
  }
  firstCheckoutDetails.fetchedOnClick = fetched;
  firstCheckoutDetails.profile = FOUR_G;
  return [
    figure(SECTION, 'load.first_checkout_ms', 'first "Check out" → first checkout field visible, split bundle, 4G (150 ms RTT, 1.6 Mbit/s)', 'ms', times),
    figure(SECTION, 'load.first_checkout_scripts', 'scripts fetched on the first "Check out"', 'files', [fetched.length]),
  ];
}

export const firstCheckoutDetails: Record<string, unknown> = {};
