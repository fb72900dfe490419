/**
 * Merchant URLs are untrusted: only absolute `http:` and `https:` URLs ever
 * reach an `href` or `src`. Relative ones are refused too: resolved against
 * the host page they would make the shopper's browser call the host's own
 * paths (`/account/logout` as an image).
 */
export function safeUrl(raw: string | null | undefined): string | undefined {
  if (!raw || typeof raw !== 'string' || !/^https?:\/\/[^/\\]/i.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
}
