/**
 * Merchant URLs are untrusted: only `http:` and `https:` ever reach an `href`
 * or `src`. Relative URLs are resolved against the page first.
 */
export function safeUrl(raw: string | null | undefined): string | undefined {
  if (!raw || typeof raw !== 'string') return undefined;
  let url: URL;
  try {
    const base = typeof document === 'undefined' ? 'http://localhost/' : document.baseURI;
    url = new URL(raw.trim(), base);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}
