/**
 * Merchant description HTML → the shopper's safe structure (bff/description.ts): hostile input (script,
 * style, frames, event handlers, `javascript:`/`data:` links in the spellings browsers accept, mutation
 * XSS, deep nesting, megabytes) comes out as formatting and text only, within the contract's bounds;
 * and over real HTTP the seeded offers' markup reaches shoppers only as that structure.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DESCRIPTION_LIMITS, ShopperDescriptionSchema, type ShopperDescription } from '../../src/contract/shopper-offer.js';
import { WidgetOfferSchema } from '../../src/contract/api.js';
import { DESCRIPTION_SOURCE_CHARS, describeHtml, descriptionText, safeHref, shopperDescription } from '../../src/bff/description.js';
import { hostile, hostileDescription, hostileDescribed } from '../../stories/fixtures/offers.js';
import { BAD_URLS, MUTATING, SCRIPTY } from '../hostile/hostile-data.js';
import { startStack, type Stack } from './harness.js';

/** Every tag and href in a tree. */
function walk(tree: ShopperDescription): { tags: string[]; hrefs: string[]; text: string } {
  const tags: string[] = [];
  const hrefs: string[] = [];
  let text = '';
  const visit = (n: ShopperDescription[number]) => {
    if (typeof n === 'string') {
      text += n;
      return;
    }
    tags.push(n.t);
    if (n.href !== undefined) hrefs.push(n.href);
    n.c?.forEach(visit);
  };
  tree.forEach(visit);
  return { tags, hrefs, text };
}

/** Parsed by the contract's schema (bounds and content model), and returned. */
function valid(tree: ShopperDescription): ShopperDescription {
  const parsed = ShopperDescriptionSchema.safeParse(tree);
  assert.ok(parsed.success, `${JSON.stringify(tree).slice(0, 300)}: ${parsed.success ? '' : parsed.error.message}`);
  return tree;
}

describe('description HTML → safe structure', () => {
  it('keeps paragraphs, line breaks, lists, strong/emphasis and http(s) links, and nothing else', () => {
    const tree = valid(
      describeHtml(
        '<p class="x" style="color:red">One <b>bold</b>, <i>it</i>, <u>under</u>,<br>next &amp; <a href="https://shop.example/care?a=1&amp;b=2" title="t">care</a></p>' +
          '<ol><li>first</li><li>second<ul><li>inner</li></ul></li></ol>',
      ),
    );
    assert.deepEqual(tree, [
      { t: 'p', c: ['One ', { t: 'strong', c: ['bold'] }, ', ', { t: 'em', c: ['it'] }, ', under,', { t: 'br' }, 'next & ', { t: 'a', href: 'https://shop.example/care?a=1&b=2', c: ['care'] }] },
      { t: 'ol', c: [{ t: 'li', c: ['first'] }, { t: 'li', c: [{ t: 'p', c: ['second'] }, { t: 'ul', c: [{ t: 'li', c: ['inner'] }] }] }] },
    ]);
  });

  it('drops script, style, template, frames, forms, media and SVG with their content', () => {
    const tree = valid(
      describeHtml(
        '<p>kept</p><script>alert(1)</script><style>*{display:none}</style><template><p>t</p></template>' +
          '<iframe srcdoc="<script>x</script>">frame</iframe><object data="x">obj</object><embed src="x">' +
          '<form action="https://evil.example"><input value="card"><button>Pay</button><textarea>ta</textarea></form>' +
          '<svg><a href="https://evil.example/">svg</a><script>x</script></svg><math><mi>m</mi></math><noscript>ns</noscript>' +
          '<video src="x">vid</video><img src=x onerror=alert(1)><dialog open>modal</dialog>',
      ),
    );
    assert.deepEqual(tree, [{ t: 'p', c: ['kept'] }]);
  });

  it('drops every attribute but a checked href (on* handlers, style, class, id, target, srcdoc)', () => {
    const { tags, hrefs } = walk(valid(describeHtml(SCRIPTY.join('<br>') + '<p onclick="x" style="position:fixed" id="title" class="button">p</p>')));
    assert.deepEqual(hrefs, []);
    assert.ok(tags.every((t) => ['p', 'br'].includes(t)), tags.join());
    const json = JSON.stringify(describeHtml(SCRIPTY.join('') + '<p onclick="x" style="s">p</p>'));
    assert.doesNotMatch(json, /onerror|onload|onclick|ontoggle|style|srcdoc|<script/i);
  });

  it('links only to http(s): javascript:, data:, vbscript:, blob:, file: and relative URLs lose their link, keep their text', () => {
    for (const url of [...BAD_URLS, '/account/logout', '//evil.example/x', 'mailto:a@b.example', 'https://', '  ']) {
      const escaped = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      // Entities in the attribute are decoded by the parser first, as a browser would (`&#106;avascript:` is `javascript:`).
      for (const html of [`<p><a href="${escaped}">link</a></p>`, `<p><a href="${url.replace(/"/g, '&quot;')}">link</a></p>`]) {
        const tree = valid(describeHtml(html));
        assert.deepEqual(walk(tree).hrefs, [], `${html} → ${JSON.stringify(tree)}`);
        assert.equal(walk(tree).text, 'link');
      }
    }
    assert.equal(safeHref(' https://shop.example/a b '), 'https://shop.example/a%20b');
    assert.equal(safeHref('HTTP://Shop.Example/x'), 'http://shop.example/x');
    assert.equal(safeHref(`https://shop.example/${'a'.repeat(DESCRIPTION_LIMITS.hrefChars)}`), undefined);
  });

  it('a link inside a link keeps one link; mutation-XSS markup leaves only text', () => {
    assert.deepEqual(describeHtml('<p><a href="https://a.example/"><b><a href="https://b.example/">x</a></b></a></p>').flatMap((b) => walk([b]).hrefs).length, 1);
    for (const m of MUTATING) {
      const tree = valid(describeHtml(m));
      assert.deepEqual(walk(tree).hrefs, []);
      assert.doesNotMatch(JSON.stringify(tree), /onerror|<img|<script/i, m);
    }
  });

  it('deep nesting stays within the depth bound, without running out of stack', () => {
    // Each fits the source bound (DESCRIPTION_SOURCE_CHARS), so its last words are read.
    for (const html of [
      '<div>'.repeat(6_000) + 'deep',
      '<ul><li>'.repeat(3_500) + 'deep list',
      '<p>' + '<b><i><a href="https://a.example/">'.repeat(800) + 'deep inline',
      '<span>'.repeat(5_000) + 'spans',
      '<table><tr><td>'.repeat(2_000) + 'cells',
    ]) {
      const tree = valid(describeHtml(html));
      assert.match(walk(tree).text, /(deep|deep list|deep inline|spans|cells)$/, html.slice(0, 20));
    }
    valid(describeHtml('<div>'.repeat(100_000) + 'past the source bound'));
    const lists = valid(describeHtml('<ul><li>'.repeat(50) + 'x'));
    assert.match(walk(lists).text, /x$/);
  });

  it('huge input is bounded in nodes and text (and the source read is bounded too)', () => {
    const many = valid(describeHtml('<p>para <b>bold</b> <a href="https://a.example/">l</a></p>'.repeat(50_000)));
    assert.ok(walk(many).tags.length <= DESCRIPTION_LIMITS.nodes);
    assert.ok(DESCRIPTION_SOURCE_CHARS <= 64 * 1024);
    const long = valid(describeHtml(`<p>${'word '.repeat(500_000)}</p>`));
    assert.ok(walk(long).text.length <= DESCRIPTION_LIMITS.textChars);
    assert.match(walk(long).text, /…$/);
    const plain = shopperDescription({ description: 'x'.repeat(2 * 1024 * 1024) });
    assert.equal(plain.description!.length, DESCRIPTION_LIMITS.textChars);
    assert.equal(plain.rich_description, null);
  });

  it('the shopper gets plain text as `description`, and structure only when there is more than text', () => {
    assert.deepEqual(shopperDescription({ description: 'Just text & more', html_description: null }), { description: 'Just text & more', rich_description: null });
    assert.deepEqual(shopperDescription({ description: '<p>Only a &quot;paragraph&quot;</p>' }), { description: 'Only a "paragraph"', rich_description: null });
    const both = shopperDescription({ description: 'Plain.', html_description: '<p>Plain.</p><ul><li>a</li></ul>' });
    assert.equal(both.description, 'Plain.');
    assert.deepEqual(both.rich_description, [{ t: 'p', c: ['Plain.'] }, { t: 'ul', c: [{ t: 'li', c: ['a'] }] }]);
    const fromMarkup = shopperDescription({ description: '<p>a <em>b</em></p><ul><li>c</li></ul>' });
    assert.equal(fromMarkup.description, 'a b\nc');
    assert.equal(descriptionText(fromMarkup.rich_description!), 'a b\nc');
    assert.deepEqual(shopperDescription({ html_description: '<script>x</script>' }), { description: null, rich_description: null });
  });

  it("the stories' hostile description is what the BFF makes of it (stories render in the browser, with no parser)", () => {
    assert.deepEqual(shopperDescription({ html_description: hostileDescription }), hostileDescribed);
    assert.deepEqual(hostile.rich_description, hostileDescribed.rich_description);
  });
});

describe('descriptions over HTTP (seeded offers with real-shaped and hostile markup)', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(() => stack.close());

  it('every offer of a page carries structure or text, never HTML, and passes the contract', async () => {
    const res = await stack.api('/api/offers?merchant_id=1001&size=20');
    assert.equal(res.status, 200, res.text);
    assert.doesNotMatch(res.text, /<script|<iframe|onerror|onclick|javascript:|data:text|html_description/i);
    let rich = 0;
    for (const offer of res.body.offers) {
      assert.ok(WidgetOfferSchema.safeParse(offer).success, `offer ${offer.id}`);
      if (offer.rich_description) {
        rich++;
        for (const href of walk(offer.rich_description).hrefs) assert.match(href, /^https?:\/\//);
      }
    }
    assert.ok(rich >= 3, `${rich} offers with structure`);
    const tags = new Set(res.body.offers.flatMap((o: any) => (o.rich_description ? walk(o.rich_description).tags : [])));
    for (const t of ['p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br']) assert.ok(tags.has(t), `a seeded description has <${t}>: ${[...tags]}`);
  });

  it('the seeded hostile description keeps its text and loses what would run', async () => {
    const res = await stack.api('/api/offers/10003');
    assert.equal(res.status, 200, res.text);
    const { text, hrefs } = walk(res.body.offer.rich_description ?? []);
    assert.match(`${text} ${res.body.offer.description}`, /Free gift/);
    assert.deepEqual(hrefs, []);
  });
});
