// Finds a Chromium for the browser tests, in the order the README promises:
// CHROME_PATH, then Debian's /usr/bin/chromium, then Playwright's own download;
// with none of them, installs one and says so.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

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

export function findChrome() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightChromium();
}

export function ensureChrome() {
  const found = findChrome();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log('tote: no Chromium found; installing Debian chromium with apt-get');
    execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium', { stdio: 'inherit' });
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
