/**
 * DOMPurify set up for merchant descriptions: the allow-lists, the link rule
 * and the Trusted Types policy. A chunk of its own with DOMPurify, loaded by
 * `sanitize.ts` only when a description has markup.
 */
import DOMPurify, { type Config } from 'dompurify';

/** Tags that format text. No forms, frames, media, styles, SVG or dialogs: nothing that submits, loads or overlays. */
const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'span', 'div',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'code', 'pre', 'hr', 'a', 'abbr',
];
/** No `style`, `class`, `id`: no positioning, and nothing our own styles could match. */
const ALLOWED_ATTR = ['href', 'title', 'lang', 'dir'];

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const href = node.getAttribute('href');
  if (!href || !/^https?:\/\//i.test(href.trim())) {
    node.removeAttribute('href');
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
});

type TrustedTypePolicyLike = { createHTML(s: string): unknown; createScriptURL(s: string): unknown };
let policy: TrustedTypePolicyLike | null | undefined;

function trustedTypesPolicy(): TrustedTypePolicyLike | undefined {
  if (policy !== undefined) return policy ?? undefined;
  const tt = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: object): TrustedTypePolicyLike } })
    .trustedTypes;
  try {
    // Identity rules are safe here only because DOMPurify is the sole caller and sanitises what it parses.
    policy = tt ? tt.createPolicy('tote', { createHTML: (s: string) => s, createScriptURL: (s: string) => s }) : null;
  } catch {
    policy = null; // a page CSP that does not allow-list `tote`: DOMPurify falls back to its own policy
  }
  return policy ?? undefined;
}

/** Sanitised, inert nodes of a merchant's HTML. */
export function purify(html: string): DocumentFragment {
  const tt = trustedTypesPolicy();
  const config: Config & { RETURN_DOM_FRAGMENT: true } = {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^https?:\/\//i,
    RETURN_DOM_FRAGMENT: true,
    ...(tt ? { TRUSTED_TYPES_POLICY: tt as unknown as Config['TRUSTED_TYPES_POLICY'] } : {}),
  };
  return DOMPurify.sanitize(html, config);
}
