// A `node --test` reporter (scripts/test.mjs adds it beside `spec`): one JSON line per
// top-level test, `{ file, name, ms }`, so that a run can name its slowest tests and
// files (docs/testing.md, "Where the time goes"). The top-level tests of a file run one
// after another, so their sum is the file's test time (its process start-up aside).
import { relative } from 'node:path';

export default async function* timings(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { nesting, file, name, details } = event.data;
    if (nesting !== 0 || !file) continue;
    yield `${JSON.stringify({ file: relative(process.cwd(), file), name, ms: Math.round(details?.duration_ms ?? 0) })}\n`;
  }
}
