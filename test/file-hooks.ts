// Hooks for one test file's own tests. The base's files share a process (scripts/test.mjs, `baseGroups`), where a
// file's top-level `beforeEach` / `afterEach` runs around every file's tests: these run only around the tests of the
// file whose `import.meta.url` they are given (the test's `filePath`), so such a file may share its group's process.
import { afterEach, beforeEach } from 'node:test';
import { fileURLToPath } from 'node:url';

type Hook = typeof beforeEach;

function ofFile(hook: Hook, file: string, fn: () => unknown): void {
  const path = fileURLToPath(file);
  hook(async (t) => {
    if (t.filePath === path) await fn();
  });
}

/** `fn` before each test of `file` (its `import.meta.url`). */
export const beforeEachOfFile = (file: string, fn: () => unknown) => ofFile(beforeEach, file, fn);
/** `fn` after each test of `file` (its `import.meta.url`). */
export const afterEachOfFile = (file: string, fn: () => unknown) => ofFile(afterEach, file, fn);
