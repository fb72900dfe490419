/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`. */
export function packageName(specifier: string): string;
/** The files of `root` that `entries` reach through relative imports (declarations too unless `types: false`), and the packages they import by name. */
export function closure(root: string, entries: string[], options?: { types?: boolean }): { files: string[]; packages: string[] };
/** The JS files a package.json's exports, bin and unpkg name, wildcards expanded over `files`. */
export function entryFiles(
  pkg: { exports?: Record<string, string | Record<string, string>>; bin?: Record<string, string>; unpkg?: string },
  files: string[],
): string[];
