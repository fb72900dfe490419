// Finds a Firefox for the browser tests: FIREFOX_PATH, then Debian's
// firefox-esr, then a plain firefox; with none, installs firefox-esr and says so.
// Firefox is driven over WebDriver BiDi (puppeteer-core), so no geckodriver and
// no browser download are needed.
import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install.mjs';

const CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

export function findFirefox() {
  if (process.env.FIREFOX_PATH && existsSync(process.env.FIREFOX_PATH)) return process.env.FIREFOX_PATH;
  return CANDIDATES.find((p) => existsSync(p));
}

export function ensureFirefox() {
  const found = findFirefox();
  if (found) return found;
  aptInstall(['firefox-esr'], 'no Firefox found');
  const installed = findFirefox();
  if (!installed) throw new Error('tote: could not find or install Firefox; set FIREFOX_PATH');
  return installed;
}

/**
 * Preferences for a closed network and unattended runs: no update checks,
 * telemetry or first-run pages, which would otherwise reach for the internet.
 */
export const firefoxPrefs = {
  'app.update.auto': false,
  'app.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'network.captive-portal-service.enabled': false,
  'extensions.update.enabled': false,
};
