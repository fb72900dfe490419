// The server package (packages/server, `tote-checkout-server`) ships the part of `dist/` that its entries reach:
// the BFF, the contract client, the sandbox, the `tote` command and the English strings its translator commands
// read, and the data files those modules read beside themselves (the BFF's address data, `bff/address/countries.json`,
// loaded with `createRequire`, which no import names). Its sources stay in src/ with the widget's; `npm run build`
// emits once and copies from there.
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { closure } from './package-closure.mjs';

export const SERVER_DIR = 'packages/server';
export const SERVER_ENTRIES = ['dist/bff/index.js', 'dist/contract/index.js', 'dist/sandbox/index.js', 'dist/cli/main.js'];

/** Copies the closure of the server's entries from `dist/` into packages/server/dist; returns how many files. */
export function writeServerPackage() {
  const out = join(SERVER_DIR, 'dist');
  rmSync(out, { recursive: true, force: true });
  const { files } = closure('.', SERVER_ENTRIES);
  const dirs = new Set(files.map((f) => dirname(f)));
  const data = [...dirs].flatMap((d) => readdirSync(d).filter((n) => n.endsWith('.json')).map((n) => join(d, n)));
  for (const file of [...files, ...data]) {
    const target = join(SERVER_DIR, file);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  return files.length + data.length;
}
