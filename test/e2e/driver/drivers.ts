// The two engines Playwright cannot drive here, behind page.ts's Driver:
// Debian's Firefox ESR through puppeteer-core over WebDriver BiDi, and
// WebKitGTK's MiniBrowser through W3C WebDriver (scripts/webdriver.mjs).
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';
import { firefoxPrefs, findFirefox } from '../../../scripts/find-firefox.mjs';
import { WebDriverSession } from '../../../scripts/webdriver.mjs';
import { Page, type Driver, type PageEvents } from './page.js';

/** Playwright's default viewport, so layouts match across engines. */
const VIEWPORT = { width: 1280, height: 720 };

export interface ShimContext {
  newPage(): Promise<Page>;
  close(): Promise<void>;
}
type Viewport = { width: number; height: number };
export interface ShimBrowser {
  newContext(options?: { viewport?: Viewport }): Promise<ShimContext>;
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}

/** A browser from its contexts: `newPage` is a page in a context of its own, as in Playwright. */
function shimBrowser(newContext: ShimBrowser['newContext'], close: () => Promise<void>): ShimBrowser {
  return { newContext, newPage: async (options) => (await newContext(options)).newPage(), close };
}

const scriptOrOther = (url: string) => (/\.m?js$/.test(new URL(url).pathname) ? 'script' : 'other');

/**
 * Far above any command's own time here (a first page load on a loaded CI machine takes seconds), far below
 * puppeteer's 180 s default: a command Firefox never answers fails its test in a minute (page.ts, `run`).
 */
const PROTOCOL_TIMEOUT_MS = 60_000;

/** Playwright key names that puppeteer's BiDi keyboard spells differently. */
const PUPPETEER_KEYS: Record<string, string> = { Space: ' ' };

class FirefoxDriver implements Driver {
  constructor(private readonly page: PuppeteerPage) {}

  async goto(url: string) {
    await this.page.goto(url);
  }
  async reload() {
    await this.page.reload();
  }
  eval(expression: string) {
    return this.page.evaluate(expression);
  }
  click(x: number, y: number) {
    return this.page.mouse.click(x, y);
  }
  async press(key: string) {
    const parts = key.split('+').map((k) => PUPPETEER_KEYS[k] ?? k) as Parameters<PuppeteerPage['keyboard']['press']>[0][];
    const main = parts.pop()!;
    for (const m of parts) await this.page.keyboard.down(m);
    await this.page.keyboard.press(main);
    for (const m of parts.reverse()) await this.page.keyboard.up(m);
  }
  type(text: string) {
    return this.page.keyboard.type(text);
  }
  async addInitScript(source: string) {
    await this.page.evaluateOnNewDocument(source);
  }
  on<K extends keyof PageEvents>(event: K, listener: (e: PageEvents[K]) => void) {
    const emit = listener as (e: unknown) => void;
    if (event === 'pageerror') this.page.on('pageerror', (e) => emit(e instanceof Error ? e : new Error(String(e))));
    else if (event === 'console') this.page.on('console', (m) => emit({ type: () => m.type(), text: () => m.text(), location: () => m.location() }));
    // puppeteer's BiDi requests have no resourceType(): a script is what the page fetched as a .js/.mjs file.
    else if (event === 'request') {
      this.page.on('request', (r) => emit({ resourceType: () => scriptOrOther(r.url()), url: () => r.url(), method: () => r.method() }));
    }
  }
  setViewport(size: { width: number; height: number }) {
    return this.page.setViewport(size);
  }
  close() {
    return this.page.close();
  }
}

async function launchFirefox(): Promise<ShimBrowser> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: true,
    defaultViewport: VIEWPORT,
    extraPrefsFirefox: firefoxPrefs,
    protocolTimeout: PROTOCOL_TIMEOUT_MS,
  });
  const newContext = async (options: { viewport?: Viewport } = {}): Promise<ShimContext> => {
    const context = await browser.createBrowserContext();
    const ctx: ShimContext = {
      newPage: async () => {
        const page = await context.newPage();
        if (options.viewport) await page.setViewport(options.viewport);
        return new Page(new FirefoxDriver(page), ctx);
      },
      close: () => context.close(),
    };
    return ctx;
  };
  return shimBrowser(newContext, () => browser.close());
}

/**
 * Collects, in the page, what Playwright reports as events: uncaught errors,
 * console errors and fetched resources (from Resource Timing). WebDriver
 * classic has no events and no scripts that run before the page's own, so
 * this is installed on the first command in each document; an error thrown
 * while the page was still loading is not seen (a WebKit-only blind spot).
 */
const INSTALL = `(() => {
  if (window.__toteEvents) return;
  const q = (window.__toteEvents = []);
  addEventListener('error', (e) => q.push({ kind: 'pageerror', message: e.message, stack: e.error && e.error.stack }));
  addEventListener('unhandledrejection', (e) => q.push({ kind: 'pageerror', message: String(e.reason && e.reason.message || e.reason), stack: e.reason && e.reason.stack }));
  // Resource Timing has no method: the page's own fetches are recorded as they start.
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    const req = input instanceof Request ? input : null;
    q.push({ kind: 'request', url: new URL(req ? req.url : String(input), location.href).href, method: (init && init.method) || (req && req.method) || 'GET', initiatorType: 'fetch' });
    return fetch.apply(this, arguments);
  };
  const error = console.error;
  console.error = function (...args) {
    q.push({ kind: 'console', type: 'error', text: args.map(String).join(' '), url: location.href });
    return error.apply(this, args);
  };
  window.__toteSeen = 0;
})()`;
const DRAIN = `(() => {
  const out = window.__toteEvents.splice(0);
  const res = performance.getEntriesByType('resource');
  for (const r of res.slice(window.__toteSeen)) if (r.initiatorType !== 'fetch') out.push({ kind: 'request', url: r.name, method: 'GET', initiatorType: r.initiatorType });
  window.__toteSeen = res.length;
  return out;
})()`;

type Collected =
  | { kind: 'pageerror'; message: string; stack?: string }
  | { kind: 'console'; type: string; text: string; url: string }
  | { kind: 'request'; url: string; method: string; initiatorType: string };

/** Which window the session's commands go to: pages of a context each have their own. */
class Windows {
  current?: string;
  constructor(readonly session: WebDriverSession) {}
  async use(handle: string) {
    if (this.current === handle) return;
    await this.session.command('POST', '/window', { handle });
    this.current = handle;
  }
}

class WebKitDriver implements Driver {
  private listeners: { [K in keyof PageEvents]: ((e: PageEvents[K]) => void)[] } = { pageerror: [], console: [], request: [] };
  private initScripts: string[] = [];

  constructor(
    private readonly windows: Windows,
    readonly handle: string,
  ) {}

  private get session() {
    return this.windows.session;
  }
  /** This page's window, then the command. */
  private async on_<T>(run: () => Promise<T>): Promise<T> {
    await this.windows.use(this.handle);
    return run();
  }

  goto(url: string) {
    return this.on_(async () => {
      await this.session.navigate(url);
      await this.loaded();
    });
  }
  reload() {
    return this.on_(async () => {
      await this.session.command('POST', '/refresh', {});
      await this.loaded();
    });
  }
  /**
   * Waits for the document's load event, where Playwright's goto and reload return. WebKitWebDriver answers
   * once the document is parsed (`readyState` "interactive"), before its module scripts have run: a test
   * then acted on a server-rendered grid nobody listened to yet, wrote storage the page's scripts then read,
   * and clicked at a point of a page WebKit scrolled back to the top as the load ended (docs/testing.md).
   */
  private async loaded() {
    // The init scripts go in first, as early in the document as WebDriver classic reaches (it answered at
    // "interactive"): waiting for `load` before them let the page's module scripts run first (a test watching
    // `customElements.define` then saw nothing, in WebKit now and then).
    await this.session.executeAsync(`${this.prelude()}
      if (document.readyState !== 'complete') await new Promise((r) => addEventListener('load', r, { once: true }));`);
  }
  /** The event collector and the init scripts, once per document. */
  private prelude() {
    const init = this.initScripts.map((s) => `try { ${s}; } catch (e) { console.error(e); }`).join('\n');
    return `if (!window.__toteEvents) { ${INSTALL}; ${init} }`;
  }
  async eval(expression: string) {
    const r = (await this.on_(() =>
      this.session.executeAsync(`
      ${this.prelude()}
      const v = await (${expression});
      return { v, events: ${DRAIN} };`),
    )) as { v: unknown; events: Collected[] };
    for (const e of r.events) this.emit(e);
    return r.v;
  }
  private emit(e: Collected) {
    if (e.kind === 'pageerror') {
      const err = new Error(e.message);
      if (e.stack) err.stack = e.stack;
      this.listeners.pageerror.forEach((l) => l(err));
    } else if (e.kind === 'console') {
      this.listeners.console.forEach((l) => l({ type: () => e.type, text: () => e.text, location: () => ({ url: e.url }) }));
    } else {
      // Resource Timing names what fetched a resource, not its kind: a script is what a script element or an import fetched.
      const type = e.initiatorType === 'script' ? 'script' : scriptOrOther(e.url);
      this.listeners.request.forEach((l) => l({ resourceType: () => type, url: () => e.url, method: () => e.method }));
    }
  }
  click(x: number, y: number) {
    return this.on_(() => this.session.click(x, y));
  }
  press(key: string) {
    return this.on_(() => this.session.press(key));
  }
  type(text: string) {
    return this.on_(() => this.session.type(text));
  }
  async addInitScript(source: string) {
    this.initScripts.push(source);
  }
  on<K extends keyof PageEvents>(event: K, listener: (e: PageEvents[K]) => void) {
    this.listeners[event].push(listener);
  }
  async setViewport(size: Viewport) {
    // The window includes MiniBrowser's own chrome: grow it by the difference.
    const [ow, oh, iw, ih] = (await this.on_(() => this.session.execute('return [outerWidth, outerHeight, innerWidth, innerHeight]'))) as number[];
    await this.on_(() => this.session.command('POST', '/window/rect', { width: size.width + ow! - iw!, height: size.height + oh! - ih! }));
  }
  /** Forgets this page's storage and cookies, and leaves it blank (or closes it when it is not the last window). */
  async close() {
    await this.on_(async () => {
      await this.session.execute('try { localStorage.clear(); sessionStorage.clear(); } catch {}').catch(() => undefined);
      await this.session.command('DELETE', '/cookie').catch(() => undefined);
      await this.session.navigate('about:blank');
    });
  }
  async closeWindow() {
    await this.windows.use(this.handle);
    await this.session.command('DELETE', '/window');
    this.windows.current = undefined;
  }
}

async function launchWebKit(): Promise<ShimBrowser> {
  const session = await WebDriverSession.startWebKit();
  const windows = new Windows(session);
  const first = (await session.command('GET', '/window')) as string;
  let current: ShimContext | undefined;
  // WebKitWebDriver allows one session, so contexts take turns: a context's first page is the
  // session's first window, each further page a window of its own, closed with the context.
  const newContext = async (options: { viewport?: Viewport } = {}): Promise<ShimContext> => {
    await current?.close();
    const pages: WebKitDriver[] = [];
    const ctx: ShimContext = {
      newPage: async () => {
        const handle = pages.length ? ((await session.command('POST', '/window/new', { type: 'window' })) as { handle: string }).handle : first;
        const driver = new WebKitDriver(windows, handle);
        pages.push(driver);
        await driver.setViewport(options.viewport ?? VIEWPORT);
        return new Page(driver, ctx);
      },
      close: async () => {
        if (current !== ctx) return;
        current = undefined;
        for (const p of pages.slice(1)) await p.closeWindow().catch(() => undefined);
        await pages[0]?.close();
        await windows.use(first);
      },
    };
    current = ctx;
    return ctx;
  };
  return shimBrowser(newContext, () => session.close());
}

export function launchShim(engine: 'firefox' | 'webkit'): Promise<ShimBrowser> {
  return engine === 'firefox' ? launchFirefox() : launchWebKit();
}
