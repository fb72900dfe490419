/**
 * How a server-rendered page (`tote-checkout/ssr`) hands its data to the elements: a
 * `<script type="application/json" data-tote-ssr>` inside the element it belongs to, holding the properties the
 * element needs to hydrate (`initialPage` of a grid, `offer` of a card). A JSON script is data, not script:
 * it runs nothing, so it stays within a `script-src 'self'` policy.
 */
export const SSR_DATA_ATTRIBUTE = 'data-tote-ssr';

/** The properties a server-rendered element may be given from its data script; nothing else is assigned. */
export const SSR_PROPERTIES = ['initialPage', 'offer'] as const;
