import type { Appearance, StripeCardElementOptions } from '@stripe/stripe-js';

// Tote's theme tokens and the Appearance API variables they become. Each is read
// from the container's computed style: first Tote's resolved private value
// (`--_*`, set by the element the container sits in, light/dark default
// included), then the public token, so a container outside Tote still follows
// the page's `--tote-*`.
const VARIABLES: [keyof NonNullable<Appearance['variables']>, string, string][] = [
  ['colorPrimary', '--_primary', '--tote-color-primary'],
  ['colorBackground', '--_bg', '--tote-color-surface'],
  ['colorText', '--_fg', '--tote-color-text'],
  ['colorTextSecondary', '--_fg-muted', '--tote-color-text-muted'],
  ['colorDanger', '--_danger', '--tote-color-danger'],
  ['fontFamily', '--_font', '--tote-font-family'],
  ['borderRadius', '--_radius-s', '--tote-radius-s'],
];

/** Relative luminance of an `rgb()`/`#rrggbb` colour, or undefined when it cannot be read. */
function luminance(color: string): number | undefined {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  const parts = hex
    ? [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
    : /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(color)?.slice(1, 4).map(Number);
  if (!parts || parts.length !== 3) return undefined;
  const [r, g, b] = parts.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Stripe's Appearance for the fields mounted in `container`, from Tote's
 * tokens: colours, corner radius and font. A dark surface picks Stripe's
 * `night` theme so its own defaults match. `overrides` (the shop's) win.
 */
export function appearanceFor(container: HTMLElement, overrides: Appearance = {}): Appearance {
  const style = getComputedStyle(container);
  const variables: NonNullable<Appearance['variables']> = {};
  for (const [name, own, token] of VARIABLES) {
    const value = (style.getPropertyValue(own) || style.getPropertyValue(token)).trim();
    // Stripe takes plain values; anything with markup-like or url() content is left to Stripe's default.
    if (value && !/[<>;{}]|url\(/i.test(value)) (variables as Record<string, string>)[name] = value;
  }
  const dark = (luminance(variables.colorBackground ?? '') ?? 1) < 0.2;
  return {
    theme: dark ? 'night' : 'stripe',
    ...overrides,
    variables: { ...variables, ...overrides.variables },
  };
}

/**
 * The Card Element (direct orders, which need a single-use token) does not take
 * the Appearance API; its `style` gets the same text, font and error colours.
 * An unset one is left out (the JSON round trip drops it), so Stripe's default applies.
 */
export function cardStyleFor({ variables: v = {} }: Appearance): StripeCardElementOptions['style'] {
  return JSON.parse(
    JSON.stringify({
      base: { color: v.colorText, fontFamily: v.fontFamily, '::placeholder': { color: v.colorTextSecondary } },
      invalid: { color: v.colorDanger },
    }),
  ) as StripeCardElementOptions['style'];
}
