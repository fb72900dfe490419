import { writeFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromeLauncher, defaultReporter } from '@web/test-runner';
import { chromiumFlags, findChrome } from './scripts/find-chrome.mjs';
import { firefoxPrefs, findFirefox } from './scripts/find-firefox.mjs';
import { requestedEngines } from './scripts/engines.mjs';
import { webkitLauncher } from './scripts/wtr-webkit.mjs';

/**
 * Counts every test of every session, per engine (one run may drive several), so
 * scripts/test.mjs can print one combined line; names the failures and keeps each
 * test's time (mocha's duration) for the run's list of its slowest tests.
 */
function summaryReporter(file) {
  const count = (suite, acc, file, path) => {
    for (const t of suite?.tests ?? []) {
      const name = [...path, t.name].join(' › ');
      if (t.skipped) acc.skipped++;
      else if (t.passed) acc.passed++;
      else {
        acc.failed++;
        acc.failures.push(`${file} › ${name}`);
      }
      acc.timings.push({ file, name, ms: Math.round(t.duration ?? 0) });
    }
    for (const s of suite?.suites ?? []) count(s, acc, file, [...path, s.name]);
    return acc;
  };
  return {
    onTestRunFinished({ sessions }) {
      const engines = {};
      for (const session of sessions) {
        const engine = session.browser.name.toLowerCase();
        const acc = (engines[engine] ??= { passed: 0, failed: 0, skipped: 0, failures: [], timings: [] });
        const before = acc.failed;
        const file = session.testFile.replace(`${process.cwd()}/`, '');
        count(session.testResults, acc, file, []);
        // A file that failed to load, timed out or threw outside a test has
        // no failing test of its own but must still count as a failure.
        if (!session.passed && acc.failed === before) {
          acc.failed++;
          acc.failures.push(`${file} (${session.errors?.[0]?.message ?? 'did not finish'})`);
        }
      }
      writeFileSync(file, JSON.stringify(engines));
    },
  };
}

const reporters = [defaultReporter()];
if (process.env.TOTE_WTR_SUMMARY) reporters.push(summaryReporter(process.env.TOTE_WTR_SUMMARY));

/** Runs in the test page: a cart saved by one test file must not reach the next. */
const clearStorage = () => {
  localStorage.clear();
  sessionStorage.clear();
};

/** One launcher per engine; TOTE_BROWSERS picks. */
const launchers = {
  chromium: () =>
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: findChrome(), headless: true, args: chromiumFlags },
    }),
  // Debian's Firefox ESR over WebDriver BiDi through puppeteer-core: Playwright's
  // own Firefox driver needs its patched build, and its BiDi mode needs
  // commands ESR 153 lacks.
  firefox: () => {
    const launcher = chromeLauncher({
      launchOptions: { browser: 'firefox', executablePath: findFirefox(), headless: true, extraPrefsFirefox: firefoxPrefs },
    });
    launcher.name = 'Firefox';
    // Its pages share one profile: clear what a test file stored before the next runs.
    const stopSession = launcher.stopSession.bind(launcher);
    launcher.stopSession = async (id) => {
      await launcher.getPage(id).evaluate(clearStorage).catch(() => undefined);
      return stopSession(id);
    };
    return launcher;
  },
  webkit: () => webkitLauncher(),
};

export default {
  files: ['test/elements/**/*.test.ts', 'test/**/*.browser.test.ts'],
  nodeResolve: { exportConditions: ['production', 'browser'] },
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  // The engines side by side (TOTE_WTR_ENGINES_AT_ONCE, default all three), one test file at a
  // time in each: each file is built once for all of them, and one engine's waits (a settle, a
  // server's answer) overlap another's work.
  concurrentBrowsers: Number(process.env.TOTE_WTR_ENGINES_AT_ONCE ?? 3),
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 300000,
  reporters,
  browsers: requestedEngines().map((engine) => launchers[engine]()),
};
