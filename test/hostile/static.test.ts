/**
 * Static check: in `src/elements/`, there is no HTML sink at all (`unsafeHTML`, `unsafeSVG`,
 * `innerHTML`/`outerHTML`/`srcdoc` writes, `insertAdjacentHTML`,
 * `createContextualFragment`, `DOMParser`, `document.write`): merchant
 * descriptions come from the BFF as structure rendered with templates
 * (`elements/internal/description.ts`), and every URL binding in a Lit template (`href=`,
 * `src=`, `srcset=`, `action=`, `formaction=`, `poster=`, `xlink:href=`, and
 * `.href`/`.src` property bindings) takes only what `safeUrl` returned.
 * Sources are parsed (esbuild strips the types, acorn builds the tree), not
 * grepped; the planted fixtures below prove that the check can fail.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { parse, type Node } from 'acorn';
import { ancestor } from 'acorn-walk';

const URL_ATTR = /(?:\s|^)(\.?)(href|src|srcset|action|formaction|poster|xlink:href)=["']?$/i;
const HTML_PROPS = new Set(['innerHTML', 'outerHTML', 'srcdoc']);
const HTML_CALLS = new Set(['insertAdjacentHTML', 'createContextualFragment', 'parseFromString', 'write', 'writeln']);
const UNSAFE_DIRECTIVES = new Set(['unsafeHTML', 'unsafeSVG', 'unsafeMathML']);

export interface Violation {
  file: string;
  line: number;
  what: string;
}

type AnyNode = Node & Record<string, any>;

/** Finds HTML sinks, and URL bindings that bypass the URL check, in one TypeScript source. */
export function findViolations(source: string, file = 'fixture.ts'): { violations: Violation[]; urlBindings: number; sinks: number } {
  const js = transformSync(source, {
    loader: 'ts',
    format: 'esm',
    target: 'es2022',
    tsconfigRaw: { compilerOptions: { experimentalDecorators: true, useDefineForClassFields: false } },
  }).code;
  const ast = parse(js, { ecmaVersion: 'latest', sourceType: 'module', locations: true }) as AnyNode;
  const violations: Violation[] = [];
  let urlBindings = 0;
  let sinks = 0;
  const report = (node: AnyNode, what: string) => violations.push({ file, line: node.loc?.start.line ?? 0, what });

  // Every `const x = …` of the file, so that `src=${x}` can be traced to what produced x.
  const bindings = new Map<string, AnyNode[]>();
  ancestor(ast, {
    VariableDeclarator(node: AnyNode) {
      if (node.id.type === 'Identifier' && node.init) bindings.set(node.id.name, [...(bindings.get(node.id.name) ?? []), node.init]);
    },
  });

  const calleeName = (call: AnyNode): string | undefined =>
    call.callee.type === 'Identifier' ? call.callee.name : call.callee.type === 'MemberExpression' && !call.callee.computed ? call.callee.property.name : undefined;

  /** True when `expr` can only be what `fn` returned (or nothing at all). */
  function producedBy(expr: AnyNode | null | undefined, fn: string, seen = new Set<string>()): boolean {
    if (!expr) return true;
    switch (expr.type) {
      case 'AwaitExpression':
      case 'ChainExpression':
        return producedBy(expr.argument ?? expr.expression, fn, seen);
      case 'CallExpression': {
        const name = calleeName(expr);
        if (name === fn) return true;
        // Lit's ifDefined / live pass their argument through.
        if (name === 'ifDefined' || name === 'live') return producedBy(expr.arguments[0], fn, seen);
        return false;
      }
      case 'ConditionalExpression':
        return producedBy(expr.consequent, fn, seen) && producedBy(expr.alternate, fn, seen);
      case 'LogicalExpression':
        return expr.operator === '&&' ? producedBy(expr.right, fn, seen) : producedBy(expr.left, fn, seen) && producedBy(expr.right, fn, seen);
      case 'Identifier': {
        if (expr.name === 'undefined' || expr.name === 'nothing') return true;
        const inits = bindings.get(expr.name);
        if (!inits || seen.has(expr.name)) return false;
        seen.add(expr.name);
        return inits.every((init) => producedBy(init, fn, seen));
      }
      case 'Literal':
        return expr.value === null || expr.value === '';
      case 'UnaryExpression':
        return expr.operator === 'void';
      default:
        return false;
    }
  }

  ancestor(ast, {
    TaggedTemplateExpression(node: AnyNode) {
      const tag = node.tag.type === 'Identifier' ? node.tag.name : undefined;
      if (tag !== 'html' && tag !== 'svg') return;
      const { quasis, expressions } = node.quasi;
      expressions.forEach((expr: AnyNode, i: number) => {
        const match = URL_ATTR.exec(quasis[i].value.cooked ?? quasis[i].value.raw);
        if (!match) return;
        urlBindings++;
        if (!producedBy(expr, 'safeUrl')) report(expr, `${match[1]}${match[2]}= bound to something safeUrl() did not return`);
      });
    },
    AssignmentExpression(node: AnyNode) {
      const target = node.left;
      if (target.type !== 'MemberExpression') return;
      const prop = target.computed ? target.property.value : target.property.name;
      if (!HTML_PROPS.has(prop)) return;
      sinks++;
      report(node, `${prop} assigned`);
    },
    CallExpression(node: AnyNode) {
      const name = calleeName(node);
      if (!name) return;
      if (UNSAFE_DIRECTIVES.has(name)) {
        sinks++;
        report(node, `${name}()`);
      } else if (HTML_CALLS.has(name) && node.callee.type === 'MemberExpression') {
        const obj = node.callee.object;
        // write/writeln only matter on a document.
        if ((name === 'write' || name === 'writeln') && !(obj.type === 'Identifier' && obj.name === 'document')) return;
        sinks++;
        report(node, `${name}()`);
      }
    },
    NewExpression(node: AnyNode) {
      if (node.callee.type === 'Identifier' && node.callee.name === 'DOMParser') {
        sinks++;
        report(node, 'DOMParser');
      }
    },
  });
  return { violations, urlBindings, sinks };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('static check: sinks and URL bindings in src/elements and src/checkout/view', () => {
  it('the element sources have no HTML sink, and every URL binding goes through safeUrl', () => {
    let urlBindings = 0;
    const all: Violation[] = [];
    for (const file of [...walk('src/elements'), ...walk('src/checkout/view')]) {
      const found = findViolations(readFileSync(file, 'utf8'), file);
      urlBindings += found.urlBindings;
      all.push(...found.violations);
    }
    assert.deepEqual(all, []);
    // The check is not vacuous: the elements do bind image and link URLs.
    assert.ok(urlBindings >= 4, `${urlBindings} URL bindings seen`);
  });

  const planted: [string, string][] = [
    ['an href bound straight to merchant data', 'const o = { url: "" }; html`<a href=${o.url}>x</a>`;'],
    ['a src bound to a variable that did not come from safeUrl', 'const src = offer.image?.url; html`<img src="${src}" alt="">`;'],
    ['a srcset binding', 'html`<img srcset=${offer.srcset}>`;'],
    ['a .href property binding', 'html`<a .href=${offer.external_url}></a>`;'],
    ['an svg xlink:href binding', 'svg`<use xlink:href=${offer.icon}></use>`;'],
    ['a safe value in one branch only', 'const u = ok ? safeUrl(a) : a; html`<a href=${u}></a>`;'],
    ['unsafeHTML of merchant markup', 'html`<div>${unsafeHTML(offer.html_description)}</div>`;'],
    ['an innerHTML write', 'el.innerHTML = offer.description;'],
    ['a computed innerHTML write', "el['innerHTML'] = offer.description;"],
    ['an iframe srcdoc write', 'frame.srcdoc = offer.description;'],
    ['insertAdjacentHTML', "el.insertAdjacentHTML('beforeend', offer.description);"],
    ['createContextualFragment', 'document.createRange().createContextualFragment(offer.description);'],
    ['DOMParser', "new DOMParser().parseFromString(offer.description, 'text/html');"],
    ['document.write', 'document.write(offer.description);'],
  ];
  for (const [what, code] of planted) {
    it(`fails on a planted violation: ${what}`, () => {
      const { violations } = findViolations(code);
      assert.ok(violations.length >= 1, `not caught: ${code}`);
    });
  }

  it('passes the safe spellings (direct call, traced variable, conditional with nothing, ifDefined)', () => {
    const code = `
      const src = safeUrl(image?.url);
      html\`<img src=\${src} alt=""><a href=\${safeUrl(x)}>a</a>\${src ? html\`<img src=\${src}>\` : nothing}\`;
      html\`<a href=\${ifDefined(safeUrl(y))}>b</a><a href=\${ok ? safeUrl(z) : undefined}>c</a>\`;
    `;
    assert.deepEqual(findViolations(code).violations, []);
  });
});
