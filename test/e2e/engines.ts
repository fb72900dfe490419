// The engines an end-to-end test runs in (TOTE_BROWSERS, as for the element
// tests) and how to launch each: Chromium through Playwright; Firefox and
// WebKit, which Playwright cannot drive from Debian's packages, through the
// Playwright-shaped driver in ./driver (the slice of Page and Locator these
// tests use, nothing more).
import { chromium, type Browser } from 'playwright-core';
import { chromiumFlags, findChrome } from '../../scripts/find-chrome.mjs';
import { requestedEngines, type Engine } from '../../scripts/engines.mjs';
import { launchShim } from './driver/drivers.js';

export type { Engine };

/** The engines to test in, in a fixed order. */
export function engines(): Engine[] {
  return requestedEngines();
}

/**
 * A browser of `engine`. For Firefox and WebKit it is the driver's shim typed
 * as Playwright's Browser: a call outside the slice the shim implements fails
 * loudly (undefined is not a function) rather than passing.
 */
export async function launch(engine: Engine): Promise<Browser> {
  if (engine === 'chromium') return chromium.launch({ executablePath: findChrome(), headless: true, args: chromiumFlags });
  return (await launchShim(engine)) as unknown as Browser;
}
