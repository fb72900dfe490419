// The browser engines the tests run in: TOTE_BROWSERS (comma-separated,
// default all three) picks them; each is found or installed by its own
// find-*.mjs.
import { ensureChrome } from './find-chrome.mjs';
import { ensureFirefox } from './find-firefox.mjs';
import { ensureWebKit } from './find-webkit.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** The engines TOTE_BROWSERS names, in their fixed order; an unknown name is an error. */
export function requestedEngines(value = process.env.TOTE_BROWSERS) {
  if (!value?.trim()) return [...ENGINES];
  const names = value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((n) => !ENGINES.includes(n));
  if (unknown.length) throw new Error(`TOTE_BROWSERS: unknown engine ${unknown.join(', ')} (known: ${ENGINES.join(', ')})`);
  return ENGINES.filter((e) => names.includes(e));
}

/** Finds (or installs, saying so) what `engine` needs before any test starts. */
export function ensureEngine(engine) {
  if (engine === 'chromium') return ensureChrome();
  if (engine === 'firefox') return ensureFirefox();
  return ensureWebKit().driver;
}
