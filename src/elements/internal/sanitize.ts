/**
 * Merchant HTML descriptions, made inert. DOMPurify (with our rules,
 * `purify.ts`) is loaded only when a description actually has markup; the
 * result is a DocumentFragment rendered as nodes, so no HTML string ever meets
 * an `innerHTML` sink of ours. Under `require-trusted-types-for 'script'`
 * DOMPurify parses through our `tote` policy (allow-list it with
 * `trusted-types tote`).
 */

/** True when a description needs the sanitiser at all (tags or entities). */
export function hasMarkup(text: string): boolean {
  return /<[a-z!/?]|&(#\d+|#x[\da-f]+|[a-z]+);/i.test(text);
}

/** Sanitised, inert nodes of a merchant's HTML. */
export async function sanitizeHtml(html: string): Promise<DocumentFragment> {
  return (await import('./purify.js')).purify(html);
}
