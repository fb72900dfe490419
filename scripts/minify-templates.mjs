// Build plugins (vite/rolldown and esbuild) that minify the literal text of
// lit's css`…` and html`…`/svg`…` templates in Tote's own modules. They parse
// the TypeScript source with oxc (vite's `parseSync`) and rewrite only the
// template quasis (never the `${…}` expressions), with a source map back to
// the untouched source.
//
// What it does, and why each step keeps the output the same:
// - css: drops comments; collapses whitespace; removes it around `{ } ; ,` and
//   after `:` (never before `:`, where `a :hover` and `a:hover` differ), and a
//   `;` before `}`. Quoted strings are kept byte for byte. Whitespace next to a
//   `${…}` is kept as one space unless a removable punctuation mark is beside it.
// - html/svg: drops comments that hold no binding; a whitespace run that holds a
//   line break becomes one line break — the same in every `white-space` mode Tote
//   uses (`normal`, `nowrap` collapse it; `pre-line` keeps the break, drops the
//   indentation) — or nothing where it meets a block-level tag (or between the
//   tags of an svg`` without text), so it is no whitespace-only text node. `pre`, `pre-wrap` and `break-spaces` would see the change, so a
//   stylesheet that uses them fails the build instead of being minified wrongly.
// - Tote's private custom properties (`--_space-4`, `--_fg-muted`: the `--_*`
//   names its stylesheets read the public `--tote-*` ones into) get short names,
//   the most used the shortest, wherever they occur in Tote's modules (css
//   templates and the strings that read them, e.g. the Stripe appearance). One
//   table from every file under src/, so each build and every module agree.
//   They are private: a page styles Tote through `--tote-*` and parts only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import { parseSync } from 'vite';

const CSS_PRESERVING_WHITESPACE = /white-space\s*:\s*(pre|pre-wrap|break-spaces)\s*[;}]/;

/** Minifies the text of one css`` quasi (the parts between `${…}`). */
export function minifyCssText(text) {
  let out = '';
  // Comments first: an apostrophe in a comment is not the start of a string.
  for (const part of text.replace(/\/\*[\s\S]*?\*\//g, '').split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/)) {
    if (part.startsWith('"') || part.startsWith("'")) {
      out += part;
      continue;
    }
    out += part
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}');
  }
  return shortenCss(out);
}

/**
 * Second pass over minified css text, one piece between `{ } ;` at a time, outside quoted strings. A piece whose
 * end lies in this quasi is known: before `{` a selector or at-rule prelude, else a declaration. The last piece of a
 * quasi ends past a `${…}`, so it is left as it is.
 * - selectors: no whitespace around the child combinator `>` (`.a > .b` is `.a>.b`);
 * - declarations: no whitespace around `/` (`1 / 1`, `rgb(0 0 0 / 0.4)`: never an operator that needs it, in
 *   calc() only `+` and `-` do) nor before `!important`; no leading zero (`0.25rem` is `.25rem`) on a number that
 *   begins after punctuation or a space; `#rrggbb` written `#rgb` when each pair repeats.
 */
function shortenCss(text) {
  let out = '';
  for (const part of text.split(/("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/)) {
    if (part.startsWith('"') || part.startsWith("'")) {
      out += part;
      continue;
    }
    out += part.replace(/[^{};]*(?=[{};])/g, (piece, at) => (part[at + piece.length] === '{' ? shortenPrelude(piece) : shortenDeclaration(piece)));
  }
  return out;
}

const shortenPrelude = (piece) => piece.replace(/\s*>\s*/g, '>');

const shortenDeclaration = (piece) =>
  piece
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+!important/g, '!important')
    .replace(/([:,( /])0+\.(\d)/g, '$1.$2')
    .replace(/#([\da-f])\1([\da-f])\2([\da-f])\3(?![\w-])/gi, '#$1$2$3');

/**
 * Elements that lay out as blocks (or are never laid out): a whitespace run next to one of their tags is no
 * text a shopper sees — it is collapsed away at the block's edge in every `white-space` mode Tote uses except
 * `pre-line`, where it would be a blank line, which Tote's templates never mean.
 */
const BLOCK_TAGS = new Set(
  'address article aside blockquote dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr legend li link main nav ol optgroup option p section select style summary table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
);

const TAG_NAME = /^<\/?([a-zA-Z][\w-]*)/;
/** The name of the tag whose `>` ends right before `at` (undefined when it began in another quasi). */
function tagEndingAt(text, at) {
  const open = text.lastIndexOf('<', at - 1);
  return open < 0 ? undefined : TAG_NAME.exec(text.slice(open))?.[1]?.toLowerCase();
}

/**
 * Minifies the text of one html`` (or svg``) quasi. A whitespace run with a line break (source formatting)
 * becomes one line break — the same in `normal`, `nowrap` and `pre-line` — or nothing at all where it meets a
 * block-level tag, or sits between two tags of an svg`` template: there it would only be a whitespace-only
 * text node in every card. A run between inline content (`</b>\n<i>`) still reads as a space and stays.
 */
export function minifyHtmlText(text, { svg = false } = {}) {
  // A comment around a binding is split over two quasis and so never matches.
  const stripped = text.replace(/<!--[\s\S]*?-->/g, '');
  return stripped.replace(/[ \t\r\n\f]*\n[ \t\r\n\f]*/g, (run, at) => {
    const before = stripped[at - 1];
    const after = stripped[at + run.length];
    if (svg && before === '>' && after === '<') return '';
    const previous = before === '>' ? tagEndingAt(stripped, at) : undefined;
    const next = after === '<' ? TAG_NAME.exec(stripped.slice(at + run.length))?.[1]?.toLowerCase() : undefined;
    return BLOCK_TAGS.has(previous) || BLOCK_TAGS.has(next) ? '' : '\n';
  });
}

const PRIVATE_PROPERTY = /--_[\w-]+/g;

/** Short names for the private custom properties found in `sources`: the most used first (`--_a`, …, `--_z`, `--_aa`, …). */
export function privatePropertyNames(sources) {
  const counts = new Map();
  for (const text of sources) for (const [name] of text.matchAll(PRIVATE_PROPERTY)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name);
  const short = (i) => (i >= 26 ? short(Math.floor(i / 26) - 1) : '') + String.fromCharCode(97 + (i % 26));
  return new Map(ranked.map((name, i) => [name, `--_${short(i)}`]));
}

/** The table for Tote's own sources (every .ts file under src/). */
function srcPropertyNames() {
  const walk = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [readFileSync(p, 'utf8')] : [];
    });
  return privatePropertyNames(walk(fileURLToPath(new URL('../src', import.meta.url))));
}

const renamed = (text, names) => text.replace(PRIVATE_PROPERTY, (name) => names.get(name) ?? name);

/** Calls `visit` on every node of an ESTree-shaped tree. */
function walk(node, visit) {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (typeof node.type === 'string') visit(node);
  for (const key in node) if (key !== 'parent') walk(node[key], visit);
}

/**
 * Minifies every css``, html`` and svg`` template of a TypeScript or JavaScript module and, given `names`
 * (from `privatePropertyNames`), renames the private custom properties anywhere in it. Undefined when nothing changed.
 */
export function minifyTemplates(code, id = 'module.ts', names = new Map()) {
  const renames = names.size > 0 && code.includes('--_');
  if (!renames && !/\b(css|html|svg)`/.test(code)) return undefined;
  const { program, errors } = parseSync(id, code, { lang: /\.[cm]?ts$/.test(id) ? 'ts' : 'js' });
  if (errors.length) throw new Error(`${id}: ${errors[0].message}`);
  const s = new MagicString(code);
  let changed = false;
  /** [start, end) of the quasis rewritten whole (their private names are renamed with them). */
  const rewritten = [];
  let literalCss = false;
  walk(program, (node) => {
    if (node.type !== 'TaggedTemplateExpression' || node.tag.type !== 'Identifier') return;
    const tag = node.tag.name;
    if (tag !== 'css' && tag !== 'html' && tag !== 'svg') return;
    const quasis = node.quasi.quasis;
    const raw = quasis.map((q) => q.value.raw).join('${}');
    if (tag === 'css' && CSS_PRESERVING_WHITESPACE.test(raw)) {
      throw new Error(`${id}: a css\`\` template uses white-space: pre/pre-wrap/break-spaces; teach scripts/minify-templates.mjs to keep its whitespace first`);
    }
    if (tag !== 'css' && /<(pre|textarea)\b/i.test(raw)) return; // their text is shown as written
    /** The template's text as it is written out (each quasi minified). */
    let text = '';
    quasis.forEach((q, i) => {
      const before = q.value.raw;
      // svg`` text lives only in <text>: without one, whitespace between its tags is never shown.
      const svgOnly = tag === 'svg' && !/<(text|tspan|textPath)\b/.test(raw);
      let after = renamed(tag === 'css' ? minifyCssText(before) : minifyHtmlText(before, { svg: svgOnly }), names);
      // A stylesheet's outer whitespace means nothing (a template's may: it can be inserted inline).
      if (tag === 'css' && i === 0) after = after.trimStart();
      if (tag === 'css' && i === quasis.length - 1) after = after.trimEnd();
      text += after;
      if (after === before) return;
      // oxc's quasi span starts at the delimiter before the raw text (a backtick, or the `}` closing a `${…}`).
      const start = q.start + 1;
      const end = start + before.length;
      if (code.slice(start, end) !== before) throw new Error(`${id}: unexpected template span at ${q.start}`);
      changed = true;
      rewritten.push([start, end]);
      if (after === '') s.remove(start, end);
      else s.overwrite(start, end, after);
    });
    // A stylesheet without `${…}` needs nothing of css``'s checks of interpolated values: `unsafeCSS` of its (literal,
    // so trusted) text makes the same CSSResult, and a bundle whose modules all do that carries no css`` function
    // (its error messages included: 140 B brotli). Marked pure, so a bundler drops a stylesheet nothing uses (the
    // order pages' frame in the catalogue). Not with a backslash: there the cooked text could differ.
    if (tag === 'css' && quasis.length === 1 && !text.includes('\\')) {
      s.overwrite(node.tag.start, node.tag.end, `/* @__PURE__ */ ${CSS_TEXT}(`);
      s.appendLeft(node.end, ')');
      literalCss = changed = true;
    }
  });
  if (literalCss) s.prepend(`import { unsafeCSS as ${CSS_TEXT} } from 'lit';\n`);
  if (renames) {
    for (const m of code.matchAll(PRIVATE_PROPERTY)) {
      const short = names.get(m[0]);
      if (!short || rewritten.some(([a, b]) => m.index >= a && m.index < b)) continue;
      s.overwrite(m.index, m.index + m[0].length, short);
      changed = true;
    }
  }
  if (!changed) return undefined;
  return { code: s.toString(), map: s.generateMap({ hires: true, source: id, includeContent: true }) };
}

/** The local name css`` templates without `${…}` are rewritten to call (`unsafeCSS`). */
export const CSS_TEXT = '__toteCss';

const ours = (id) => /\/src\/.*\.[cm]?[jt]s$/.test(id.split('?')[0]) && !id.endsWith('.d.ts');

/** For vite/rolldown: Tote's own sources only (lit's templates are already small). */
export function minifyTemplatesPlugin() {
  const names = srcPropertyNames();
  return {
    name: 'tote-minify-templates',
    enforce: 'pre',
    transform(code, id) {
      if (!ours(id)) return null;
      return minifyTemplates(code, id, names) ?? null;
    },
  };
}

/** For esbuild (the per-module npm build): the minified source with an inline map back to the original. */
export function minifyTemplatesEsbuildPlugin() {
  const names = srcPropertyNames();
  return {
    name: 'tote-minify-templates',
    setup(build) {
      build.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
        if (!ours(args.path)) return undefined;
        const code = await readFile(args.path, 'utf8');
        const out = minifyTemplates(code, args.path, names);
        if (!out) return undefined;
        return { contents: `${out.code}\n//# sourceMappingURL=${out.map.toUrl()}\n`, loader: 'ts' };
      });
    },
  };
}
