// `npm run lint:size [dir]`: no file of src/ over 400 lines, no function over 80 (STYLE.md, habit 9).
// Functions are found with the TypeScript compiler's own parser (the TypeScript 5 the manifest
// analyzer brings, as scripts/depcruise.mjs does: TypeScript 7 ships no JS API); a function's
// length runs from its first line to its last, nested functions included. Offenders that predate
// the rule are listed in scripts/size-limits-known.json with the lines they had; they may shrink,
// never grow, and a new offender fails. An entry that no longer offends is reported, to be removed.
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 80;

const analyzer = createRequire(createRequire(import.meta.url).resolve('@custom-elements-manifest/analyzer/package.json'));
const ts = analyzer('typescript');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** What a function is called where it is declared: its own name, its variable's, its property's or its class and method's. */
function nameOf(node) {
  const own = node.name && ts.isIdentifier(node.name) ? node.name.text : node.name?.getText();
  const parent = node.parent;
  const holder =
    (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name.getText()) || undefined;
  const cls = ts.isClassLike(parent) && parent.name ? `${parent.name.text}.` : '';
  if (ts.isConstructorDeclaration(node)) return `${cls}constructor`;
  return `${cls}${own ?? holder ?? '(anonymous)'}`;
}

/** Every file and function of `root` (a folder such as src/) over its limit, as `{ key, lines }`. */
export function findOffenders(root, base = root) {
  const offenders = [];
  for (const file of walk(root).filter((p) => /\.(ts|tsx|mts)$/.test(p) && !p.endsWith('.d.ts')).sort()) {
    const text = readFileSync(file, 'utf8');
    const path = relative(base, file);
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) offenders.push({ key: path, lines, limit: MAX_FILE_LINES });
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const span = last - first + 1;
        if (span > MAX_FUNCTION_LINES) offenders.push({ key: `${path} ${nameOf(node)}`, lines: span, limit: MAX_FUNCTION_LINES, line: first + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return offenders;
}

/** Compares the offenders with the known list: new ones and grown ones fail; known ones that shrank below the limit are stale. */
export function judge(offenders, known) {
  const failures = [];
  const seen = new Set();
  for (const o of offenders) {
    seen.add(o.key);
    const before = known[o.key];
    const where = o.line ? `:${o.line}` : '';
    if (before === undefined) failures.push(`${o.key}${where}: ${o.lines} lines (limit ${o.limit})`);
    else if (o.lines > before) failures.push(`${o.key}${where}: grew to ${o.lines} lines (known at ${before}, limit ${o.limit})`);
  }
  const stale = Object.keys(known).filter((k) => !seen.has(k));
  return { failures, stale };
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const root = process.argv[2] ?? 'src';
  const knownPath = new URL('./size-limits-known.json', import.meta.url);
  const known = process.argv.includes('--no-known') ? {} : JSON.parse(readFileSync(knownPath, 'utf8'));
  const offenders = findOffenders(root, process.cwd());
  if (process.argv.includes('--list')) {
    console.log(JSON.stringify(Object.fromEntries(offenders.map((o) => [o.key, o.lines])), null, 2));
    process.exit(0);
  }
  const { failures, stale } = judge(offenders, known);
  for (const s of stale) console.log(`no longer over its limit, remove from scripts/size-limits-known.json: ${s}`);
  for (const f of failures) console.error(`over the limit: ${f}`);
  const knownLeft = offenders.length - failures.length;
  console.log(`${failures.length} new offenders, ${knownLeft} known (files ≤ ${MAX_FILE_LINES} lines, functions ≤ ${MAX_FUNCTION_LINES})`);
  process.exit(failures.length ? 1 : 0);
}
