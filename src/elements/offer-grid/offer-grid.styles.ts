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
  /* A card off screen is neither laid out nor painted. It holds the height it had when last drawn (\`auto\`), or else
     a card's, which the grid measures (--_item-block-size); its width is its column's, whatever it holds. Before that
     (a server-rendered page before its script) a card's at 1280 px, the tallest usual: a card held too short would
     bring the grid's end nearer. docs/ssr.md, "Long grids". Not the loading skeleton's (its list has no part): held
     at a real card's size, its short cards pushed what follows the grid away and back (the loading grid's layout
     shift went from 0.09 to 0.17). No \`min-width: 0\` on items: a column's minimum is a length, not \`auto\`, so an
     item's own minimum never widens it (and a card's inline size is contained). */
  [part=list] > li {
    content-visibility: auto;
    contain-intrinsic-block-size: auto var(--_item-block-size, 38rem);
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
