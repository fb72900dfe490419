// Finds a Chromium, in the order the README promises. The tests drive Chromium's
// headless shell when it is there: CHROME_PATH, then Debian's
// /usr/bin/chromium-headless-shell, then a full Chromium (findFullChrome). The
// benchmarks drive the full browser shoppers run: CHROME_PATH, then Debian's
// /usr/bin/chromium, then Playwright's own download. With none of them,
// ensureChrome installs one and says so.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's `chromium-headless-shell`: the same Chromium build's Blink, V8 and network stack without the browser's
 * windowing, profile and UI layers (what `--headless=old` was). It is what Playwright and Puppeteer launch for
 * headless runs by default, and it takes about a third less CPU per page than the full browser in headless mode
 * (docs/testing.md, "Session 21"), which on two cores is the tests' bound.
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The first of `paths` that exists: CHROME_PATH always comes first. */
const firstExisting = (...paths) => [process.env.CHROME_PATH, ...paths].find((p) => p && existsSync(p));

/** The full browser: what the benchmarks measure, and the tests' fallback. */
export function findFullChrome() {
  return firstExisting(DEBIAN_CHROMIUM) ?? playwrightChromium();
}

/** The Chromium the tests drive: the headless shell when it is installed, else the full browser. */
export function findChrome() {
  return firstExisting(DEBIAN_HEADLESS_SHELL) ?? findFullChrome();
}

export function ensureChrome() {
  const found = findChrome();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log('tote: no Chromium found; installing Debian chromium-headless-shell with apt-get');
    execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-headless-shell', { stdio: 'inherit' });
  } else {
    console.log('tote: no Chromium found; installing Playwright chromium (npx playwright install chromium)');
    execSync('npx --yes playwright install chromium', { stdio: 'inherit' });
  }
  const installed = findChrome();
  if (!installed) throw new Error('tote: could not find or install Chromium; set CHROME_PATH');
  return installed;
}

/** Flags every launch needs here: root (no sandbox) and a closed network. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
