import { css } from 'lit';

export const offerGridStyles = css`
  :host {
    display: block;
    /* Text below follows the colour scheme, so the grid brings its own surface. */
    background: var(--tote-offer-grid-background, var(--_bg));
    --_grid-min: var(--tote-offer-grid-min-column-width, 15rem);
    --_grid-gap: var(--tote-offer-grid-gap, var(--_space-4));
  }
  @media (max-width: 480px) {
    :host {
      --_grid-gap: var(--tote-offer-grid-gap, var(--_space-3));
    }
  }
  .list {
    display: grid;
    /* Two columns even on a phone: a storefront shows more than one product at a time. */
    grid-template-columns: repeat(auto-fill, minmax(min(var(--_grid-min), calc(50% - var(--_grid-gap) / 2)), 1fr));
    gap: var(--_grid-gap);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* No \`content-visibility: auto\` on items yet (docs/ssr.md, "Long grids"): with it, WebKit's phone journeys and the
     SSR grid's paging failed now and then. Long host-given lists stay bounded by windowing (RENDER_STEP cards at a time). */
  .list > li {
    min-width: 0;
  }
  /* On top of the one-offer notice (.offer-status): a row above the cards, not a card-sized box. */
  .notice {
    flex-direction: row;
    flex-wrap: wrap;
    min-height: 0;
    margin-block-end: var(--_space-4);
  }
  .notice .title {
    font-weight: var(--_font-weight-bold);
  }
  .empty {
    flex-direction: column;
    padding-block: var(--_space-8);
  }
  .empty p:last-child {
    color: var(--_fg-muted);
    font-size: var(--_font-size-s);
  }
  .footer {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: var(--_space-2);
    padding-block: var(--_space-6);
    color: var(--_fg-muted);
    font-size: var(--_font-size-s);
  }
  .sentinel,
  .reveal {
    height: 1px;
  }
`;
