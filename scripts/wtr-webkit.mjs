// A @web/test-runner browser launcher for WebKitGTK over W3C WebDriver (see
// webdriver.mjs). Its type is 'webdriver', so wtr's sendKeys/sendMouse
// commands reach the methods below. One MiniBrowser window runs one test file
// at a time; WebKitWebDriver allows a single session.
import { WebDriverSession } from './webdriver.mjs';

export function webkitLauncher() {
  /** @type {WebDriverSession | undefined} */
  let session;
  let starting;
  const active = new Map();
  const ready = () => (starting ??= WebDriverSession.startWebKit().then((s) => (session = s)));

  return {
    name: 'WebKit',
    type: 'webdriver',
    concurrency: 1,
    async stop() {
      await starting?.catch(() => undefined);
      await session?.close();
    },
    async startSession(id, url) {
      await ready();
      active.set(id, url);
      await session.navigate(url);
    },
    isActive: (id) => active.has(id),
    getBrowserUrl: (id) => active.get(id),
    async stopSession(id) {
      active.delete(id);
      // One window serves every test file: a cart one stored must not reach the next.
      await session.execute('localStorage.clear(); sessionStorage.clear();').catch(() => undefined);
      // An empty page stops the test page's timers before the next file loads.
      await session.navigate('about:blank').catch(() => undefined);
      await session.releaseInput().catch(() => undefined);
      return {};
    },
    startDebugSession() {
      throw new Error('WebKit has no debug session here; run `TOTE_BROWSERS=chromium npx wtr --manual`');
    },
    async sendKeys(_id, keys) {
      // sendKeys({ type }) passes characters, sendKeys({ press }) one key name.
      if (keys.length === 1) await session.press(keys[0]);
      else await session.type(keys.join(''));
    },
    sendMouseMove: (_id, x, y) => session.mouse([{ type: 'pointerMove', x, y, origin: 'viewport', duration: 0 }]),
    sendMouseClick: (_id, x, y, button = 'left') => session.click(x, y, { left: 0, middle: 1, right: 2 }[button]),
    sendMouseDown: (_id, button = 'left') => session.mouse([{ type: 'pointerDown', button: { left: 0, middle: 1, right: 2 }[button] }]),
    sendMouseUp: (_id, button = 'left') => session.mouse([{ type: 'pointerUp', button: { left: 0, middle: 1, right: 2 }[button] }]),
    resetMouse: () => session.releaseInput(),
  };
}
