/**
 * Merchant description HTML → the shopper's safe structure
 * (`ShopperDescription`, contract/shopper-description.ts). Parsed here, on
 * the server, by parse5 (the WHATWG parsing algorithm, as a browser would
 * parse it: entities, unclosed tags, mis-nested markup), then walked
 * against an allowlist: paragraphs, line breaks, lists, strong/emphasis and
 * `http(s):` links are kept; script, style, frames, forms, media and
 * foreign content are dropped with their content; every other element is
 * flattened to its text. No attribute survives but a checked `href`.
 */
import { parseFragment } from 'parse5';
import { DESCRIPTION_LIMITS, type ShopperDescription, type ShopperDescriptionNode } from '../contract/shopper-offer.js';

/** Source beyond this is never parsed: nobody reads a megabyte of product description, and parsing it would cost every page. */
export const DESCRIPTION_SOURCE_CHARS = 32 * 1024;

/** Dropped with everything inside them: code, styles, embedded documents, forms, media, foreign content, metadata. */
const DROPPED = new Set([
  'script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed',
  'noframes', 'xmp', 'svg', 'math', 'canvas', 'video', 'audio', 'picture', 'img', 'source', 'track', 'map', 'area',
  'form', 'input', 'button', 'select', 'option', 'optgroup', 'textarea', 'datalist', 'output', 'dialog', 'head',
  'title', 'meta', 'link', 'base', 'slot', 'portal', 'plaintext', 'param',
]);
/** Elements that end a paragraph: their text becomes paragraphs of its own. */
const BLOCKS = new Set([
  'p', 'div', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'blockquote', 'pre', 'address',
  'figure', 'figcaption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td',
  'th', 'caption', 'dl', 'dt', 'dd', 'details', 'summary', 'center', 'fieldset', 'legend', 'body', 'html', 'li', 'ul', 'ol',
]);
const RENAMED: Partial<Record<string, 'strong' | 'em'>> = { strong: 'strong', b: 'strong', em: 'em', i: 'em' };
/**
 * HTML nesting past which an element's content is read as flat text, without recursion: 64 KB of
 * `<div>` opens thousands of levels, and the walk must not run out of stack on them.
 */
const HTML_DEPTH_CAP = 48;

/** The parts of parse5's default tree we read (the same in parse5 6 and 7). */
interface HtmlNode {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
}

/** An absolute `http:`/`https:` URL as the WHATWG parser reads it (so `java\tscript:` and `&#106;…` are what a browser sees), or undefined. */
export function safeHref(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const href = url.href;
  return href.length <= DESCRIPTION_LIMITS.hrefChars ? href : undefined;
}

type Inline = ShopperDescriptionNode;
type Element = Exclude<ShopperDescriptionNode, string>;

/** Builds the tree under the limits; past one of them the rest is left out (text cut with an ellipsis). */
class Builder {
  nodes = 0;
  chars = 0;

  /**
   * No room for more content. A few node slots stay free for the paragraphs still open around it (one
   * per level at most), which are counted when they close.
   */
  full(): boolean {
    return this.nodes >= DESCRIPTION_LIMITS.nodes - DESCRIPTION_LIMITS.depth || this.chars >= DESCRIPTION_LIMITS.textChars;
  }

  /** Takes a node slot for content, or says there is none left. */
  take(): boolean {
    if (this.full()) return false;
    this.nodes++;
    return true;
  }

  /** Takes one of the slots kept for a paragraph that closes around content already taken. */
  close(): boolean {
    if (this.nodes >= DESCRIPTION_LIMITS.nodes) return false;
    this.nodes++;
    return true;
  }

  text(value: string): string | undefined {
    const room = DESCRIPTION_LIMITS.textChars - this.chars;
    if (!value || room <= 0 || !this.take()) return undefined;
    const kept = value.length > room ? `${value.slice(0, Math.max(0, room - 1))}…` : value;
    this.chars += kept.length;
    return kept;
  }
}

/** The text under `node`, read with a stack of our own (no recursion), leaving out dropped elements. */
function flatText(node: HtmlNode): string {
  let text = '';
  const stack: HtmlNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') text += n.value ?? '';
    else if (!DROPPED.has(n.nodeName) && n.childNodes) for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]!);
    if (text.length > DESCRIPTION_LIMITS.textChars) break;
  }
  return text;
}

/** Whitespace as a browser lays it out: runs collapse to one space. */
const collapse = (s: string) => s.replace(/[\t\n\f\r ]+/g, ' ');

/** Appends text to a run, merging with a text node before it. */
function pushText(out: Inline[], text: string): void {
  const last = out[out.length - 1];
  if (typeof last === 'string') out[out.length - 1] = last + text;
  else out.push(text);
}

/**
 * Walks parsed nodes into paragraphs and lists. `depth` is the level in the output of the element
 * holding what is built (0 = the top; bounded by `DESCRIPTION_LIMITS.depth`), for `inline` the level
 * of the element itself; `html` is the nesting in the source (bounded by `HTML_DEPTH_CAP`).
 */
class Walker {
  constructor(private readonly b: Builder) {}

  /** Block-level content of `children`, as paragraphs and lists. */
  blocks(children: HtmlNode[], depth: number, html = 0): Element[] {
    const blocks: Element[] = [];
    let run: Inline[] = [];
    const flush = () => {
      const trimmed = trimRun(run);
      if (trimmed.length && this.b.close()) blocks.push({ t: 'p', c: trimmed });
      run = [];
    };
    for (const child of children) {
      if (this.b.full()) break;
      const name = child.nodeName;
      if (DROPPED.has(name) || name === '#comment' || name === '#documentType') continue;
      if (html >= HTML_DEPTH_CAP) {
        const text = this.b.text(collapse(flatText(child)));
        if (text) pushText(run, text);
      } else if ((name === 'ul' || name === 'ol') && depth + 3 <= DESCRIPTION_LIMITS.depth) {
        flush();
        const list = this.list(name, child.childNodes ?? [], depth, html + 1);
        if (list) blocks.push(list);
      } else if (BLOCKS.has(name)) {
        flush();
        blocks.push(...this.blocks(child.childNodes ?? [], depth, html + 1));
      } else this.inline(child, run, depth + 2, html + 1);
    }
    flush();
    return blocks;
  }

  list(name: 'ul' | 'ol', children: HtmlNode[], depth: number, html: number): Element | undefined {
    if (!this.b.take()) return undefined;
    const items: Element[] = [];
    for (const child of children) {
      if (this.b.full()) break;
      // Text between items is whitespace in real lists; anything else is an item's content without its tag.
      if (child.nodeName === '#text' && !child.value?.trim()) continue;
      const content = child.nodeName === 'li' ? (child.childNodes ?? []) : [child];
      if (!this.b.take()) break;
      const c = this.itemContent(this.blocks(content, depth + 2, html + 1));
      if (c.length) items.push({ t: 'li', c });
      else this.b.nodes--;
    }
    if (items.length) return { t: name, c: items };
    this.b.nodes--; // an empty list is left out: its slot is free again
    return undefined;
  }

  /** An item's single paragraph is its inline content (`<li>text</li>`, not `<li><p>text</p></li>`). */
  itemContent(blocks: Element[]): ShopperDescriptionNode[] {
    if (blocks.length === 1 && blocks[0]!.t === 'p') {
      this.b.nodes--;
      return blocks[0]!.c ?? [];
    }
    return blocks;
  }

  inline(node: HtmlNode, out: Inline[], depth: number, html: number): void {
    const name = node.nodeName;
    if (name === '#text' || html >= HTML_DEPTH_CAP) {
      const text = this.b.text(collapse(name === '#text' ? (node.value ?? '') : flatText(node)));
      if (text) pushText(out, text);
      return;
    }
    if (DROPPED.has(name) || name.startsWith('#')) return;
    if (name === 'br') {
      if (this.b.take()) out.push({ t: 'br' });
      return;
    }
    const t: 'strong' | 'em' | 'a' | undefined = RENAMED[name] ?? (name === 'a' ? 'a' : undefined);
    const href = t === 'a' ? safeHref(node.attrs?.find((a) => a.name === 'href')?.value ?? '') : undefined;
    // A link in a link, a link without a safe href, deeper than allowed, or an element we do not keep: its text only.
    const keep = t !== undefined && (t !== 'a' || (href !== undefined && !out.some(isLink))) && depth <= DESCRIPTION_LIMITS.depth;
    if (!keep || !this.b.take()) {
      for (const child of node.childNodes ?? []) this.inline(child, out, depth, html + 1);
      return;
    }
    const c: Inline[] = [];
    for (const child of node.childNodes ?? []) this.inline(child, c, depth + 1, html + 1);
    if (!c.length) {
      this.b.nodes--;
      return;
    }
    out.push(t === 'a' ? { t, href: href!, c } : { t: t!, c });
  }
}

const isLink = (n: Inline) => typeof n !== 'string' && n.t === 'a';

/** A run without leading/trailing spaces or line breaks; empty when it held only those. */
function trimRun(run: Inline[]): Inline[] {
  const out = [...run];
  while (out.length && (out[0] === ' ' || (typeof out[0] !== 'string' && out[0]!.t === 'br'))) out.shift();
  while (out.length && (out.at(-1) === ' ' || (typeof out.at(-1) !== 'string' && (out.at(-1) as Element).t === 'br'))) out.pop();
  if (typeof out[0] === 'string') out[0] = out[0].trimStart();
  if (typeof out.at(-1) === 'string') out[out.length - 1] = (out.at(-1) as string).trimEnd();
  return out.filter((n) => n !== '');
}

/** The safe structure of a merchant's description HTML (empty when nothing readable is left). */
export function describeHtml(html: string): ShopperDescription {
  const fragment = parseFragment(html.slice(0, DESCRIPTION_SOURCE_CHARS)) as unknown as HtmlNode;
  return new Walker(new Builder()).blocks(fragment.childNodes ?? [], 0);
}

/** The plain text of a description tree: paragraphs and items on lines of their own. */
export function descriptionText(nodes: readonly ShopperDescriptionNode[]): string {
  const lines: string[] = [];
  const inline = (n: ShopperDescriptionNode): string =>
    typeof n === 'string' ? n : n.t === 'br' ? '\n' : (n.c ?? []).map(inline).join('');
  const block = (n: ShopperDescriptionNode) => {
    if (typeof n !== 'string' && (n.t === 'ul' || n.t === 'ol' || n.t === 'li')) {
      if (n.t === 'li' && (n.c ?? []).every((x) => typeof x === 'string' || !['p', 'ul', 'ol'].includes(x.t))) lines.push((n.c ?? []).map(inline).join(''));
      else (n.c ?? []).forEach(block);
    } else lines.push(inline(n));
  };
  nodes.forEach(block);
  return lines.join('\n');
}

/** True when a description needs parsing at all (tags or character references). */
export function hasMarkup(text: string): boolean {
  return /<[a-z!/?]|&(#\d+|#x[\da-f]+|[a-z]+\d*);?/i.test(text);
}

/** A plain-text description cut to the text bound (with an ellipsis when cut). */
function boundedText(text: string): string {
  const max = DESCRIPTION_LIMITS.textChars;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Recently built descriptions by source: a page of offers is served many times and parsing is the cost. */
const built = new Map<string, ShopperDescription>();
const BUILT_KEPT = 256;

function describeCached(html: string): ShopperDescription {
  let tree = built.get(html);
  if (tree) {
    built.delete(html); // re-inserted below: most recently used last
  } else {
    tree = describeHtml(html);
    if (built.size >= BUILT_KEPT) built.delete(built.keys().next().value!);
  }
  built.set(html, tree);
  return tree;
}

/** A tree that says no more than its text: a single paragraph of plain text. */
function onlyText(tree: ShopperDescription): boolean {
  const [first, ...rest] = tree;
  return !first || (!rest.length && typeof first !== 'string' && first.t === 'p' && (first.c ?? []).every((n) => typeof n === 'string'));
}

/**
 * The shopper's two descriptions of an offer: `description`, plain text (the service's own when it has
 * no markup, else the text of the markup), and `rich_description`, the safe structure of the markup
 * (`html_description`, else a `description` with markup), `null` when it says no more than the text.
 */
export function shopperDescription(offer: { description?: string | null; html_description?: string | null }): {
  description: string | null;
  rich_description: ShopperDescription | null;
} {
  const plain = offer.description && !hasMarkup(offer.description) ? boundedText(offer.description) : null;
  const source = offer.html_description || (plain === null ? offer.description : null);
  if (!source) return { description: plain, rich_description: null };
  const tree = describeCached(source);
  return { description: plain ?? (boundedText(descriptionText(tree)) || null), rich_description: onlyText(tree) ? null : tree };
}
