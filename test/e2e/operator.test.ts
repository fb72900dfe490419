// The operator page of `npm start` in Chromium: the printed token opens the
// operator routes, the merchant that needs attention comes first, onboarding
// it completes its payout account, and a refresh of that merchant shows it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumFlags, findChrome } from '../../scripts/find-chrome.mjs';
import { spawnDemo } from './demo-process.js';

/** Starts `npm start`'s server and reads its URL and the operator token it printed. */
function startDemo() {
  return spawnDemo(
    (out) => {
      const url = out.match(/http:\/\/127\.0\.0\.1:\d+/)?.[0];
      // The banner names the operator page and the token it configured: "Operator page: …/operator.html (token: …)".
      const token = out
        .split('\n')
        .find((line) => /operator/i.test(line) && /token/i.test(line))
        ?.match(/token:?\s*([^\s)]+)/i)?.[1];
      return url && token ? { url, token } : undefined;
    },
    ['TOTE_OPERATOR_TOKEN', 'SERVICE_BASE_URL'],
  );
}

const rowOf = (page: Page, id: number) => page.locator(`tote-merchant-health [part="row"][data-merchant-id="${id}"]`);

describe('operator page (e2e)', { timeout: 120_000 }, () => {
  let demo: Awaited<ReturnType<typeof startDemo>>;
  let browser: Browser;

  before(async () => {
    demo = await startDemo();
    browser = await chromium.launch({ executablePath: findChrome(), headless: true, args: chromiumFlags });
  });

  after(async () => {
    await browser?.close();
    demo?.child.kill('SIGTERM');
  });

  it('loads health with the printed token, onboards the merchant needing attention and refreshes it', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${demo.url}/operator.html`);

    await page.getByLabel('Operator token').fill(demo.token);
    await page.getByRole('button', { name: 'Use token' }).click();

    const rows = page.locator('tote-merchant-health [part="row"]');
    await rows.first().waitFor();
    const first = rows.first();
    assert.equal(await first.getAttribute('data-merchant-id'), '1007');
    assert.notEqual(await first.getAttribute('data-severity'), 'ok');

    const scopes = await first.locator('[data-check="scope_validation"] code').allTextContents();
    assert.ok(scopes.length > 0, 'missing scopes listed');
    const payout = first.locator('[data-check="payout_account"]');
    assert.match(await payout.innerText(), /Currently due/);

    // The token lives in this tab's sessionStorage only.
    const stored = await page.evaluate(() => ({
      session: sessionStorage.getItem('tote-operator-token'),
      local: JSON.stringify(localStorage),
      cookie: document.cookie,
    }));
    assert.equal(stored.session, demo.token);
    assert.ok(!stored.local.includes(demo.token) && !stored.cookie.includes(demo.token));

    // Onboarding merchant 1007 completes its payout account in the sandbox.
    const form = page.locator('tote-merchant-onboarding');
    await form.getByLabel('Channel merchant ID').fill('1007');
    await form.getByLabel('Payment provider').selectOption('SANDBOX');
    await form.getByLabel('Provider account ID').fill('acct_e2e_1007');
    await form.getByRole('button', { name: 'Save onboarding' }).click();
    await form.locator('[part="account-id"]').getByText('acct_e2e_1007').waitFor();

    const health = page.locator('tote-merchant-health');
    const before = await health.evaluate(() => performance.getEntriesByType('resource').length);
    await rowOf(page, 1007).getByRole('button', { name: /^Refresh / }).click();
    await rowOf(page, 1007).locator('.refreshed').waitFor();
    assert.doesNotMatch(await rowOf(page, 1007).locator('[data-check="payout_account"]').innerText(), /Currently due/);
    const requests = await health.evaluate(
      (_, n) => performance.getEntriesByType('resource').slice(n).map((e) => new URL(e.name).pathname),
      before,
    );
    assert.deepEqual(
      requests.filter((p) => p.startsWith('/api/')),
      ['/api/operator/connection-health/1007/refresh'],
    );

    // A reload keeps the token for this tab and loads the reports again.
    await page.reload();
    await rows.first().waitFor();
    assert.equal(await page.getByLabel('Operator token').inputValue(), demo.token);
    assert.deepEqual(errors, []);
  });

  it('a wrong token is refused and said so', async () => {
    const page = await browser.newPage();
    await page.goto(`${demo.url}/operator.html`);
    await page.getByLabel('Operator token').fill(`${demo.token}-wrong`);
    await page.getByRole('button', { name: 'Use token' }).click();
    await page.locator('tote-merchant-health [role="alert"]').getByText(/operator token was not accepted/).waitFor();
    assert.equal(await page.locator('tote-merchant-health [part="row"]').count(), 0);
  });
});
