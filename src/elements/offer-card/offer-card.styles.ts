import { css } from 'lit';

export const offerCardStyles = css`
  :host {
    display: block;
    container-type: inline-size;
    --_card-bg: var(--tote-offer-card-background, var(--_bg));
    --_card-radius: var(--tote-offer-card-radius, var(--_radius-m));
    --_card-image-fit: var(--tote-offer-card-image-fit, cover);
  }
  /* One column: the media edge to edge, the text inset; a spacer (::before, ordered before the button) takes the free
     space, so the button keeps to the card's foot with at least its margin above it whatever is hidden. */
  .card {
    position: relative;
    display: flex;
    flex-direction: column;
    gap: var(--_space-1);
    height: 100%;
    padding-block-end: var(--_space-4);
    background: var(--_card-bg);
    border: 1px solid var(--_border);
    border-radius: var(--_card-radius);
    overflow: hidden;
    transition: box-shadow 160ms ease, border-color 160ms ease;
    --_inset: var(--_space-4);
  }
  .card > :not(.media, .sr-only) {
    margin-inline: var(--_inset);
  }
  .card::before {
    content: '';
    order: 1;
    flex: 1 0 calc(var(--_space-3) - var(--_space-1));
  }
  .card:hover {
    box-shadow: var(--_shadow);
  }
  .media {
    position: relative;
    margin-block-end: calc(var(--_space-3) - var(--_space-1));
    aspect-ratio: 1 / 1;
    background: var(--_bg-muted);
    overflow: hidden;
  }
  .media img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: var(--_card-image-fit);
  }
  .no-image {
    display: grid;
    place-items: center;
    height: 100%;
    color: var(--_fg-muted);
    font-size: var(--_font-size-s);
  }
  .media img.failed {
    opacity: 0;
  }
  .no-image.over {
    position: absolute;
    inset: 0;
  }
  .no-image svg {
    width: 40%;
    height: 40%;
    opacity: 0.35;
  }
  /* The stock or sale badge says what the availability and the price already say: drawn, not read twice. */
  .media[data-badge]::after {
    content: attr(data-badge);
    content: attr(data-badge) / '';
    position: absolute;
    inset-block-start: var(--_space-2);
    inset-inline-start: var(--_space-2);
    padding: 2px var(--_space-2);
    border-radius: var(--_radius-pill);
    font-size: var(--_font-size-xs);
    font-weight: var(--_font-weight-bold);
    background: var(--_bg);
    color: var(--_fg);
    box-shadow: var(--_shadow);
  }
  .media.sale::after {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .merchant {
    margin: 0;
    font-size: var(--_font-size-xs);
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: var(--_fg-muted);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .title {
    margin: 0;
    font-size: var(--_font-size);
    font-weight: var(--_font-weight-bold);
    line-height: 1.3;
    /* Two lines whatever the name's length: cards of a row and of every row are as tall, so a card coming into view
       (content-visibility) takes the height the grid held for it. */
    min-height: 2.6em;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  .price {
    margin: 0;
    font-size: var(--_font-size-l);
    font-weight: var(--_font-weight-bold);
    font-variant-numeric: tabular-nums;
  }
  .price s {
    margin-inline-start: var(--_space-2);
    font-size: var(--_font-size-s);
    font-weight: normal;
    color: var(--_fg-muted);
  }
  .availability {
    margin: 0;
    font-size: var(--_font-size-s);
    color: var(--_success);
  }
  .availability.out {
    color: var(--_danger);
  }
  .tags {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .tags[hidden],
  .price[hidden],
  .description[hidden] {
    display: none;
  }
  .tags li {
    padding: 1px var(--_space-2);
    border-radius: var(--_radius-pill);
    background: var(--_bg-muted);
    color: var(--_fg-muted);
    font-size: var(--_font-size-xs);
  }
  .description {
    margin-block-start: var(--_space-1);
    font-size: var(--_font-size-s);
    color: var(--_fg-muted);
    overflow: hidden;
    overflow-wrap: anywhere;
    /* The structure's paragraphs and items are lines of the text. */
    white-space: pre-line;
    display: -webkit-box;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
  }
  .button.add {
    order: 2;
  }
`;

export const compactCardStyles = css`
  /* A narrow card (two columns on a phone): the essentials only. */
  @container (max-width: 220px) {
    .card {
      padding-block-end: var(--_space-3);
      --_inset: var(--_space-3);
    }
    .media {
      margin-block-end: calc(var(--_space-2) - var(--_space-1));
    }
    .title {
      font-size: var(--_font-size-s);
    }
    .price {
      font-size: var(--_font-size);
    }
    .description,
    .tags {
      display: none;
    }
    .button.add {
      min-height: 40px;
      padding-inline: var(--_space-2);
      font-size: var(--_font-size-s);
    }
  }
`;
