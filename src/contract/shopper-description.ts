/**
 * A merchant description as the shopper's browser gets it: not HTML, but a
 * small tree the elements render with templates (`elements/internal/description.ts`),
 * so no HTML parser or sanitiser runs in the browser and no merchant markup
 * meets an HTML sink. The BFF builds it from the service's `html_description`
 * (`bff/description.ts`). A node is text, or an element from a short list:
 * paragraphs and line breaks, lists, emphasis and strong, and links whose
 * `href` is `http(s):`. Bounded in depth, nodes and text, so a megabyte of
 * markup upstream is a few kilobytes here.
 */
import { z } from 'zod';

export const DESCRIPTION_LIMITS = {
  /** Levels of elements: a paragraph at the top is 1, a link in it 2; a list in a list item in a list puts its items at 4. */
  depth: 6,
  /** Elements and text nodes in one description. */
  nodes: 300,
  /** Characters of text in one description, all text nodes together. */
  textChars: 4000,
  hrefChars: 2048,
} as const;

/** Paragraph, list, list item, line break, strong, emphasis, link. */
export const DESCRIPTION_TAGS = ['p', 'ul', 'ol', 'li', 'br', 'strong', 'em', 'a'] as const;
type DescriptionTag = (typeof DESCRIPTION_TAGS)[number];

/** What each element may hold: text and inline elements, list items in lists, anything but a list item in an item. */
const INLINE = new Set<DescriptionTag>(['br', 'strong', 'em', 'a']);
const ALLOWED_CHILDREN: Record<DescriptionTag, (t: DescriptionTag) => boolean> = {
  p: (t) => INLINE.has(t),
  strong: (t) => INLINE.has(t),
  em: (t) => INLINE.has(t),
  a: (t) => INLINE.has(t) && t !== 'a',
  br: () => false,
  ul: (t) => t === 'li',
  ol: (t) => t === 'li',
  li: (t) => t !== 'li',
};

const ElementSchema = z.object({
  t: z.enum(DESCRIPTION_TAGS),
  /** Links only: an absolute `http:` or `https:` URL. */
  href: z
    .string()
    .max(DESCRIPTION_LIMITS.hrefChars)
    .regex(/^https?:\/\/[^\s]+$/i)
    .optional(),
  /** Children; absent on `br`. */
  get c(): z.ZodOptional<z.ZodArray<typeof ShopperDescriptionNodeSchema>> {
    return z.array(ShopperDescriptionNodeSchema).max(DESCRIPTION_LIMITS.nodes).optional();
  },
});

export const ShopperDescriptionNodeSchema: z.ZodUnion<[z.ZodString, typeof ElementSchema]> = z.union([
  z.string().min(1).max(DESCRIPTION_LIMITS.textChars),
  ElementSchema,
]);
export type ShopperDescriptionNode = z.infer<typeof ShopperDescriptionNodeSchema>;

/** Top level: paragraphs and lists (text and inline elements only inside a paragraph or item). */
export const ShopperDescriptionSchema = z
  .array(ShopperDescriptionNodeSchema)
  .max(DESCRIPTION_LIMITS.nodes)
  .superRefine((nodes, ctx) => {
    const problem = shapeProblem(nodes);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type ShopperDescription = z.infer<typeof ShopperDescriptionSchema>;

/** The first rule a description breaks (content model, link, bounds), or undefined. */
function shapeProblem(top: ShopperDescriptionNode[]): string | undefined {
  let count = 0;
  let chars = 0;
  // `depth`: the level of the elements in `nodes` (those at the top are 1).
  const walk = (nodes: ShopperDescriptionNode[], parent: DescriptionTag | null, depth: number): string | undefined => {
    for (const node of nodes) {
      if (++count > DESCRIPTION_LIMITS.nodes) return `more than ${DESCRIPTION_LIMITS.nodes} nodes`;
      if (typeof node === 'string') {
        if (parent === null || parent === 'ul' || parent === 'ol') return 'text outside a paragraph or list item';
        if ((chars += node.length) > DESCRIPTION_LIMITS.textChars) return `more than ${DESCRIPTION_LIMITS.textChars} characters`;
        continue;
      }
      if (depth > DESCRIPTION_LIMITS.depth) return `elements nested deeper than ${DESCRIPTION_LIMITS.depth}`;
      const fits = parent === null ? node.t === 'p' || node.t === 'ul' || node.t === 'ol' : ALLOWED_CHILDREN[parent](node.t);
      if (!fits) return `<${node.t}> inside ${parent ? `<${parent}>` : 'the top level'}`;
      if ((node.href !== undefined) !== (node.t === 'a')) return 'href on an element other than a link, or a link without one';
      if (node.t === 'br' && node.c) return '<br> with children';
      const deeper = walk(node.c ?? [], node.t, depth + 1);
      if (deeper) return deeper;
    }
    return undefined;
  };
  return walk(top, null, 1);
}
