import { writeFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter } from '@web/test-runner';
import { chromiumFlags, findChrome } from './scripts/find-chrome.mjs';

/** Counts every test of every session so scripts/test.mjs can print one combined line. */
function summaryReporter(file) {
  const count = (suite, acc) => {
    for (const t of suite?.tests ?? []) {
      if (t.skipped) acc.skipped++;
      else if (t.passed) acc.passed++;
      else acc.failed++;
    }
    for (const s of suite?.suites ?? []) count(s, acc);
    return acc;
  };
  return {
    onTestRunFinished({ sessions }) {
      const acc = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        const before = acc.failed;
        count(session.testResults, acc);
        // A file that failed to load, timed out or threw outside a test has
        // no failing test of its own but must still count as a failure.
        if (!session.passed && acc.failed === before) acc.failed++;
      }
      writeFileSync(file, JSON.stringify(acc));
    },
  };
}

const reporters = [defaultReporter()];
if (process.env.TOTE_WTR_SUMMARY) reporters.push(summaryReporter(process.env.TOTE_WTR_SUMMARY));

export default {
  files: ['test/elements/**/*.test.ts', 'test/**/*.browser.test.ts'],
  nodeResolve: { exportConditions: ['production', 'browser'] },
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' })],
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 300000,
  reporters,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: {
        executablePath: findChrome(),
        headless: true,
        args: chromiumFlags,
      },
    }),
  ],
};
