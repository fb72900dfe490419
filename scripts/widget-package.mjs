// The widget's package (tote-checkout, the root) leaves the server's code out: `files` drops dist/bff, sandbox and
// cli; of dist/contract it ships as code only the modules its own entries run (the zod-free core for the browser,
// and the schemas tote-checkout/ssr checks the BFF's answers with). Which those are changes whenever a module starts
// importing another, so the build writes them down: dist/contract/.npmignore lists the rest, and npm honours an
// .npmignore below the root even with `files` set (https://docs.npmjs.com/cli/configuring-npm/package-json#files).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closure, entryFiles } from './package-closure.mjs';

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** Writes dist/contract/.npmignore; returns the contract modules the widget ships as code. */
export function writeWidgetIgnores() {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const runs = new Set(closure('.', entryFiles(pkg, walk('dist')), { types: false }).files);
  const modules = readdirSync('dist/contract').filter((n) => n.endsWith('.js'));
  const left = modules.filter((n) => !runs.has(`dist/contract/${n}`));
  writeFileSync('dist/contract/.npmignore', `# Written by npm run build (scripts/widget-package.mjs): contract code the widget's entries never run.\n${left.flatMap((n) => [n, `${n}.map`]).join('\n')}\n`);
  return modules.length - left.length;
}
