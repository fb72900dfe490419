// Shared by the test/ship suites: build once (a lock keeps parallel test
// files from building over each other; a stamp lets later files reuse it),
// launch Chromium, watch a page for errors, and walk a checkout as a shopper.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { fillUsAddress } from '../e2e/checkout-steps.js';
import { chromiumFlags, findChrome } from '../../scripts/find-chrome.mjs';
import { launch as launchEngine, type Engine } from '../e2e/engines.js';

export const repo = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const n of readdirSync(p)) if (n !== 'node_modules') visit(join(p, n));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  paths.forEach((p) => visit(join(repo, p)));
  return newest;
}

async function sleep(ms: number) {
  await new Promise((r) => setTimeout(r, ms));
}

/**
 * Runs `command` unless `stamp` is newer than every file of `inputs`; one
 * process at a time (mkdir is atomic), the others wait and then reuse.
 */
async function once(name: string, stamp: string, inputs: string[], command: string[]): Promise<void> {
  const lock = join(repo, `.ship-${name}.lock`);
  const stampPath = join(repo, stamp);
  const fresh = () => existsSync(stampPath) && statSync(stampPath).mtimeMs >= newestMtime(inputs);
  for (;;) {
    if (fresh()) return;
    try {
      mkdirSync(lock);
    } catch {
      // Another test file is building; a lock older than 10 minutes is from a crashed run.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      if (fresh()) return;
      const r = spawnSync(command[0]!, command.slice(1), { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${command.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
      writeFileSync(stampPath, new Date().toISOString());
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** `npm run build`, unless dist/ is newer than every source. */
export function ensureBuilt(): Promise<void> {
  return once('build', 'dist/.built', ['src', 'package.json', 'scripts/build.mjs', 'scripts/server-package.mjs', 'scripts/widget-package.mjs', 'scripts/package-closure.mjs', 'packages/server/package.json', 'custom-elements-manifest.config.mjs'], [
    process.execPath,
    'scripts/build.mjs',
  ]);
}

/** `npm run build-storybook`, unless storybook-static/ is newer than every story and source. */
export function ensureStorybook(): Promise<void> {
  return once('storybook', 'storybook-static/.built', ['src', 'stories', '.storybook', 'package.json', 'custom-elements-manifest.config.mjs'], [
    'npm',
    'run',
    '-s',
    'build-storybook',
  ]);
}

/** A browser of `engine` (Chromium unless a test runs in every engine, see test/e2e/engines.ts). */
export function launch(engine: Engine = 'chromium'): Promise<Browser> {
  if (engine !== 'chromium') return launchEngine(engine);
  return chromium.launch({ executablePath: findChrome(), headless: true, args: chromiumFlags });
}

export interface PageProblems {
  console: string[];
  pageErrors: string[];
  violations: string[];
}

/**
 * Collects console errors, uncaught errors and CSP violations of a page
 * (`securitypolicyviolation` is recorded by an init script, which runs before
 * the page's own scripts and is not subject to the page's CSP).
 */
export async function watch(page: Page): Promise<PageProblems & { read(): Promise<PageProblems> }> {
  const problems: PageProblems = { console: [], pageErrors: [], violations: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') problems.console.push(`${m.text()} @ ${m.location().url}`);
  });
  page.on('pageerror', (e) => problems.pageErrors.push(String(e.stack ?? e)));
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`),
    );
  });
  return {
    ...problems,
    async read() {
      const v = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations).catch(() => []);
      problems.violations = v;
      return problems;
    },
  };
}

/**
 * Adds the grid's first offer to the cart as a shopper does: "Choose options"
 * opens the variant picker in a dialog, whose "Add to cart" adds the chosen SKU.
 */
export async function addFirstOfferToCart(
  page: Page,
  labels = { choose: 'Choose options', add: 'Add to cart' },
  { drawer = true } = {},
): Promise<void> {
  const card = page.locator('tote-offer-card').filter({ has: page.getByRole('button', { name: labels.choose, exact: true }) }).first();
  await card.waitFor({ timeout: 30_000 });
  await card.getByRole('button', { name: labels.choose, exact: true }).click();
  const add = card.locator('tote-variant-picker').getByRole('button', { name: labels.add, exact: true });
  await add.waitFor({ timeout: 10_000 });
  await add.click();
  if (drawer) await keepShopping(page);
}

/** The mini cart opens as a drawer on add (the provider's default `add-feedback`); a shopper closes it to go on. */
export async function keepShopping(page: Page): Promise<void> {
  if (!(await page.locator('tote-cart[variant="mini"]').count())) return;
  const open = page.locator('tote-cart[variant="mini"] dialog[open]');
  await open.waitFor({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await open.waitFor({ state: 'detached', timeout: 10_000 });
}

/** The mini cart's item count (its badge). */
export async function miniCartCount(page: Page): Promise<number> {
  return Number(await page.locator('tote-cart[variant="mini"] [part="badge"] .count').first().innerText());
}

async function step(page: Page, name: string) {
  await page.locator(`tote-checkout section[data-step="${name}"]`).waitFor({ timeout: 30_000 });
}

/**
 * The cart's "Check out" (and the provider's `startCheckout()`) land on the address step; a page that
 * opens the checkout on its own starts at the cart review, one "Continue" before it.
 */
async function reachAddress(page: Page) {
  const shown = page.locator('tote-checkout section[data-step="review"], tote-checkout section[data-step="address"]');
  await shown.first().waitFor({ timeout: 30_000 });
  if ((await shown.first().getAttribute('data-step')) === 'review') await page.getByRole('button', { name: 'Continue to address' }).click();
  await step(page, 'address');
}

/** From the checkout's first step to a placed order, as a shopper with the sandbox card. Returns the placed step's text. */
export async function checkOut(page: Page): Promise<string> {
  await reachAddress(page);
  await fillUsAddress(page.locator('tote-checkout'));
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await step(page, 'shipping');
  const bags = page.locator('tote-shipping-step fieldset');
  await bags.first().locator('input[type="radio"]').first().waitFor({ timeout: 30_000 });
  for (let i = 0; i < (await bags.count()); i++) await bags.nth(i).locator('input[type="radio"]').first().check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await step(page, 'payment');
  await page.getByLabel('Visa ending in 4242 (approves)').check();
  await page.getByRole('button', { name: 'Review order' }).click();
  await step(page, 'confirm');
  await page.waitForFunction(
    () => {
      const b = document.querySelector('tote-checkout')?.shadowRoot?.querySelector<HTMLButtonElement>('[part="submit-button"]');
      return b && !b.disabled;
    },
    undefined,
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  await step(page, 'placed');
  return page.locator('tote-checkout section[data-step="placed"]').innerText();
}
