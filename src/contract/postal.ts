/**
 * A postal code's canonical spelling by its country's example (libaddressinput's `zipex`, served with
 * the country's form): capitals, single spaces, and the one separator the example uses put where it
 * goes (`01310100` → `01310-100`, `sw1a1aa` → `SW1A 1AA`, `1000001` → `100-0001`). Zod-free: the BFF
 * sends this spelling to the service, and the widget shows the same on the review.
 */
export function canonicalPostal(value: string, example: string | null | undefined): string {
  const plain = value.trim().toUpperCase().replace(/\s+/g, ' ');
  const bare = plain.replace(/[ -]/g, '');
  // The example's one separator and the part after it: `01310-100` → `-`, `100`.
  const [, sep, tail = ''] = example?.match(/^[^ -]+([ -])([^ -]+)$/) ?? [];
  return sep && bare.length > tail.length ? `${bare.slice(0, -tail.length)}${sep}${bare.slice(-tail.length)}` : plain;
}
