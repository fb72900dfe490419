/**
 * JSON for a `<script>` element of the page: `<`, `>` and `&` as `\u` escapes, so no text in it (a merchant's
 * `</script>` or `<!--`) can end the element or change how the HTML parser reads it; U+2028/2029 too, for old
 * JavaScript parsers. `JSON.parse` reads it back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Text for an HTML attribute value in double quotes. */
export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
