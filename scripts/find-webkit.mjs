// Finds WebKit for the browser tests: WebKitGTK's WebDriver server
// (WEBKIT_WEBDRIVER, else Debian's /usr/bin/WebKitWebDriver), the MiniBrowser
// it drives (WEBKIT_MINIBROWSER, else webkit2gtk-4.1's), and xvfb-run when no
// display is set, since MiniBrowser has no headless mode. With any missing,
// installs webkit2gtk-driver and xvfb and says so.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { aptInstall } from './apt-install.mjs';

const DEBIAN_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB_RUN = '/usr/bin/xvfb-run';

function debianMiniBrowser() {
  // /usr/lib/<multiarch triplet>/webkit2gtk-4.1/MiniBrowser, whatever the architecture.
  const lib = '/usr/lib';
  for (const dir of existsSync(lib) ? readdirSync(lib) : []) {
    const p = join(lib, dir, 'webkit2gtk-4.1', 'MiniBrowser');
    if (existsSync(p)) return p;
  }
  return undefined;
}

export function findWebKit() {
  const env = (name) => (process.env[name] && existsSync(process.env[name]) ? process.env[name] : undefined);
  const driver = env('WEBKIT_WEBDRIVER') ?? (existsSync(DEBIAN_DRIVER) ? DEBIAN_DRIVER : undefined);
  const browser = env('WEBKIT_MINIBROWSER') ?? debianMiniBrowser();
  const needsXvfb = !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
  const xvfbRun = existsSync(XVFB_RUN) ? XVFB_RUN : undefined;
  if (!driver || !browser || (needsXvfb && !xvfbRun)) return undefined;
  return { driver, browser, xvfbRun: needsXvfb ? xvfbRun : undefined };
}

export function ensureWebKit() {
  const found = findWebKit();
  if (found) return found;
  aptInstall(['webkit2gtk-driver', 'xvfb'], 'no WebKit (WebKitWebDriver, MiniBrowser, xvfb-run) found');
  const installed = findWebKit();
  if (!installed) throw new Error('tote: could not find or install WebKit; set WEBKIT_WEBDRIVER and WEBKIT_MINIBROWSER');
  return installed;
}
