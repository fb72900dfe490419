import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import '../../src/elements/merchant-health/merchant-health.js';
import type { ToteMerchantHealth } from '../../src/elements/merchant-health/merchant-health.js';
import type { ConnectionHealthReport } from '../../src/contract/operations.js';
import {
  healthyMerchants,
  healthyReport,
  needsAttentionReport,
  seededMerchants,
  syncInProgressReport,
} from '../../stories/fixtures/operator.js';

interface Call {
  method: string;
  url: string;
  authorization: string | null;
}

/** A BFF stand-in: answers the operator routes from a table and records every call. */
function fakeBff(routes: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), location.href).pathname;
    const headers = new Headers(init.headers);
    const call = { method: init.method ?? 'GET', url, authorization: headers.get('authorization') };
    calls.push(call);
    const handler = routes[`${call.method} ${url}`];
    if (!handler) return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    return handler(call);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shadow = (el: HTMLElement) => el.shadowRoot!;
const rows = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLElement>('[part="row"]')];
const rowIds = (el: HTMLElement) => rows(el).map((r) => Number(r.dataset.merchantId));
const row = (el: HTMLElement, id: number) => shadow(el).querySelector<HTMLElement>(`[data-merchant-id="${id}"]`)!;
const check = (el: HTMLElement, id: number, name: string) =>
  row(el, id).querySelector<HTMLElement>(`[data-check="${name}"]`)!;
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

async function loaded(el: ToteMerchantHealth) {
  await waitUntil(() => rows(el).length > 0, 'rows did not render');
  await el.updateComplete;
}

describe('tote-merchant-health', () => {
  it('is accessible with every merchant shown', async () => {
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health .reports=${seededMerchants} fetched-at="2026-11-21T09:00:00Z"></tote-merchant-health>`,
    );
    await expect(el).to.be.accessible();
  });

  it('names platforms and product issues in words, and does not count products unpublished on purpose', async () => {
    const base = healthyReport(41, 'Woo Shop');
    const unpublished = healthyReport(41, 'Woo Shop', {
      platform: 'WOOCOMMERCE',
      invalid_products: { ...base.invalid_products!, results: { count: 2, invalid_product: { name: 'Lamp', issues: ['NOT_PUBLISHED'] } } },
    });
    const el = await fixture<ToteMerchantHealth>(html`<tote-merchant-health .reports=${[unpublished]}></tote-merchant-health>`);
    await loaded(el);
    expect(text(row(el, 41).querySelector('.meta'))).to.include('WooCommerce');
    expect(text(check(el, 41, 'invalid_products'))).to.include('Not published').and.not.include('NOT_PUBLISHED');
    expect(row(el, 41).dataset.severity, 'an unpublished product is no problem').to.equal('info');
  });

  it('is accessible while loading, on error, without a token and when empty', async () => {
    const pending = fakeBff({ 'GET /api/operator/connection-health': () => new Promise<Response>(() => {}) });
    const loading = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health endpoint="/api" token="op" .fetch=${pending.fetch}></tote-merchant-health>`,
    );
    expect(text(shadow(loading).querySelector('[part="message"]'))).to.contain('Loading connection health');
    await expect(loading).to.be.accessible();

    const failing = fakeBff({
      'GET /api/operator/connection-health': () => json({ error: { code: 'internal', message: 'Upstream failed' } }, 502),
    });
    const error = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health endpoint="/api" token="op" .fetch=${failing.fetch}></tote-merchant-health>`,
    );
    await waitUntil(() => shadow(error).querySelector('[role="alert"]'));
    expect(text(shadow(error).querySelector('[role="alert"]'))).to.contain('Upstream failed');
    await expect(error).to.be.accessible();

    const noToken = await fixture<ToteMerchantHealth>(html`<tote-merchant-health endpoint="/api"></tote-merchant-health>`);
    expect(text(shadow(noToken).querySelector('[part="message"]'))).to.contain('operator token');
    await expect(noToken).to.be.accessible();

    const empty = await fixture<ToteMerchantHealth>(html`<tote-merchant-health .reports=${[]}></tote-merchant-health>`);
    expect(text(shadow(empty).querySelector('[part="message"]'))).to.contain('No merchants');
    await expect(empty).to.be.accessible();
  });

  it('shows the merchant that needs attention first, with its missing scopes and payout requirements', async () => {
    const bff = fakeBff({
      'GET /api/operator/connection-health': () => json({ reports: seededMerchants, fetched_at: '2026-11-21T09:00:00Z' }),
    });
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health endpoint="/api" token="op-secret" .fetch=${bff.fetch}></tote-merchant-health>`,
    );
    await loaded(el);

    expect(bff.calls).to.deep.equal([
      { method: 'GET', url: '/api/operator/connection-health', authorization: 'Bearer op-secret' },
    ]);
    expect(rowIds(el)[0]).to.equal(1007);
    expect(text(row(el, 1007).querySelector('[part="badge"]'))).to.equal('Blocked');
    expect(rowIds(el).slice(-3)).to.have.members([1001, 1002, 1003]);

    const scopes = check(el, 1007, 'scope_validation');
    expect(scopes.dataset.state).to.equal('warning');
    expect([...scopes.querySelectorAll('code')].map(text)).to.deep.equal(['write_orders']);

    const payout = check(el, 1007, 'payout_account');
    expect(text(payout)).to.contain('Incomplete');
    expect(text(payout)).to.contain('Currently due:');
    expect([...payout.querySelectorAll('code')].map(text)).to.deep.equal([
      'external_account',
      'tos_acceptance.date',
      'individual.id_number',
    ]);

    const offers = check(el, 1007, 'offers_published');
    expect(text(offers.querySelector('[part="check-error"]'))).to.contain('Two SKUs could not be published');
    expect(text(offers.querySelector('[part="check-error"]'))).to.contain('SKU 70071');
    expect(text(offers.querySelector('[part="check-error"]'))).to.contain('Stoneware mug / Sand');

    expect(text(check(el, 1007, 'invalid_products'))).to.contain('3 invalid products');
    expect(text(check(el, 1007, 'invalid_products'))).to.contain('no images');
    expect(text(check(el, 1007, 'migration'))).to.contain('Migration required');
    expect(text(check(el, 1001, 'payout_account'))).to.contain('Complete');
    expect(text(check(el, 1006, 'sync_status'))).to.contain('120 of 480 products synced');
    expect(row(el, 1006).querySelector('progress')!.value).to.equal(120);

    expect(text(shadow(el).querySelector('[part="freshness"]'))).to.contain('up to 24 hours old');
    await expect(el).to.be.accessible();
  });

  it('refresh re-reads one merchant and re-sorts it', async () => {
    const fixed = healthyReport(1007, 'Kettle & Kiln', { platform: 'MAGENTO' });
    const bff = fakeBff({
      'GET /api/operator/connection-health': () => json({ reports: seededMerchants }),
      'POST /api/operator/connection-health/1007/refresh': () => json({ report: fixed, fetched_at: '2026-11-21T10:00:00Z' }),
    });
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health endpoint="/api" token="op" .fetch=${bff.fetch}></tote-merchant-health>`,
    );
    await loaded(el);
    const before1005 = row(el, 1005);

    const button = row(el, 1007).querySelector<HTMLButtonElement>('[part="refresh-button"]')!;
    expect(button.getAttribute('aria-label')).to.equal('Refresh Kettle & Kiln');
    const event = oneEvent(el, 'tote-health-refresh');
    button.focus();
    button.click();
    const { detail } = await event;
    await el.updateComplete;

    expect(detail.merchant_id).to.equal(1007);
    expect(bff.calls.map((c) => `${c.method} ${c.url}`)).to.deep.equal([
      'GET /api/operator/connection-health',
      'POST /api/operator/connection-health/1007/refresh',
    ]);
    expect(bff.calls[1]!.authorization).to.equal('Bearer op');
    expect(row(el, 1007).dataset.severity).to.equal('ok');
    expect(rowIds(el)[0]).to.not.equal(1007);
    expect(text(row(el, 1007).querySelector('.refreshed'))).to.match(/^Refreshed .*2026/);
    // Rows move with their merchant: the same elements, and focus stays on the button that was pressed.
    expect(rowIds(el)[0]).to.equal(1005);
    // (Identity compared as booleans: chai would print whole DOM trees on a failure.)
    expect(row(el, 1005) === before1005, 'row 1005 kept').to.equal(true);
    expect(shadow(el).activeElement === button, 'focus on the pressed button').to.equal(true);
    expect(button.closest('[part="row"]') === row(el, 1007), 'button in row 1007').to.equal(true);
    expect(text(shadow(el).querySelector('[role="status"]'))).to.equal('Kettle & Kiln refreshed.');
  });

  it('a merchant fixed by a refresh leaves the needs-attention list and focus goes to the heading', async () => {
    const bff = fakeBff({
      'POST /api/operator/connection-health/1007/refresh': () => json({ report: healthyReport(1007, 'Kettle & Kiln') }),
    });
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health
        endpoint="/api"
        token="op"
        filter="attention"
        .fetch=${bff.fetch}
        .reports=${seededMerchants}
      ></tote-merchant-health>`,
    );
    const button = row(el, 1007).querySelector<HTMLButtonElement>('[part="refresh-button"]')!;
    button.focus();
    button.click();
    await oneEvent(el, 'tote-health-refresh');
    await el.updateComplete;
    await el.updateComplete;
    expect(rowIds(el)).to.deep.equal([1005, 1004]);
    expect(shadow(el).activeElement?.id).to.equal('title');
    expect(bff.calls).to.have.length(1);
  });

  it('a failed refresh says so on that merchant and keeps its old report', async () => {
    const bff = fakeBff({
      'GET /api/operator/connection-health': () => json({ reports: [needsAttentionReport, ...healthyMerchants] }),
      'POST /api/operator/connection-health/1007/refresh': () =>
        json({ error: { code: 'merchant_busy', message: 'Busy', merchant_id: 1007, retry_after: 12 } }, 429),
    });
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health endpoint="/api" token="op" .fetch=${bff.fetch}></tote-merchant-health>`,
    );
    await loaded(el);
    row(el, 1007).querySelector<HTMLButtonElement>('[part="refresh-button"]')!.click();
    await waitUntil(() => row(el, 1007).querySelector('.refresh-error'));
    expect(text(row(el, 1007).querySelector('.refresh-error'))).to.contain('Try again in 12 s');
    expect(row(el, 1007).dataset.severity).to.equal('blocking');
    await expect(el).to.be.accessible();
  });

  it('leaving the page mid-refresh drops that refresh; back on the page the merchant can be refreshed again', async () => {
    let answer!: () => void;
    const bff = fakeBff({
      'GET /api/operator/connection-health': () => json({ reports: seededMerchants }),
      'POST /api/operator/connection-health/1007/refresh': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json({ report: healthyReport(1007, 'Kettle & Kiln') }));
        }),
    });
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health endpoint="/api" token="op" .fetch=${bff.fetch}></tote-merchant-health>`,
    );
    await loaded(el);
    let refreshed = 0;
    el.addEventListener('tote-health-refresh', () => refreshed++);
    const refreshButton = () => row(el, 1007).querySelector<HTMLButtonElement>('[part="refresh-button"]')!;
    refreshButton().click();
    await el.updateComplete;
    expect(text(refreshButton())).to.equal('Refreshing…');

    const parent = el.parentElement!;
    el.remove();
    answer();
    parent.append(el);
    await waitUntil(() => text(refreshButton()) === 'Refresh', 'the merchant stayed "Refreshing…" after coming back');
    expect(refreshed).to.equal(0);
    expect(row(el, 1007).dataset.severity).to.not.equal('ok');
    expect(refreshButton().getAttribute('aria-disabled')).to.equal('false');
  });

  it('filters to the merchants that need attention and sorts by name, by the user\'s choice', async () => {
    const el = await fixture<ToteMerchantHealth>(html`<tote-merchant-health .reports=${seededMerchants}></tote-merchant-health>`);
    const attention = shadow(el).querySelector<HTMLInputElement>('input[value="attention"]')!;
    expect(text(attention.closest('label'))).to.equal('Needs attention (3)');
    attention.click();
    await el.updateComplete;
    expect(el.filter).to.equal('attention');
    expect(rowIds(el)).to.deep.equal([1007, 1005, 1004]);
    await expect(el).to.be.accessible();

    shadow(el).querySelector<HTMLInputElement>('input[value="all"]')!.click();
    const select = shadow(el).querySelector('select')!;
    select.value = 'name';
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    const names = rows(el).map((r) => text(r.querySelector('[part="name"]')));
    expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).to.have.length(7);
  });

  it('says when nobody needs attention', async () => {
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health filter="attention" .reports=${[...healthyMerchants, syncInProgressReport]}></tote-merchant-health>`,
    );
    expect(rows(el)).to.have.length(0);
    expect(text(shadow(el).querySelector('[part="message"]'))).to.equal('No merchant needs attention.');
  });

  it('links only http(s) store URLs and renders merchant text as text', async () => {
    const hostile: ConnectionHealthReport = healthyReport(1, '<img src=x onerror=alert(1)>', {
      store_url: 'javascript:alert(1)',
    });
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health .reports=${[hostile, healthyMerchants[0]!]}></tote-merchant-health>`,
    );
    expect(Boolean(row(el, 1).querySelector('a'))).to.equal(false);
    expect(Boolean(row(el, 1).querySelector('img'))).to.equal(false);
    expect(text(row(el, 1).querySelector('[part="name"]'))).to.equal('<img src=x onerror=alert(1)>');
    expect(row(el, 1001).querySelector('a')!.getAttribute('href')).to.equal('https://store-1001.example.com/');
  });

  it('explains a rejected token and routes that are switched off', async () => {
    const rejected = fakeBff({
      'GET /api/operator/connection-health': () => json({ error: { code: 'unauthorized', message: 'Unauthorized' } }, 401),
    });
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health endpoint="/api" token="wrong" .fetch=${rejected.fetch}></tote-merchant-health>`,
    );
    await waitUntil(() => shadow(el).querySelector('[role="alert"]'));
    expect(text(shadow(el).querySelector('[role="alert"]'))).to.contain('operator token was not accepted');

    const off = fakeBff({});
    const el2 = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health endpoint="/api" token="op" .fetch=${off.fetch}></tote-merchant-health>`,
    );
    await waitUntil(() => shadow(el2).querySelector('[role="alert"]'));
    expect(text(shadow(el2).querySelector('[role="alert"]'))).to.contain('TOTE_OPERATOR_TOKEN');
  });

  it('a new token loads again', async () => {
    const bff = fakeBff({
      'GET /api/operator/connection-health': (call) =>
        call.authorization === 'Bearer right'
          ? json({ reports: healthyMerchants })
          : json({ error: { code: 'unauthorized', message: 'Unauthorized' } }, 401),
    });
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health endpoint="/api" token="wrong" .fetch=${bff.fetch}></tote-merchant-health>`,
    );
    await waitUntil(() => shadow(el).querySelector('[role="alert"]'));
    el.token = 'right';
    await loaded(el);
    expect(rowIds(el)).to.have.length(3);
    expect(bff.calls.map((c) => c.authorization)).to.deep.equal(['Bearer wrong', 'Bearer right']);
  });

  it('flags reports fetched long ago as stale', async () => {
    const longAgo = new Date(Date.now() - 23 * 3600 * 1000).toISOString();
    const el = await fixture<ToteMerchantHealth>(
      html`<tote-merchant-health .reports=${healthyMerchants} fetched-at=${longAgo}></tote-merchant-health>`,
    );
    const freshness = text(shadow(el).querySelector('[part="freshness"]'));
    expect(freshness).to.contain('23 hours ago');
    expect(freshness).to.contain('Reload to see newer data');
    await expect(el).to.be.accessible();
  });
});
