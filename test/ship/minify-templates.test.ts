// The build's template minifier (scripts/minify-templates.mjs): what it
// removes, what it must keep byte for byte, and that every element module it
// rewrites still renders the same text and styles (checked in the browser by
// the script-tag and element tests, which run the minified bundles).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CSS_TEXT, minifyCssText, minifyHtmlText, minifyTemplates, privatePropertyNames } from '../../scripts/minify-templates.mjs';
import { repo } from './support.js';

describe('template minifier', () => {
  it('css: drops comments and the whitespace around punctuation, keeps what changes meaning', () => {
    assert.equal(minifyCssText('\n  :host {\n    display: block; /* why */\n  }\n  a :hover, b > c { color: red; }\n'), ' :host{display:block}a :hover,b>c{color:red}');
    // Strings, calc() operators and the descendant combinator before a pseudo-class stay.
    assert.equal(minifyCssText(".x::before { content: ' , { ; '; width: calc(100% - 2px); }"), ".x::before{content:' , { ; ';width:calc(100% - 2px)}");
    assert.equal(minifyCssText('/* the shop\'s note */ a { font-family: "Segoe  UI", sans-serif; }'), ' a{font-family:"Segoe  UI",sans-serif}');
    // Values: no space around `/` or before `!important`, no leading zero, `#rgb` for `#rrggbb`; never in a selector.
    assert.equal(
      minifyCssText('#ffeedd > .a { aspect-ratio: 1 / 1; color: #FFFFFF; background: rgb(0 0 0 / 0.06) !important; opacity: 0.55; width: 10.05rem; border-color: #ffeedd0a; }'),
      '#ffeedd>.a{aspect-ratio:1/1;color:#FFF;background:rgb(0 0 0/.06)!important;opacity:.55;width:10.05rem;border-color:#ffeedd0a}',
    );
    // A quasi's last piece ends past a `${…}`: whether selector or value is unknown there, so it stays.
    assert.equal(minifyCssText('.a { margin: 0.5rem } .b > '), '.a{margin:.5rem}.b > ');
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

  it('makes a stylesheet without `${…}` with unsafeCSS, so no bundle needs the css`` function; one with `${…}` stays css``', () => {
    const out = minifyTemplates("import { css } from 'lit';\nconst a = css`\n  .a { color: red; }\n`;\nconst b = css`.b { ${a} }`;\n", 'x.ts');
    assert.ok(out);
    assert.equal(
      out.code,
      `import { unsafeCSS as ${CSS_TEXT} } from 'lit';\nimport { css } from 'lit';\nconst a = /* @__PURE__ */ ${CSS_TEXT}(\`.a{color:red}\`);\nconst b = css\`.b{\${a}}\`;\n`,
    );
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
      // Nothing but whitespace, comments, a `;` before `}`, leading zeros and repeated hex digits went.
      if (out) assert.equal(normalise(asCssTemplates(out.code)), normalise(code), f);
    }
    assert.ok(after < before * 0.95, `${before} → ${after} characters`);
  });
});

/** The code with its stylesheets written as css`` again (undoing the `unsafeCSS` form of the ones without `${…}`). */
function asCssTemplates(code: string): string {
  return code
    .replace(`import { unsafeCSS as ${CSS_TEXT} } from 'lit';\n`, '')
    .replace(new RegExp(`/\\* @__PURE__ \\*/ ${CSS_TEXT}\\((\`[^\`]*\`)\\)`, 'g'), 'css$1');
}

/** The code without whitespace, comments, `;` before `}`, leading zeros and `#rrggbb`: what the minifier may remove or shorten. */
function normalise(code: string): string {
  return code
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, '')
    .replace(/;}/g, '}')
    .replace(/([:,(/])0+\.(\d)/g, '$1.$2')
    .replace(/#([\da-f])\1([\da-f])\2([\da-f])\3(?![\w-])/gi, '#$1$2$3');
}
