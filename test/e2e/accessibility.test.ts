// WCAG 2.2 AA of the checkout in every engine (issue 32, docs/accessibility.md):
// - 2.4.11 Focus Not Obscured: a keyboard-only checkout at 375 px, from the cart to the final review; at
//   every Tab stop the focused control's box is compared with every sticky or fixed bar's box on the page
//   (the checkout's button bar, the host page's header): none may overlap it.
// - 4.1.3 Status Messages: after a quote the new total is announced once through the polite live region
//   (its text, and in Chromium the accessibility tree's status node).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { startDemo, type Demo } from '../../demo/server.js';
import { engines, launch } from './engines.js';
import { onePerFile } from './storefront.js';

const MERCHANTS = [1001, 1003, 1004];
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function cartLines(base: string) {
  const lines = [];
  for (const merchant of MERCHANTS) {
    const { offers } = (await (await fetch(`${base}api/offers?merchant_id=${merchant}&size=24`)).json()) as { offers: any[] };
    const spare = (s: any) => s.in_stock !== false && (!s.inventory_tracked || (s.qty_available ?? 0) > 8);
    const offer = offers.find((o) => o.skus.some(spare))!;
    const sku = offer.skus.find(spare)!;
    lines.push({
      sku_id: sku.id, offer_id: offer.id, merchant_id: offer.merchant_id, merchant_name: offer.merchant_name, name: offer.name,
      variant_values: sku.variant_values ?? [], unit_price: sku.sale_price, currency: sku.currency ?? offer.currency, quantity: 1,
    });
  }
  return lines;
}

interface Stop {
  what: string;
  covered: string;
}

/**
 * The focused control (through shadow roots) and whether a sticky or fixed bar that does not hold it
 * overlaps its box. No helper functions inside: tsx would wrap them in a `__name` the page may lack.
 */
const FOCUS_STOP = async () => {
  // Two frames: the checkout keeps focus clear of its bar in the frame after focus moves (sticky-bar.ts).
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  let el: Element | null = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return { what: 'body', covered: '' };
  const box = el.getBoundingClientRect();
  const bars: Element[] = [];
  const walk = (root: Document | ShadowRoot) => {
    for (const n of root.querySelectorAll('*')) {
      const pos = getComputedStyle(n).position;
      if (pos === 'sticky' || pos === 'fixed') bars.push(n);
      if (n.shadowRoot) walk(n.shadowRoot);
    }
  };
  walk(document);
  const holds = (bar: Element) => {
    for (let n: Node | null = el; n; n = (n as Element).assignedSlot ?? n.parentNode ?? (n as ShadowRoot).host ?? null) if (n === bar) return true;
    return false;
  };
  const covering = bars.filter((bar) => {
    if (holds(bar)) return false;
    const b = bar.getBoundingClientRect();
    if (b.width === 0 || b.height === 0) return false;
    return box.left < b.right && b.left < box.right && box.top < b.bottom && b.top < box.bottom;
  });
  const name = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}`;
  const label = (el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).name || '').trim().slice(0, 40);
  return { what: `${name(el)} "${label}" [${Math.round(box.top)}–${Math.round(box.bottom)}]`, covered: covering.map((b) => `${name(b)} [${Math.round(b.getBoundingClientRect().top)}–${Math.round(b.getBoundingClientRect().bottom)}]`).join(', ') };
};

/** What a keyboard-only shopper types into each field on the way. */
const TYPED: Record<string, string> = {
  'shipping-first_name': 'Ada',
  'shipping-last_name': 'Lovelace',
  'shipping-address_1': '1 Market St',
  'shipping-city': 'San Francisco',
  'shipping-postal_code': '94105',
  'shipping-email': 'ada@example.com',
  'shipping-phone': '415 555 0100',
};

/** One storefront for every engine's describe. */
const storefront = onePerFile(() => startDemo({ port: 0, quiet: true }), (demo) => demo.close());

for (const engine of engines()) describe(`accessibility of the checkout (e2e, ${engine})`, { timeout: 600_000 }, () => {
  let demo: Demo;
  let browser: Browser;
  let lines: unknown[];

  before(async () => {
    demo = await storefront();
    browser = await launch(engine);
    lines = await cartLines(demo.url);
  });
  after(async () => {
    await browser?.close();
  });

  async function withCheckout(run: (page: Page) => Promise<void>, viewport = { width: 375, height: 740 }) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.addInitScript('window.__name = (f) => f;');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(demo.url);
      await page.evaluate((l) => localStorage.setItem('tote:cart:v1:/api', JSON.stringify({ v: 1, lines: l })), lines);
      await page.goto(`${demo.url}checkout.html?mode=cart`);
      await page.locator('tote-checkout section[data-step="review"]').waitFor({ timeout: 30_000 });
      await page.locator('tote-checkout tote-cart [part="bag"]').nth(2).waitFor({ timeout: 30_000 });
      await run(page);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  /** Tabs from where focus is to the button named `until`, typing into fields on the way; returns every stop. */
  async function tabTo(page: Page, until: string, stops: Stop[]): Promise<void> {
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(FOCUS_STOP);
      stops.push(stop);
      const id = await page.evaluate(() => {
        let el: Element | null = document.activeElement;
        while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
        return el ? `${el.id}|${(el as HTMLInputElement).value ?? ''}|${el.tagName === 'BUTTON' ? el.textContent!.trim() : ''}` : '';
      });
      const [fieldId, value, button] = id.split('|');
      if (button === until) return;
      if (fieldId && TYPED[fieldId] && !value) await page.keyboard.type(TYPED[fieldId]!);
      // The list of states: typing a name picks it, as in every engine's closed <select>.
      if (fieldId === 'shipping-state' && !value) await page.keyboard.type('California');
    }
    throw new Error(`never reached "${until}": ${stops.slice(-5).map((s) => s.what).join(' → ')}`);
  }

  async function stepShown(page: Page, name: string) {
    await page.locator(`tote-checkout section[data-step="${name}"]`).waitFor({ timeout: 20_000 });
    // Entering a step focuses its heading; Tab goes on from there.
    await page.waitForFunction(() => document.querySelector('tote-checkout')?.shadowRoot?.activeElement?.tagName === 'H2', undefined, { timeout: 10_000 });
  }

  async function ready(page: Page) {
    await page.waitForFunction(() => {
      const root = document.querySelector('tote-checkout')?.shadowRoot;
      const est = root?.querySelector('tote-estimate') as (HTMLElement & { updating: boolean }) | null;
      const next = root?.querySelector<HTMLButtonElement>('.actions .primary');
      return !!est && !est.updating && !!next && !next.disabled;
    }, undefined, { timeout: 20_000 });
  }

  it('keyboard only at 375 px, cart to final review: no focused control is covered by a sticky bar', () =>
    withCheckout(async (page) => {
      const stops: Stop[] = [];
      await page.locator('tote-checkout h2').focus();
      await tabTo(page, 'Continue to address', stops);
      await page.keyboard.press('Enter');
      await stepShown(page, 'address');
      await tabTo(page, 'Continue to shipping', stops);
      await page.keyboard.press('Enter');
      await stepShown(page, 'shipping');
      await ready(page);
      await tabTo(page, 'Continue to payment', stops);
      await page.keyboard.press('Enter');
      await stepShown(page, 'payment');
      await tabTo(page, 'Review order', stops);
      await page.keyboard.press('Enter');
      await stepShown(page, 'confirm');
      await ready(page);
      await tabTo(page, 'Place order', stops);
      // On past the last button: the summary bar and back to the top.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        stops.push(await page.evaluate(FOCUS_STOP));
      }
      const covered = stops.filter((s) => s.covered);
      assert.ok(stops.length > 30, `a whole checkout of Tab stops (${stops.length})`);
      assert.deepEqual(covered.map((s) => `${s.what} under ${s.covered}`), [], `${covered.length} of ${stops.length} stops covered`);
    }));

  // axe's target-size rule is off by default (axe-core 4.14): the screenshot test's run does not check it.
  if (engine === 'chromium') {
    it('every target is at least 24 × 24 px (or spaced as WCAG 2.5.8 allows) on the cart and address steps at 375 px', () =>
      withCheckout(async (page) => {
        const pw = page as unknown as { addScriptTag(o: { content: string }): Promise<unknown> };
        const check = async (where: string) => {
          await pw.addScriptTag({ content: axeSource });
          const ids = await page.evaluate(async () => {
            const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: { nodes: { target: string[] }[] }[] }> } }).axe;
            const r = await axe.run(document, { runOnly: ['target-size'] });
            return r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
          });
          assert.deepEqual(ids, [], `${where}: targets under 24 px`);
        };
        await check('cart');
        await page.getByRole('button', { name: 'Continue to address' }).click();
        await page.locator('tote-checkout tote-address-form').waitFor();
        await check('address');
      }));
  }

  it('announces the new total once through the polite live region after a quote', () =>
    withCheckout(async (page) => {
      const live = page.locator('tote-checkout [part="live"]');
      await page.waitForFunction(() => !!document.querySelector('tote-checkout')?.shadowRoot?.querySelector('[part="live"]')?.textContent?.trim(), undefined, { timeout: 20_000 });
      const first = (await live.textContent())!.trim();
      const total = (await page.locator('tote-checkout .summary-total').textContent())!.trim();
      assert.equal(first, `Total ${total}`);
      assert.equal(await live.getAttribute('role'), 'status');
      // Count what the region says from here on: a quantity change asks for a new quote.
      await page.evaluate(() => {
        const region = document.querySelector('tote-checkout')!.shadowRoot!.querySelector('[part="live"]')!;
        const said: string[] = [];
        (window as unknown as { said: string[] }).said = said;
        new MutationObserver(() => said.push(region.textContent!.trim())).observe(region, { childList: true, characterData: true, subtree: true });
      });
      const plus = page.locator('tote-checkout tote-cart [part~="increase"], tote-checkout tote-cart button[aria-label^="Increase"]').first();
      if ((await plus.count()) > 0) await plus.click();
      else {
        const qty = page.locator('tote-checkout tote-cart input[type="number"]').first();
        await qty.fill('2');
        await page.keyboard.press('Tab');
      }
      await page.waitForFunction((before) => {
        const root = document.querySelector('tote-checkout')!.shadowRoot!;
        const t = root.querySelector('.summary-total')?.textContent?.trim();
        return t && t !== before && root.querySelector('[part="live"]')!.textContent!.trim() === `Total ${t}`;
      }, total, { timeout: 20_000 });
      // Re-renders while nothing changes say nothing more.
      await page.locator('tote-checkout .summary-toggle').click();
      await page.locator('tote-checkout .summary-toggle').click();
      const said = await page.evaluate(() => (window as unknown as { said: string[] }).said.filter(Boolean));
      const newTotal = (await page.locator('tote-checkout .summary-total').textContent())!.trim();
      assert.deepEqual(said, [`Total ${newTotal}`], 'the new total, announced once');
      if (engine === 'chromium') {
        const tree = await (live as unknown as { ariaSnapshot(): Promise<string> }).ariaSnapshot();
        assert.match(tree, new RegExp(`status: Total ${newTotal.replace(/[$.]/g, '\\$&')}`));
      }
    }));
});
