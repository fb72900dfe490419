// Shared by the server-rendered catalogue's browser tests (test/ship/ssr-*.test.ts): the script-tag example's server
// as they start it, and a proxy in front of it that holds lit's hydration support (the `hydrate-*` chunk) back, so
// that a page is on screen as the server drew it, Tote's script has run, and no Tote element is defined or hydrated
// until the test lets the chunk through.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { ensureBuilt, launch } from './support.js';
import { until } from '../until.js';
import type { Engine } from '../e2e/engines.js';
import { cartStorageKey, type CartLineInput } from '../../src/state/cart-store.js';
import type { ExampleServer } from '../../examples/script-tag/server.mjs';
import type { OffersResponse } from '../../src/contract/api.js';
import { DEFAULT_CREDENTIALS } from '../../src/sandbox/index.js';

/** The built example's server on a free port, and its grid's first page of `size` offers (what the server renders). */
export async function startSsrExample(size: number): Promise<{ example: ExampleServer; firstPage: OffersResponse }> {
  await ensureBuilt();
  const { startExampleServer } = await import('../../examples/script-tag/server.mjs');
  const example = await startExampleServer({ port: 0 });
  const firstPage = (await (await fetch(`${example.url}api/offers?size=${size}`)).json()) as OffersResponse;
  return { example, firstPage };
}

/** Another example server on `example`'s sandbox (its media origin is the one the policy allows), rendering `page`. */
export async function startSsrExampleWithPage(example: ExampleServer, page: OffersResponse): Promise<ExampleServer> {
  const serviceEnv = {
    SERVICE_BASE_URL: example.serviceUrl,
    SERVICE_APP_ID: String(DEFAULT_CREDENTIALS.appId),
    SERVICE_APP_SECRET: DEFAULT_CREDENTIALS.appSecret,
    SERVICE_TOKEN: DEFAULT_CREDENTIALS.token,
  };
  const { startExampleServer } = await import('../../examples/script-tag/server.mjs');
  return startExampleServer({ port: 0, serviceEnv, ssr: { page } });
}

/** A proxy in front of `target` that holds every request for the hydration chunk until `release()`. */
export async function hydrationGate(target: string) {
  let release = () => {};
  let opened = Promise.resolve();
  const held: string[] = [];
  const server: Server = createServer((req, res) => {
    const forward = () => {
      const upstream = request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    };
    if (req.url === '/blank') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>blank</title>');
    if (!/\/hydrate-[\w-]+\.js$/.test(req.url!)) return forward();
    held.push(req.url!);
    void opened.then(forward);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    held,
    /** Holds the chunk from now on, until `release()`. */
    close() {
      held.length = 0;
      opened = new Promise<void>((ok) => (release = ok));
    },
    release: () => release(),
    stop: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}

export type HydrationGate = Awaited<ReturnType<typeof hydrationGate>>;

/** A browser of `engine` and a gate in front of `example`; `close()` lets what the gate holds through and stops both. */
export async function gatedBrowser(example: ExampleServer, engine: Engine) {
  const gate = await hydrationGate(example.url);
  const browser = await launch(engine);
  return {
    gate,
    browser,
    async close() {
      gate.release();
      await browser.close();
      await gate.stop();
    },
  };
}

/**
 * The example's server-rendered page (/ssr.html) on screen in a new page, Tote's script run and the hydration chunk
 * held back, with `saved` in the cart's storage. The page is in a frame the size of the window, added once a blank
 * page of the same origin has loaded: Firefox and WebKit hold a page's load event for the chunk it imports, and
 * WebKit's driver holds every command until the page it navigated to has loaded, which the held chunk never lets
 * happen. The frame's load is nobody's wait.
 */
export async function openHeld(
  { gate, browser }: { gate: HydrationGate; browser: Browser },
  { viewport, saved = [] }: { viewport?: { width: number; height: number }; saved?: CartLineInput[] } = {},
): Promise<Page> {
  gate.close();
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await page.goto(`${gate.url}blank`);
  await page.evaluate(
    ({ key, lines }) => {
      localStorage.clear();
      if (lines.length) localStorage.setItem(key, JSON.stringify({ v: 1, lines }));
      const frame = document.createElement('iframe');
      frame.src = '/ssr.html';
      frame.style.cssText = 'position: fixed; inset: 0; width: 100%; height: 100%; border: 0';
      document.body.append(frame);
    },
    { key: cartStorageKey('/api'), lines: saved },
  );
  // Tote's module script has run at DOMContentLoaded (it installs what holds a tap, and asks for the support).
  await page.waitForFunction(() => {
    const doc = document.querySelector('iframe')?.contentDocument;
    const timing = doc?.defaultView?.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return !!doc?.URL.endsWith('/ssr.html') && !!timing?.domContentLoadedEventEnd;
  });
  // The gate (in this process) sees the request once its bytes have come in: the page is the server's.
  await until(() => gate.held.length > 0, 'the hydration chunk asked for, and held');
  return page;
}
