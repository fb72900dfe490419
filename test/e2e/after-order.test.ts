// After the order on `npm start`'s demo in every engine (TOTE_BROWSERS), issue 28: a shopper looks an order
// up by number and email on the order page, cancels one shop's bag inside the remorse window (the service
// gets one cancel; the page shows that bag cancelled and the others going on), is refused once the window
// has closed with the reason, and sees a partial refund made in the sandbox with its amount and items; the
// operator finds that order by email on the desk, sees another order's rejected bag first, cancels a bag, and
// redelivers a webhook that failed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { engines, launch } from './engines.js';
import { sandbox, startStorefront as startDemo } from './storefront.js';
import { placeOrder, SHOPPER } from '../fixtures/after-order.js';
import { startWebhookReceiver } from '../webhook-receiver.js';

const SHOTS = 'test-results/after-order';

for (const engine of engines()) describe(`after the order (e2e, ${engine})`, { timeout: 300_000 }, () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let browser: Browser;
  /** The BFF as the shop's pages call it (an earlier visit placed the orders these cases start from). */
  const api = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const res = await fetch(new URL(path.replace(/^\//, ''), demo.url), {
      ...rest,
      headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...(rest.headers as Record<string, string>) },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
  };
  const place = (merchants: number[], email?: string) => placeOrder(api, new URL(demo.url).origin, merchants, email);

  before(async () => {
    demo = await startDemo();
    browser = await launch(engine);
  });
  after(async () => {
    await browser?.close();
    demo?.child.kill('SIGTERM');
  });

  async function withPage(run: (page: Page) => Promise<void>, viewport = { width: 1280, height: 900 }) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await run(page);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }

  async function lookUp(page: Page, orderId: number) {
    await page.goto(new URL('order.html', demo.url).href);
    await page.waitForFunction(() => customElements.get('tote-order-lookup') !== undefined);
    await page.getByLabel('Order number').fill(String(orderId));
    await page.getByLabel('Email used for the order').fill(SHOPPER.email);
    await page.getByRole('button', { name: 'Find order' }).click();
    // Found (the order page shows its bags) or refused (the lookup says why): say which.
    await page.waitForFunction(() => {
      const lookup = document.querySelector('tote-order-lookup')?.shadowRoot;
      return !!lookup?.querySelector('tote-order-status')?.shadowRoot?.querySelector('[part="bag"]') || !!lookup?.querySelector('[role="alert"]')?.textContent;
    }, undefined, { timeout: 20_000 });
    assert.equal(await page.locator('tote-order-lookup [role="alert"]').textContent(), '');
  }
  const bagStatus = (page: Page, bagId: number) => page.locator(`tote-order-status [part="bag"][data-bag="${bagId}"]`).getAttribute('data-status');
  const changes = (page: Page) => page.locator('tote-order-status tote-order-changes');

  it('finds the order by number and email, cancels one shop\'s bag once, and shows the rest going on', () =>
    withPage(async (page) => {
      const { order } = await place([1001, 1002]);
      const [mine, other] = order.bags;
      await lookUp(page, order.id);
      const shop = mine.merchant_name;
      await changes(page).getByRole('button', { name: `Cancel items from ${shop}` }).click();
      await changes(page).getByLabel('Why are you cancelling? (optional)').fill('Ordered by mistake');
      if (engine === 'chromium') {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/confirm-1280.png`, fullPage: true });
      }
      await changes(page).getByRole('button', { name: 'Yes, cancel' }).click();
      await page.waitForFunction(
        (id) => document.querySelector('tote-order-lookup')?.shadowRoot?.querySelector('tote-order-status')?.shadowRoot?.querySelector(`[data-bag="${id}"]`)?.getAttribute('data-status') === 'CANCELED',
        mine.id,
        { timeout: 20_000 },
      );
      assert.notEqual(await bagStatus(page, other.id), 'CANCELED');
      const { deliveries } = await sandbox(demo.service, 'GET', '/__sandbox/webhooks');
      const cancelled = deliveries.filter((d: { topic: string; bag_id?: number }) => d.topic === 'ORDER_CANCELED' && d.bag_id === mine.id);
      assert.equal(cancelled.length, 1, 'the service cancelled the bag once');
      const orders = await sandbox(demo.service, 'GET', '/__sandbox/orders');
      const stored = orders.find((o: { id: number }) => o.id === order.id);
      assert.deepEqual(stored.bags.map((b: { status: string }) => b.status), ['CANCELED', other.status]);
    }));

  it('is refused once the window has closed, with the reason, and says so on a fresh visit', () =>
    withPage(async (page) => {
      const { order } = await place([1001, 1002]);
      await lookUp(page, order.id);
      await changes(page).getByRole('button', { name: 'Cancel this order' }).click();
      await sandbox(demo.service, 'POST', `/__sandbox/orders/${order.id}/remorse`, { ends: '2026-01-01T00:00:00Z' });
      await changes(page).getByRole('button', { name: 'Yes, cancel' }).click();
      await changes(page).getByText('The time to cancel has ended.').waitFor({ timeout: 10_000 });
      await lookUp(page, order.id);
      await changes(page).getByText(/^The time to cancel ended /).first().waitFor();
      assert.equal(await changes(page).getByRole('button', { name: 'Cancel this order' }).count(), 0);
    }));

  it('shows a partial refund made in the sandbox with its amount and items, live', () =>
    withPage(async (page) => {
      const { order } = await place([1001, 1002]);
      const bag = order.bags[1];
      await sandbox(demo.service, 'POST', `/__sandbox/orders/${order.id}/advance`, { bag_id: bag.id });
      await lookUp(page, order.id);
      // The refund must come through the order's event stream: wait until it is open.
      await page.locator('tote-order-status .live').getByText('Live updates on').waitFor({ timeout: 20_000 });
      const line = bag.skus[0];
      await sandbox(demo.service, 'POST', `/__sandbox/orders/${order.id}/refunds`, { bag_id: bag.id, amount: 150, skus: [{ order_sku_id: line.id, quantity: 1 }] });
      const refund = changes(page).locator('[part="refund"]');
      await refund.first().waitFor({ timeout: 3_000 });
      assert.match((await refund.first().innerText()).replace(/\s+/g, ' '), new RegExp(`^\\$1\\.50 refunded: .*${line.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} × 1`));
      if (engine === 'chromium') {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/refund-1280.png`, fullPage: true });
        await page.setViewportSize({ width: 375, height: 800 });
        await page.screenshot({ path: `${SHOTS}/refund-375.png`, fullPage: true });
      }
    }));

  it('operator: finds the order by email, sees another order\'s rejected bag first, cancels a bag, redelivers a failed webhook', () =>
    withPage(async (page) => {
      // A receiver of the channel's that is down when the order's events go out, and back for the redelivery.
      const receiver = await startWebhookReceiver();
      const { url: hook, state } = receiver;
      const got = state.got;
      await sandbox(demo.service, 'POST', '/__sandbox/webhooks', { url: hook, retry_delays_ms: [] });
      try {
      const email = `desk-${engine}@example.com`;
      const { order } = await place([1001, 1002], email);
      await sandbox(demo.service, 'POST', '/__sandbox/faults', { merchant_id: 1003, reject_bags: true });
      let rejected;
      try {
        rejected = (await place([1001, 1003])).order;
      } finally {
        await sandbox(demo.service, 'DELETE', '/__sandbox/faults?merchant_id=1003');
      }
      await place([1001]);
      await page.goto(new URL('operator.html', demo.url).href);
      // The page's script sets the token field when it runs: type only after it has.
      await page.waitForFunction(() => customElements.get('tote-order-desk') !== undefined);
      await page.getByLabel('Operator token').fill(demo.token);
      await page.getByRole('button', { name: 'Use token' }).click();
      const desk = page.locator('tote-order-desk');
      const first = desk.locator('[part="order"]').first();
      await first.waitFor({ timeout: 20_000 });
      assert.equal(await first.getAttribute('data-order'), String(rejected.id), 'the order with a rejected bag comes first');
      assert.equal(await first.locator('[data-attention="rejected"]').count(), 1);

      await desk.getByLabel('Order number, app order ID or shopper email').fill(email.toUpperCase());
      await desk.getByRole('button', { name: 'Search' }).click();
      await desk.locator(`[part="order"][data-order="${order.id}"]`).waitFor({ timeout: 20_000 });
      await page.waitForFunction(() => document.querySelector('tote-order-desk')?.shadowRoot?.querySelectorAll('[part="order"]').length === 1);
      const bag = order.bags[1];
      const row = desk.locator(`[part="bag"][data-bag="${bag.id}"]`);
      await row.getByRole('button', { name: `Cancel bag from ${bag.merchant_name}` }).click();
      await row.getByLabel('Reason (required)').fill('The shop cannot ship it');
      await row.getByRole('button', { name: 'Cancel this bag' }).click();
      await page.waitForFunction(
        (id) => document.querySelector('tote-order-desk')?.shadowRoot?.querySelector(`[part="bag"][data-bag="${id}"]`)?.getAttribute('data-status') === 'CANCELED',
        bag.id,
        { timeout: 20_000 },
      );
      const orders = await sandbox(demo.service, 'GET', '/__sandbox/orders');
      assert.equal(orders.find((o: { id: number }) => o.id === order.id).bags[1].status, 'CANCELED');

      // The deliveries to the receiver that was down failed; one is redelivered from the desk once it is back.
      await desk.getByRole('button', { name: 'Reload deliveries' }).click();
      const failed = desk.locator('[part="webhook"][data-status="FAILED"]').first();
      await failed.waitFor({ timeout: 20_000 });
      if (engine === 'chromium') {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/desk-1280.png`, fullPage: true });
      }
      state.up = true;
      const before = got.length;
      await failed.getByRole('button', { name: 'Redeliver' }).click();
      await desk.getByText(/^Event \d+ sent again as event \d+\.$/).waitFor({ timeout: 20_000 });
      for (let i = 0; i < 100 && !got.slice(before).some((h) => h['x-service-event-id-source']); i++) await new Promise((r) => setTimeout(r, 100));
      const copies = got.slice(before).filter((h) => h['x-service-event-id-source']);
      assert.equal(copies.length, 1, 'the receiver got one copy, naming the event it resends');
      if (engine === 'chromium') {
        await page.setViewportSize({ width: 375, height: 800 });
        await page.screenshot({ path: `${SHOTS}/desk-375.png`, fullPage: true });
      }
      } finally {
        await sandbox(demo.service, 'DELETE', `/__sandbox/webhooks?url=${encodeURIComponent(hook)}`);
        // Registering the receiver moved every event to it (one registration per event): back to the shop's BFF.
        await sandbox(demo.service, 'POST', '/__sandbox/webhooks', { url: demo.webhooks });
        await receiver.close();
      }
    }));
});
