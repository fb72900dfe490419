// What a set of built entry files needs: every file of `dist/` they reach through relative imports (static,
// dynamic, type-only `import("…")` in declarations), and every package they import by name. `npm run build`
// uses it to fill packages/server/dist; test/ship checks both packages' tarballs against it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

// `import … from "x"` / `export … from "x"` (a statement may span lines), `import "x"`, `import("x")`. Comments are
// blanked first: a doc comment may well say `from "a"` in prose.
const SPECIFIER = /(?:^\s*(?:import|export)\b[^;"'`]*?\bfrom\s*|^\s*import\s*|\bimport\s*\(\s*)(["'])([^"'\n]+)\1/gm;
const COMMENT = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `lit/directives/x.js` → `lit`. */
export const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * Walks from `entries` (paths relative to `root`, e.g. `dist/bff/index.js`). A `.js` file brings its `.d.ts` and
 * source map when they exist; a declaration's imports are followed too, since a consumer's type check reads them.
 * `{ types: false }` follows the code alone: what runs.
 */
export function closure(root, entries, { types = true } = {}) {
  const files = new Set();
  const packages = new Set();
  const pending = [...entries];
  const add = (file) => {
    if (!files.has(file) && existsSync(join(root, file))) pending.push(file);
  };
  while (pending.length) {
    const file = pending.pop();
    if (files.has(file)) continue;
    files.add(file);
    if (file.endsWith('.js')) {
      add(`${file}.map`);
      if (types) add(file.replace(/\.js$/, '.d.ts'));
    }
    if (file.endsWith('.map')) continue;
    for (const [, , spec] of readFileSync(join(root, file), 'utf8').replace(COMMENT, '').matchAll(SPECIFIER)) {
      if (spec.startsWith('node:')) continue;
      if (!spec.startsWith('.')) {
        packages.add(packageName(spec));
        continue;
      }
      const target = normalize(join(dirname(file), spec));
      // A declaration names `./x.js` for `./x.d.ts`; the code is `./x.js`.
      if (file.endsWith('.d.ts')) add(target.replace(/\.js$/, '.d.ts'));
      else add(target);
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}

/**
 * The JS files a package.json's `exports` (their `default`), `bin` and `unpkg` name, relative to the package;
 * a wildcard export (`./elements/*` → `./dist/elements/*\/*.js`) is expanded over `files`, one value per `*`.
 */
export function entryFiles(pkg, files) {
  const targets = [
    ...Object.values(pkg.exports ?? {}).flatMap((v) => (typeof v === 'string' ? [v] : [v.default])),
    ...Object.values(pkg.bin ?? {}),
    ...(pkg.unpkg ? [pkg.unpkg] : []),
  ].map((p) => p.replace(/^\.\//, '')).filter((p) => p.endsWith('.js'));
  return targets.flatMap((t) => {
    if (!t.includes('*')) return [t];
    const pattern = new RegExp(`^${t.split('*').map((s) => s.replace(/[.]/g, '\\.')).join('([^/]+)')}$`);
    return files.filter((f) => pattern.test(f) && new Set(f.match(pattern).slice(1)).size === 1);
  });
}
