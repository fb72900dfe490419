// The layer rules of .dependency-cruiser.cjs (README → Contributing) hold for src/, and each rule
// does catch what it forbids: a copy of src/ with one planted import per rule must fail with that
// rule's name. Violations already known (.dependency-cruiser-known-violations.json) are ignored
// until they are burned down; a new one fails.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve('.');
const CONFIG_FILES = ['.dependency-cruiser.cjs', '.dependency-cruiser-known-violations.json', 'tsconfig.json', 'package.json'];

async function cruise(cwd: string) {
  const args = [join(ROOT, 'scripts/depcruise.mjs'), 'src', '--ignore-known', '--output-type', 'json'];
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  const { summary } = JSON.parse(stdout) as { summary: { violations: { rule: { name: string; severity: string }; from: string; to: string }[] } };
  // A known violation is listed too, with the severity `ignore`.
  return summary.violations.filter((v) => v.rule.severity !== 'ignore');
}

/** One planted import per rule: file (relative to src/) → its source. */
const PLANTED: Record<string, [file: string, source: string]> = {
  'no-circular': ['bff/planted-a.ts', "import type { B } from './planted-b.js';\nexport type A = B | 1;\n"],
  'core-imports-only-core': ['contract/money.ts', "\nimport type { Offer } from './catalog.js';\nexport type PlantedOffer = Offer;\n"],
  'browser-runs-no-schemas': ['state/planted-schema.ts', "import { OrderSchema } from '../contract/order.js';\nexport const planted = OrderSchema;\n"],
  'browser-runs-no-zod': ['elements/internal/planted-zod.ts', "import { z } from 'zod';\nexport const planted = z.string();\n"],
  'browser-imports-no-node': ['state/planted-node.ts', "import { createHash } from 'node:crypto';\nexport const planted = createHash;\n"],
  'browser-imports-no-server': ['elements/internal/planted-server.ts', "export { ApiHttpError } from '../../bff/errors.js';\n"],
  'server-imports-no-browser': ['bff/planted-browser.ts', "export { isBuyable } from '../state/cart-store.js';\n"],
  'contract-below-bff-and-sandbox': ['contract/planted-bff.ts', "export { ApiHttpError } from '../bff/errors.js';\n"],
  'bff-and-sandbox-apart': ['bff/planted-sandbox.ts', "export * from '../sandbox/merchants.js';\n"],
  'sandbox-and-bff-apart': ['sandbox/planted-bff.ts', "export { ApiHttpError } from '../bff/errors.js';\n"],
  'state-below-elements': ['state/planted-element.ts', "export { safeUrl } from '../elements/internal/safe-url.js';\n"],
  'stripe-below-elements': ['stripe/planted-element.ts', "export { safeUrl } from '../elements/internal/safe-url.js';\n"],
  'events-declare-only': ['events/planted-run.ts', "export { isBuyable } from '../state/cart-store.js';\n"],
  'locales-hold-only-strings': ['locales/planted-state.ts', "export { isBuyable } from '../state/cart-store.js';\n"],
  'only-cli-reads-strings': ['bff/planted-strings.ts', "export { msg } from '../i18n/localize.js';\n"],
  'i18n-holds-only-strings': ['i18n/planted-element.ts', "export { safeUrl } from '../elements/internal/safe-url.js';\n"],
  'elements-below-entries': ['elements/internal/planted-entry.ts', "export * from '../../headless.js';\n"],
  'cli-apart-from-sandbox': ['cli/planted-sandbox.ts', "export { DEFAULT_CREDENTIALS } from '../sandbox/index.js';\n"],
  'cli-on-top': ['bff/planted-cli.ts', "export { run } from '../cli/run.js';\n"],
  'checkout-controller-below-view': ['checkout/controller/planted-view.ts', "export { safeUrl } from '../../elements/internal/safe-url.js';\n"],
  'checkout-rules-pure': ['checkout/rules/planted-controller.ts', "export { BusyShops } from '../controller/busy-shops.js';\n"],
  'checkout-rules-run-no-state': ['checkout/rules/planted-state.ts', "export { isBuyable } from '../../state/cart-store.js';\n"],
  'no-unresolvable': ['bff/planted-missing.ts', "export * from './no-such-module.js';\n"],
};

describe('layers (dependency-cruiser)', { timeout: 120_000 }, () => {
  it('src/ breaks no layer rule beyond the known violations', async () => {
    const violations = await cruise(ROOT);
    assert.deepEqual(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`), []);
  });

  it('each rule catches an import planted against it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tote-layers-'));
    try {
      cpSync('src', join(dir, 'src'), { recursive: true });
      for (const f of CONFIG_FILES) cpSync(f, join(dir, f));
      symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
      writeFileSync(join(dir, 'src/bff/planted-b.ts'), "import type { A } from './planted-a.js';\nexport type B = A | 2;\n");
      for (const [file, source] of Object.values(PLANTED)) {
        const path = join(dir, 'src', file);
        mkdirSync(dirname(path), { recursive: true });
        appendFileSync(path, source);
      }
      const caught = new Set((await cruise(dir)).map((v) => v.rule.name));
      assert.deepEqual(Object.keys(PLANTED).filter((rule) => !caught.has(rule)), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
