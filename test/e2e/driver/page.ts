// The slice of Playwright's Page and Locator that Tote's end-to-end tests use,
// over any engine that can evaluate script and send real pointer and key input
// (see drivers.ts: Firefox through puppeteer-core over WebDriver BiDi, WebKit
// through W3C WebDriver). Locators resolve in the page (in-page.js) on every
// use, actions wait as Playwright's do (visible, enabled, stable, hit) and then
// click with the real pointer, whose events are checked to reach the element
// (docs/testing.md, "The Firefox and WebKit driver"), so a test reads the same
// in every engine.
import { readFileSync } from 'node:fs';

const LIB = readFileSync(new URL('./in-page.js', import.meta.url), 'utf8');
const DEFAULT_TIMEOUT = 30_000;
const POLL_MS = 100;

export interface ConsoleLike {
  type(): string;
  text(): string;
  location(): { url?: string };
}
export interface RequestLike {
  resourceType(): string;
  url(): string;
  method(): string;
}
export interface PageEvents {
  pageerror: Error;
  console: ConsoleLike;
  request: RequestLike;
}

/** What an engine must offer: page script evaluation and real input. */
export interface Driver {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Evaluates a JS expression in the page; a promise is awaited; the value comes back as JSON. */
  eval(expression: string): Promise<unknown>;
  click(x: number, y: number): Promise<void>;
  press(key: string): Promise<void>;
  type(text: string): Promise<void>;
  addInitScript(source: string): Promise<void>;
  on<K extends keyof PageEvents>(event: K, listener: (e: PageEvents[K]) => void): void;
  setViewport(size: { width: number; height: number }): Promise<void>;
  close(): Promise<void>;
}

/** Text to match: a RegExp crosses to the page as its source and flags. */
type Text = string | { re: string; flags: string };
const text = (t: string | RegExp): Text => (t instanceof RegExp ? { re: t.source, flags: t.flags } : t);

type Step =
  | { kind: 'css'; selector: string }
  | { kind: 'role'; role: string; name?: Text; exact?: boolean }
  | { kind: 'label'; text: Text; exact?: boolean }
  | { kind: 'text'; text: Text; exact?: boolean }
  | { kind: 'has'; steps: Step[] }
  | { kind: 'hasText'; text: Text }
  | { kind: 'nth'; index: number };

interface Filter {
  has?: Locator;
  hasText?: string | RegExp;
}
interface Timeout {
  timeout?: number;
}
/** An option as Playwright's selectOption names one: by its value, its label, or both. */
interface SelectWanted {
  value?: string;
  label?: string;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/** The locator engine (in-page.js) in the page; `run` installs it in each new document before the first command. */
const lib = 'globalThis.__toteDriver';
const json = (v: unknown) => (v === undefined ? 'undefined' : JSON.stringify(v));

export class Page {
  #url = 'about:blank';
  readonly keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
  /** Scrolling as a wheel would (the page scrolls by script: what the tests need is the scroll, not the device). */
  readonly mouse = {
    wheel: (dx: number, dy: number) => this.run(`(scrollBy(${Number(dx)}, ${Number(dy)}), 0)`).then(() => undefined),
    /** A real click at a point of the viewport, as Playwright's `mouse.click`. */
    click: (x: number, y: number) => this.driver.click(x, y),
  };

  constructor(
    readonly driver: Driver,
    private readonly ctx: { close(): Promise<void> },
  ) {
    this.keyboard = { press: (key) => driver.press(key), type: (text) => driver.type(text) };
  }

  /**
   * Runs an expression in the page and remembers the page's address (Playwright's url() is synchronous). The
   * locator engine is installed once per document, by a command of its own, and not sent with every command: with
   * its 20 KB in every `script.evaluate`, Firefox 153 now and then never answered one (about 1 run in 10 of the
   * phone checkout under load; the page itself idle and answering small commands, the same command sent again
   * unanswered again), which hung CI for puppeteer's 180 s. Without it: no hang in 60 runs.
   */
  async run<T>(expression: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      // JSON has no undefined (WebDriver hands back null): say which it was.
      const r = (await this.driver.eval(
        `(async () => { if (!${lib}) return { missing: true }; const v = await (${expression}); return { v, undef: v === undefined, href: location.href }; })()`,
      )) as { v: T; undef: boolean; href: string } | { missing: true };
      if ('missing' in r) {
        // A navigation may land between the install and the command: a few tries, then say so.
        if (attempt === 3) throw new Error('the page lost the locator engine three times in a row');
        await this.driver.eval(`(${lib} ??= ${LIB}, 0)`);
        continue;
      }
      this.#url = r.href;
      return r.undef ? (undefined as T) : r.v;
    }
  }

  url(): string {
    return this.#url;
  }

  context() {
    return this.ctx;
  }

  on<K extends keyof PageEvents>(event: K, listener: (e: PageEvents[K]) => void): this {
    this.driver.on(event, listener);
    return this;
  }

  async goto(url: string) {
    await this.driver.goto(url);
    await this.run('0');
    // The driver cannot see the browser's response; the server's headers are the same for a second GET.
    const headers = /^https?:/.test(url) ? Object.fromEntries((await fetch(url)).headers) : {};
    return { headers: () => headers as Record<string, string> };
  }

  async reload() {
    await this.driver.reload();
    await this.run('0');
  }

  async addInitScript(script: (() => unknown) | string) {
    await this.driver.addInitScript(typeof script === 'string' ? script : `(${script.toString()})()`);
  }

  async setViewportSize(size: { width: number; height: number }) {
    await this.driver.setViewport(size);
  }

  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.run(`(${fn.toString()})(${json(arg)})`);
  }

  async waitForFunction<A>(fn: (arg: A) => unknown, arg?: A, options: Timeout = {}): Promise<void> {
    const deadline = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT);
    for (;;) {
      // Truthiness is judged in the page, as Playwright does: the value itself (a class, an element) need not cross.
      if (await this.run(`Promise.resolve((${fn.toString()})(${json(arg)})).then((v) => !!v)`)) return;
      if (Date.now() > deadline) throw new Error(`waitForFunction timed out: ${fn.toString().slice(0, 200)}`);
      await sleep(POLL_MS);
    }
  }

  async waitForURL(url: RegExp | string, options: Timeout = {}): Promise<void> {
    const deadline = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT);
    const ok = () => (typeof url === 'string' ? this.#url === url : url.test(this.#url));
    for (;;) {
      // As Playwright's default (waitUntil: 'load'): the new document has loaded, not only committed.
      const state = await this.run<string>('document.readyState').catch(() => 'navigating');
      if (ok() && state === 'complete') return;
      if (Date.now() > deadline) throw new Error(`waitForURL ${url} timed out at ${this.#url}`);
      await sleep(POLL_MS);
    }
  }

  locator(selector: string, filter?: Filter): Locator {
    return new Locator(this, []).locator(selector, filter);
  }
  getByRole(role: string, options: { name?: string | RegExp; exact?: boolean } = {}): Locator {
    return new Locator(this, []).getByRole(role, options);
  }
  getByLabel(label: string | RegExp, options: { exact?: boolean } = {}): Locator {
    return new Locator(this, []).getByLabel(label, options);
  }
  getByText(t: string | RegExp, options: { exact?: boolean } = {}): Locator {
    return new Locator(this, []).getByText(t, options);
  }

  waitForTimeout(ms: number): Promise<void> {
    return sleep(ms);
  }

  close() {
    return this.driver.close();
  }
}

export class Locator {
  constructor(
    private readonly page: Page,
    readonly steps: Step[],
  ) {}

  #with(...more: Step[]) {
    return new Locator(this.page, [...this.steps, ...more]);
  }
  #filters(filter: Filter = {}): Step[] {
    const out: Step[] = [];
    if (filter.hasText !== undefined) out.push({ kind: 'hasText', text: text(filter.hasText) });
    if (filter.has) out.push({ kind: 'has', steps: filter.has.steps });
    return out;
  }

  locator(selector: string, filter?: Filter) {
    return this.#with({ kind: 'css', selector }, ...this.#filters(filter));
  }
  getByRole(role: string, options: { name?: string | RegExp; exact?: boolean } = {}) {
    return this.#with({ kind: 'role', role, name: options.name === undefined ? undefined : text(options.name), exact: options.exact });
  }
  getByLabel(label: string | RegExp, options: { exact?: boolean } = {}) {
    return this.#with({ kind: 'label', text: text(label), exact: options.exact });
  }
  getByText(t: string | RegExp, options: { exact?: boolean } = {}) {
    return this.#with({ kind: 'text', text: text(t), exact: options.exact });
  }
  filter(filter: Filter) {
    return this.#with(...this.#filters(filter));
  }
  first() {
    return this.#with({ kind: 'nth', index: 0 });
  }
  last() {
    return this.#with({ kind: 'nth', index: -1 });
  }
  nth(index: number) {
    return this.#with({ kind: 'nth', index });
  }

  toString() {
    return `locator ${JSON.stringify(this.steps)}`;
  }

  /** Runs `body` (an expression over `els`, the matches) in the page. */
  #over<T>(body: string): Promise<T> {
    return this.page.run(`((els) => ${body})(${lib}.resolve(${JSON.stringify(this.steps)}))`);
  }

  /** Waits (as Playwright's auto-waiting) until the first match exists, then runs `body` over it as `el`. */
  async #onFirst<T>(body: string, options: Timeout = {}): Promise<T> {
    await this.waitFor({ state: 'attached', timeout: options.timeout });
    return this.#over(`((el) => ${body})(els[0])`);
  }

  count(): Promise<number> {
    return this.#over('els.length');
  }

  async waitFor(options: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number } = {}): Promise<void> {
    const state = options.state ?? 'visible';
    const test = {
      attached: 'els.length > 0',
      detached: 'els.length === 0',
      visible: `els.length > 0 && ${lib}.visible(els[0])`,
      hidden: `els.length === 0 || !${lib}.visible(els[0])`,
    }[state];
    const deadline = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT);
    for (;;) {
      if (await this.#over<boolean>(test)) return;
      if (Date.now() > deadline) throw new Error(`waiting for ${this} to be ${state} timed out`);
      await sleep(POLL_MS);
    }
  }

  /**
   * As Playwright's click: waits for the element to be actionable, clicks its centre with the real pointer and,
   * when the pointer's events reached another element (the page moved between finding the point and pressing),
   * stops them (in-page.js, `arm`) and starts over, until the timeout.
   */
  async click(options: Timeout = {}): Promise<void> {
    const deadline = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT);
    for (;;) {
      const p = await this.page.run<{ x?: number; y?: number; wait?: string }>(`${lib}.clickPoint(${JSON.stringify(this.steps)})`);
      let wait = p.wait;
      if (p.x !== undefined && p.y !== undefined) {
        await this.page.driver.click(p.x, p.y);
        // A click that navigated leaves no watch behind: the new document's driver has none armed.
        const intercepted = await this.page.run<string | null>(`${lib}.disarm()`).catch(() => null);
        if (!intercepted) return;
        wait = `the click was stopped: ${intercepted}`;
      }
      if (Date.now() > deadline) throw new Error(`click on ${this} timed out: ${wait}`);
      await sleep(POLL_MS);
    }
  }

  /**
   * Playwright's selectOption: chooses the options of the `<select>` the locator names, each by value or label (a
   * string is either), once the select is visible, enabled and has them; fires `input` and `change` as a
   * shopper's choice does. Returns the values chosen.
   */
  async selectOption(values: string | SelectWanted | (string | SelectWanted)[], options: Timeout = {}): Promise<string[]> {
    const wanted = (Array.isArray(values) ? values : [values]).map((v) => (typeof v === 'string' ? { valueOrLabel: v } : v));
    const deadline = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT);
    for (;;) {
      const r = await this.page.run<{ values?: string[]; wait?: string }>(`${lib}.selectOptions(${JSON.stringify(this.steps)}, ${JSON.stringify(wanted)})`);
      if (r.values) return r.values;
      if (Date.now() > deadline) throw new Error(`selectOption on ${this} timed out: ${r.wait}`);
      await sleep(POLL_MS);
    }
  }

  async check(options: Timeout = {}): Promise<void> {
    if (await this.isChecked(options)) return;
    await this.click(options);
    if (!(await this.page.run(`${lib}.target.checked === true || ${lib}.target.getAttribute("aria-checked") === "true"`))) {
      throw new Error(`${this} did not become checked`);
    }
  }

  isChecked(options: Timeout = {}): Promise<boolean> {
    return this.#onFirst('el.checked === true || el.getAttribute("aria-checked") === "true"', options);
  }

  /** Types the value as a user would: focus, select what is there, type over it. */
  async fill(value: string, options: Timeout = {}): Promise<void> {
    await this.#onFirst('(el.focus(), el.select?.(), true)', options);
    if (value) await this.page.driver.type(value);
    else await this.page.driver.press('Backspace');
    const now = await this.#over<string>('els[0].value');
    if (now !== value) throw new Error(`fill ${this}: the field holds ${JSON.stringify(now)}, not ${JSON.stringify(value)}`);
  }

  async scrollIntoViewIfNeeded(options: Timeout = {}): Promise<void> {
    await this.#onFirst('(el.scrollIntoView({ block: "center" }), true)', options);
  }

  async focus(options: Timeout = {}): Promise<void> {
    await this.#onFirst('(el.focus(), true)', options);
  }

  textContent(options: Timeout = {}): Promise<string | null> {
    return this.#onFirst('el.textContent', options);
  }
  innerText(options: Timeout = {}): Promise<string> {
    return this.#onFirst('el.innerText', options);
  }
  inputValue(options: Timeout = {}): Promise<string> {
    return this.#onFirst('el.value', options);
  }
  getAttribute(name: string, options: Timeout = {}): Promise<string | null> {
    return this.#onFirst(`el.getAttribute(${JSON.stringify(name)})`, options);
  }
  allTextContents(): Promise<string[]> {
    return this.#over('els.map((e) => e.textContent ?? "")');
  }
  isVisible(): Promise<boolean> {
    return this.#over(`els.length > 0 && ${lib}.visible(els[0])`);
  }
  evaluate<R, A>(fn: (el: never, arg: A) => R | Promise<R>, arg?: A, options: Timeout = {}): Promise<R> {
    return this.#onFirst(`(${fn.toString()})(el, ${json(arg)})`, options);
  }
  evaluateAll<R, A>(fn: (els: never[], arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    return this.#over(`(${fn.toString()})(els, ${json(arg)})`);
  }
}
