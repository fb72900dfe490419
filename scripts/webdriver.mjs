// A small W3C WebDriver client for WebKitGTK: starts WebKitWebDriver (under
// xvfb-run when there is no display), opens one MiniBrowser session and speaks
// the plain endpoints the tests need (navigate, execute, actions). The driver
// allows one session at a time, so one session serves one test at a time.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ensureWebKit } from './find-webkit.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Playwright-style key names as WebDriver's key code points (WebDriver §17.4.2). */
const KEYS = {
  Backspace: '\uE003', Tab: '\uE004', Enter: '\uE007', Shift: '\uE008', Control: '\uE009', Alt: '\uE00A',
  Escape: '\uE00C', Space: '\uE00D', PageUp: '\uE00E', PageDown: '\uE00F', End: '\uE010', Home: '\uE011',
  ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015', Delete: '\uE017', Meta: '\uE03D',
};

/** The key actions of pressing `key` ("Tab", "Shift+Tab", "a"): modifiers down, key down and up, modifiers up. */
export function pressActions(key) {
  const parts = key === '+' ? ['+'] : key.split('+').map((k) => KEYS[k] ?? k);
  return [
    ...parts.map((value) => ({ type: 'keyDown', value })),
    ...parts.reverse().map((value) => ({ type: 'keyUp', value })),
  ];
}

/**
 * MiniBrowser paints without accelerated compositing unless WEBKIT_DISABLE_COMPOSITING_MODE is set (0 composites).
 * Under Xvfb there is no GPU: "accelerated" compositing is Mesa's software GL emulating one on the CPU, a path no
 * Safari takes, and it cost a third of the WebKit journeys' CPU (docs/testing.md, "Session 21"). Style, layout,
 * script, events, scrolling positions and hit testing are the same code either way; WebKit paints on the CPU, as it
 * does on a machine without GL.
 */
function webKitEnv() {
  return { ...process.env, WEBKIT_DISABLE_COMPOSITING_MODE: process.env.WEBKIT_DISABLE_COMPOSITING_MODE ?? '1' };
}

export class WebDriverSession {
  #base;
  #id;
  #server;

  /** Starts WebKitWebDriver and one MiniBrowser session. */
  static async startWebKit() {
    const { driver, browser, xvfbRun } = ensureWebKit();
    const port = await freePort();
    const cmd = xvfbRun ? [xvfbRun, '-a', '-s', '-screen 0 1280x900x24', driver] : [driver];
    // Its own process group: stopping it stops xvfb-run, Xvfb, the driver and MiniBrowser together.
    const server = spawn(cmd[0], [...cmd.slice(1), `--port=${port}`], { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: webKitEnv() });
    let log = '';
    server.stderr.on('data', (d) => (log = (log + d).slice(-4000)));
    const session = new WebDriverSession(`http://127.0.0.1:${port}`, server);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${log}`);
      const ready = await session.#request('GET', '/status').then((v) => v?.ready, () => false);
      if (ready) break;
      if (Date.now() > deadline) {
        session.#kill();
        throw new Error(`WebKitWebDriver did not start: ${log}`);
      }
      await sleep(100);
    }
    try {
      const created = await session.#request('POST', '/session', {
        capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: browser, args: ['--automation'] } } },
      });
      session.#id = created.sessionId;
    } catch (e) {
      session.#kill();
      throw e;
    }
    return session;
  }

  constructor(base, server) {
    this.#base = base;
    this.#server = server;
  }

  async #request(method, path, body) {
    const res = await fetch(this.#base + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  }

  /** A command of this session (`path` after /session/{id}). */
  command(method, path, body) {
    return this.#request(method, `/session/${this.#id}${path}`, body);
  }

  /** Loads `url` and waits for its load event (pageLoadStrategy normal). */
  navigate(url) {
    return this.command('POST', '/url', { url });
  }

  url() {
    return this.command('GET', '/url');
  }

  /** Runs `script` (a function body) with `args`; its result comes back as JSON. */
  execute(script, args = []) {
    return this.command('POST', '/execute/sync', { script, args });
  }

  /** Like execute, for an async function body: the promise's value comes back. */
  executeAsync(script, args = []) {
    // The W3C async form hands the body a callback as its last argument.
    const wrapped = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (async function () { ${script} }).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
        .then((v) => done({ ok: true, v }), (e) => done({ ok: false, e: String(e && e.stack || e) }));`;
    return this.command('POST', '/execute/async', { script: wrapped, args }).then((r) => {
      if (!r.ok) throw new Error(r.e);
      return r.v;
    });
  }

  async press(key) {
    await this.command('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions: pressActions(key) }] });
  }

  async type(text) {
    const actions = [...text].flatMap((c) => [{ type: 'keyDown', value: c }, { type: 'keyUp', value: c }]);
    await this.command('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
  }

  /** Real pointer input at viewport coordinates. */
  async mouse(steps) {
    await this.command('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: steps }],
    });
  }

  async click(x, y, button = 0) {
    await this.mouse([
      { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport', duration: 0 },
      { type: 'pointerDown', button },
      { type: 'pointerUp', button },
    ]);
  }

  async releaseInput() {
    await this.command('DELETE', '/actions');
  }

  #kill() {
    try {
      process.kill(-this.#server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }

  /** Ends the session (closing MiniBrowser) and stops the driver and its X server. */
  async close() {
    if (this.#id) await this.#request('DELETE', `/session/${this.#id}`).catch(() => undefined);
    this.#id = undefined;
    const exited = new Promise((r) => (this.#server.exitCode !== null ? r() : this.#server.once('exit', r)));
    this.#kill();
    await Promise.race([exited, sleep(5000)]);
  }
}
