/**
 * Load: the first steps of a shopper on the code-split script-tag page
 * (examples/script-tag/split.html, served under its strict CSP, compressed
 * with brotli as a host serves it) in Chromium throttled to Lighthouse's
 * mobile profile through CDP (Network.emulateNetworkConditions: 150 ms round
 * trip, 1.6 Mbit/s down, 675 kbit/s up; Emulation.setCPUThrottlingRate: the
 * CPU 4× slower). One round trip is 150 ms plus the transfer.
 * - The first "Check out": a returning shopper (the cart saved in the
 *   browser, nothing cached) opens the page, opens the mini cart and presses
 *   "Check out"; the figure is the time from that click to the checkout's
 *   first priced field (a price of its cart, visible), not its step list,
 *   which is drawn before any price (issue 30). The flow was not fetched
 *   before the click (checked), so the figure holds its chunk's round trip.
 * - The first "Choose options": the time from the click to the picker's
 *   "Add to cart" visible. The picker rides in the checkout flow's chunk
 *   (scripts/build.mjs), so the "Check out" that follows fetches nothing.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { figure, type Figure } from './stats.js';
import { launchChromium } from './servers.js';

const SECTION = 'load';
const RUNS = 5;
/** Lighthouse's mobile throttling ("Slow 4G"). */
export const FOUR_G = { latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
/** Lighthouse's mobile CPU: 4× slower than the machine's. */
export const CPU_SLOWDOWN = 4;

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...FOUR_G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/**
 * The page's own clock from `click()` on the element the expression `button` finds to the one `shown` finds being
 * visible. Both may call `deep(selector)`, a querySelector through open shadow roots. (A string: tsx would wrap a
 * function's inner arrows in a helper the page does not have.)
 */
function clickUntilShown(page: Page, button: string, shown: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const deep = (selector, root = document) => {
      const found = root.querySelector(selector);
      if (found) return found;
      for (const el of root.querySelectorAll('*')) {
        const inner = el.shadowRoot && deep(selector, el.shadowRoot);
        if (inner) return inner;
      }
      return null;
    };
    const button = ${button};
    const start = performance.now();
    const check = () => {
      const el = ${shown};
      if (el?.checkVisibility()) resolve(performance.now() - start);
      else if (performance.now() - start > 60000) reject(new Error('nothing showed after the click'));
      else requestAnimationFrame(check);
    };
    button.click();
    requestAnimationFrame(check);
  })`);
}

interface Run {
  ms: number;
  scripts: string[];
}

/** Opens the page throttled; `scripts` collects every script fetched from then on. */
async function open(page: Page, url: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await throttle(page);
  await page.goto(url, { timeout: 120_000 });
  return scripts;
}

const CHECKOUT_BUTTON = `document.querySelector('tote-cart').shadowRoot.querySelector('[part="checkout-button"]')`;
/**
 * The checkout's first priced field: an amount with a digit in it, in its cart (the review step) or its summary (the
 * quote's bag and order totals), whichever shows first. Not the step list, drawn before any price (issue 30).
 */
const CHECKOUT_PRICE = `(() => {
  const checkout = document.querySelector('tote-checkout')?.shadowRoot;
  for (const root of [checkout?.querySelector('tote-cart')?.shadowRoot, checkout?.querySelector('tote-estimate')?.shadowRoot]) {
    const priced = root && [...root.querySelectorAll('[part~="subtotal"] dd, [data-total], .price')].find((el) => /\\d/.test(el.textContent) && el.checkVisibility());
    if (priced) return priced;
  }
  return null;
})()`;
/** The step list, drawn before any price: where the figure stopped before issue 30 (kept beside it). */
const CHECKOUT_FIELD = `document.querySelector('tote-checkout')?.shadowRoot?.querySelector('button, input, select')`;

async function openMiniCart(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
  // The mini cart opens as a drawer on add (the provider's default add-feedback); else the shopper opens it.
  const drawer = page.locator('tote-cart[variant="mini"] dialog[open]');
  await drawer.waitFor({ timeout: 5_000 }).catch(() => page.locator('tote-cart [part="badge"]').click());
  await page.locator('tote-cart [part="checkout-button"]').first().waitFor();
}

/** A shopper's saved cart (one line, added through the picker): the browser storage a returning shopper comes back with. */
async function savedCart(browser: Browser, url: string): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url, { timeout: 120_000 });
  const card = page.locator('tote-offer-card').filter({ has: page.getByRole('button', { name: 'Choose options', exact: true }) }).first();
  await card.getByRole('button', { name: 'Choose options', exact: true }).click();
  await card.locator('tote-variant-picker').getByRole('button', { name: 'Add to cart', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('tote-cart')?.shadowRoot?.querySelector('.count')?.textContent?.trim() === '1');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A returning shopper's "Check out": click → `shown` (the first priced field, or the step list), and the scripts that click fetched. */
async function firstCheckout(page: Page, url: string, shown = CHECKOUT_PRICE): Promise<Run & { early: string[] }> {
  const scripts = await open(page, url);
  await openMiniCart(page);
  const early = scripts.filter((s) => /\/checkout-/.test(s));
  const before = scripts.length;
  const ms = await clickUntilShown(page, CHECKOUT_BUTTON, shown);
  return { ms, scripts: scripts.slice(before), early };
}

/** "Choose options" → the picker's "Add to cart" visible, and the scripts fetched by it and by the "Check out" after it. */
async function firstPicker(page: Page, url: string): Promise<Run & { onCheckout: string[] }> {
  const scripts = await open(page, url);
  const card = page.locator('tote-offer-card').filter({ has: page.getByRole('button', { name: 'Choose options', exact: true }) }).first();
  await card.waitFor({ timeout: 120_000 });
  await card.evaluate((el) => el.setAttribute('data-bench-picked', ''));
  const before = scripts.length;
  const ms = await clickUntilShown(
    page,
    `deep('tote-offer-card[data-bench-picked]').shadowRoot.querySelector('[part="add-button"]')`,
    `deep('tote-offer-card[data-bench-picked]').shadowRoot.querySelector('tote-variant-picker')?.shadowRoot?.querySelector('[part="add-button"]')`,
  );
  const fetched = scripts.slice(before);
  await card.locator('tote-variant-picker').getByRole('button', { name: 'Add to cart', exact: true }).click();
  await openMiniCart(page);
  const atCheckout = scripts.length;
  await clickUntilShown(page, CHECKOUT_BUTTON, CHECKOUT_FIELD);
  return { ms, scripts: fetched, onCheckout: scripts.slice(atCheckout) };
}

export async function measureFirstCheckout(log: (m: string) => void): Promise<Figure[]> {
  const { startExampleServer } = await import('../examples/script-tag/server.mjs');
  const example = await startExampleServer({ port: 0 });
  const browser = await launchChromium();
  const checkoutTimes: number[] = [];
  const stepListTimes: number[] = [];
  const pickerTimes: number[] = [];
  let fetched: string[] = [];
  let pickerFetched: string[] = [];
  let afterPicker: string[] = [];
  try {
    const storageState = await savedCart(browser, `${example.url}split.html`);
    for (let run = 0; run < RUNS; run++) {
      for (const path of ['checkout', 'steps', 'picker'] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...(path !== 'picker' ? { storageState } : {}) });
        const page = await context.newPage();
        if (path === 'steps') {
          stepListTimes.push((await firstCheckout(page, `${example.url}split.html`, CHECKOUT_FIELD)).ms);
        } else if (path === 'checkout') {
          const r = await firstCheckout(page, `${example.url}split.html`);
          if (r.early.length) throw new Error(`the checkout flow was fetched before "Check out": ${r.early.join(', ')}`);
          checkoutTimes.push(r.ms);
          fetched = r.scripts;
        } else {
          const r = await firstPicker(page, `${example.url}split.html`);
          pickerTimes.push(r.ms);
          pickerFetched = r.scripts;
          afterPicker = r.onCheckout;
        }
        await context.close();
      }
    }
    log(`load: first "Check out" fetched ${fetched.join(', ') || 'nothing'}; first "Choose options" ${pickerFetched.join(', ') || 'nothing'}, then "Check out" ${afterPicker.join(', ') || 'nothing'}`);
  } finally {
    await browser.close();
    await example.close();
  }
  Object.assign(firstCheckoutDetails, {
    fetchedOnClick: fetched,
    fetchedOnChooseOptions: pickerFetched,
    fetchedOnCheckoutAfterPicker: afterPicker,
    profile: { ...FOUR_G, cpuSlowdown: CPU_SLOWDOWN, compression: 'br' },
  });
  return [
    figure(SECTION, 'load.first_checkout_ms', 'first "Check out" → first priced field visible, split bundle, 4G (150 ms RTT, 1.6 Mbit/s), CPU 4× slower, brotli', 'ms', checkoutTimes),
    figure(SECTION, 'load.first_checkout_steps_ms', 'first "Check out" → the step list visible (drawn before any price), same page and profile', 'ms', stepListTimes),
    figure(SECTION, 'load.first_checkout_scripts', 'scripts fetched on the first "Check out"', 'files', [fetched.length]),
    figure(SECTION, 'load.first_picker_ms', 'first "Choose options" → the picker\'s "Add to cart" visible, same page and profile', 'ms', pickerTimes),
    figure(SECTION, 'load.first_picker_scripts', 'scripts fetched on the first "Choose options"', 'files', [pickerFetched.length]),
    figure(SECTION, 'load.checkout_after_picker_scripts', 'scripts fetched on "Check out" after the picker was used', 'files', [afterPicker.length]),
  ];
}

export const firstCheckoutDetails: Record<string, unknown> = {};
