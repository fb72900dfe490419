// The React wrappers' event props written from the events registry (src/react/event-props.ts), as a React
// app uses them in Chromium: a host app keeps the discount codes in its own state through
// `<ToteDiscountCodes onToteDiscountApply onToteDiscountRemove>` (a wrapper and props that did not exist
// before the registry), and `<ToteProvider>` around it hears the same events (the provider takes every one).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { launch, repo } from './support.js';

const APP = `
import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { ToteDiscountCodes, ToteProvider } from './src/react/index.ts';

const heard = (window.heard = []);
function App() {
  const [codes, setCodes] = React.useState([]);
  return (
    <ToteProvider endpoint="/api" onToteDiscountApply={(e) => heard.push('provider heard ' + e.detail.code)}>
      <ToteDiscountCodes
        codes={codes.map((code) => ({ code, status: 'pending', amount: 0 }))}
        onToteDiscountApply={(e) => setCodes((now) => [...now, e.detail.code])}
        onToteDiscountRemove={(e) => setCodes((now) => now.filter((c) => c !== e.detail.code))}
      />
    </ToteProvider>
  );
}
createRoot(document.getElementById('root')).render(<App />);
`;

describe('tote-checkout/react: event props from the registry', { timeout: 120_000 }, () => {
  let browser: Browser;
  let page: Page;

  before(async () => {
    const bundle = await build({
      stdin: { contents: APP, loader: 'tsx', resolveDir: repo, sourcefile: 'app.tsx' },
      bundle: true,
      format: 'esm',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      write: false,
      logLevel: 'error',
    });
    browser = await launch();
    page = await browser.newPage();
    // The app alone on its origin; the provider's BFF is not needed here and answers nothing.
    await page.route('http://app.test/**', (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><div id="root"></div><script type="module" src="/app.js"></script>' });
      if (url.pathname === '/app.js') return route.fulfill({ contentType: 'text/javascript', body: bundle.outputFiles[0]!.text });
      return route.fulfill({ status: 404, body: '' });
    });
    await page.goto('http://app.test/');
  });
  after(() => browser?.close());

  it('the app applies and removes a code through onToteDiscountApply / onToteDiscountRemove; the provider hears it', async () => {
    await page.locator('tote-discount-codes [part="toggle"]').click();
    await page.locator('tote-discount-codes [part="input"]').fill('SPRING10');
    await page.locator('tote-discount-codes [part="input"]').press('Enter');
    const row = page.locator('tote-discount-codes [part="code"][data-code="SPRING10"]');
    await row.waitFor();
    assert.deepEqual(await page.evaluate(() => (window as unknown as { heard: string[] }).heard), ['provider heard SPRING10']);

    await row.locator('[part="remove-button"]').click();
    await row.waitFor({ state: 'detached' });
  });
});
