import assert from 'node:assert/strict';

/** Resolves once `check` holds; fails the test after `ms`. For what a busy machine makes slow, where a fixed wait would be flaky. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
