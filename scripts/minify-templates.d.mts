/** Types of scripts/minify-templates.mjs (for the tests). */
export function minifyCssText(text: string): string;
export function minifyHtmlText(text: string, options?: { svg?: boolean }): string;
export function privatePropertyNames(sources: Iterable<string>): Map<string, string>;
export function minifyTemplates(code: string, id?: string, names?: Map<string, string>): { code: string; map: { mappings: string; toUrl(): string } } | undefined;
export function minifyTemplatesPlugin(): unknown;
export function minifyTemplatesEsbuildPlugin(): unknown;
/** The local name css`` templates without `${…}` are rewritten to call (`unsafeCSS`). */
export const CSS_TEXT: string;
