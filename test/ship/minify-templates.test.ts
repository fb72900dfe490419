// The build's template minifier (scripts/minify-templates.mjs): what it
// removes, what it must keep byte for byte, and that every element module it
// rewrites still renders the same text and styles (checked in the browser by
// the script-tag and element tests, which run the minified bundles).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minifyCssText, minifyHtmlText, minifyTemplates, privatePropertyNames } from '../../scripts/minify-templates.mjs';
import { repo } from './support.js';

describe('template minifier', () => {
  it('css: drops comments and the whitespace around punctuation, keeps what changes meaning', () => {
    assert.equal(minifyCssText('\n  :host {\n    display: block; /* why */\n  }\n  a :hover, b > c { color: red; }\n'), ' :host{display:block}a :hover,b > c{color:red}');
    // Strings, calc() operators and the descendant combinator before a pseudo-class stay.
    assert.equal(minifyCssText(".x::before { content: ' , { ; '; width: calc(100% - 2px); }"), ".x::before{content:' , { ; ';width:calc(100% - 2px)}");
    assert.equal(minifyCssText('/* the shop\'s note */ a { font-family: "Segoe  UI", sans-serif; }'), ' a{font-family:"Segoe  UI",sans-serif}');
  });

  it('html: a whitespace run with a line break goes next to a block-level tag, else becomes one line break; comments go; single spaces stay', () => {
    assert.equal(minifyHtmlText('<p>\n      <b>a</b> <i>b</i>\n    </p>  <!-- note -->'), '<p><b>a</b> <i>b</i></p>  ');
    // Between inline content the line break reads as a space: it stays (as one).
    assert.equal(minifyHtmlText('<span>\n  <b>a</b>\n  <i>b</i>\n</span>'), '<span>\n<b>a</b>\n<i>b</i>\n</span>');
    assert.equal(minifyHtmlText('<ul>\n  <li>\n    <tote-offer-card></tote-offer-card>\n  </li>\n</ul>'), '<ul><li><tote-offer-card></tote-offer-card></li></ul>');
    // At a quasi's edge the other side is a binding: only a block tag on this side lets it go.
    assert.equal(minifyHtmlText('\n  <div>'), '<div>');
    assert.equal(minifyHtmlText('\n  <b>'), '\n<b>');
    // svg: between tags of a drawing without text, nothing; with text, as html.
    assert.equal(minifyHtmlText('<svg>\n  <rect></rect>\n  <circle></circle>\n</svg>', { svg: true }), '<svg><rect></rect><circle></circle></svg>');
  });

  it('rewrites only the literal parts of css``, html`` and svg`` templates, never expressions or other strings', () => {
    const source = [
      "const a: string = 'keep   this';",
      'const s = css`\n  .a {\n    color: ${unsafeCSS(c)};\n  }\n  ${x} .b { margin: 0 }\n`;',
      'const t = html`<div>\n    ${this.t("x")}\n    <span title="  two  ">${n}</span>\n  </div>`;',
      'const u = `plain\n   template`;',
    ].join('\n');
    const out = minifyTemplates(source, 'x.ts');
    assert.ok(out);
    assert.equal(
      out.code,
      [
        "const a: string = 'keep   this';",
        // The space between `${x}` and `.b` is a descendant combinator: kept.
        'const s = css`.a{color:${unsafeCSS(c)}}${x} .b{margin:0}`;',
        'const t = html`<div>${this.t("x")}\n<span title="  two  ">${n}</span></div>`;',
        'const u = `plain\n   template`;',
      ].join('\n'),
    );
    assert.ok(out.map.mappings.length > 0, 'with a source map');
  });

  it('leaves <pre> and <textarea> templates alone and refuses stylesheets whose whitespace is shown', () => {
    assert.equal(minifyTemplates('html`<pre>\n  a\n</pre>`;', 'x.ts'), undefined);
    assert.throws(() => minifyTemplates('css`.a { white-space: pre-wrap; }`;', 'x.ts'), /white-space/);
  });

  it('gives the private custom properties short names, the most used the shortest, in css and in strings alike', () => {
    const names = privatePropertyNames(['--_fg --_space-4 --_space-4', ...Array.from({ length: 26 }, (_, i) => `--_n${i}`)]);
    assert.equal(names.get('--_space-4'), '--_a');
    assert.equal(names.size, 28);
    assert.deepEqual([...names.values()].slice(25, 27), ['--_z', '--_aa']);
    const source = [
      'const s = css`\n  :host { --_space-4: var(--tote-space-4, 1rem); }\n  .a { gap: var(--_space-4) ${x}; color: var(--_fg); }\n`;',
      "const read = ['--_fg', '--tote-color-text'];",
      'const plain = `--_unknown`;',
    ].join('\n');
    const out = minifyTemplates(source, 'x.ts', names);
    assert.ok(out);
    assert.equal(
      out.code,
      [
        'const s = css`:host{--_a:var(--tote-space-4,1rem)}.a{gap:var(--_a) ${x};color:var(--_b)}`;',
        // Public names stay; a name the table does not know stays as written.
        "const read = ['--_b', '--tote-color-text'];",
        'const plain = `--_unknown`;',
      ].join('\n'),
    );
    // Every private name in src/ has one, and no two share one.
    const all = privatePropertyNames(readdirSync(join(repo, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(join(repo, 'src', f), 'utf8')));
    assert.ok(all.has('--_primary') && all.has('--_space-4'));
    assert.equal(new Set(all.values()).size, all.size);
  });

  it('parses every module of src/elements and src/checkout/view and only shortens them', () => {
    const dir = repo;
    const files = ['src/elements', 'src/checkout/view'].flatMap((d) =>
      readdirSync(join(repo, d), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(d, f)),
    );
    let before = 0;
    let after = 0;
    for (const f of files) {
      const code = readFileSync(join(dir, f), 'utf8');
      const out = minifyTemplates(code, f);
      before += code.length;
      after += out?.code.length ?? code.length;
      // Nothing but whitespace, comments and a `;` before `}` went.
      if (out) assert.equal(normalise(out.code), normalise(code), f);
    }
    assert.ok(after < before * 0.95, `${before} → ${after} characters`);
  });
});

/** The code without whitespace, comments and `;` before `}`: what the minifier may remove. */
function normalise(code: string): string {
  return code
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, '')
    .replace(/;}/g, '}');
}
