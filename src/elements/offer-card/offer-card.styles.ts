import { css } from 'lit';

export const offerCardStyles = css`
  :host {
    display: block;
    container-type: inline-size;
    --_card-bg: var(--tote-offer-card-background, var(--_bg));
    --_card-radius: var(--tote-offer-card-radius, var(--_radius-m));
    --_card-image-fit: var(--tote-offer-card-image-fit, cover);
  }
  .card {
    position: relative;
    display: flex;
    flex-direction: column;
    height: 100%;
    background: var(--_card-bg);
    border: 1px solid var(--_border);
    border-radius: var(--_card-radius);
    overflow: hidden;
    transition: box-shadow 160ms ease, border-color 160ms ease;
  }
  .card:hover {
    box-shadow: var(--_shadow);
  }
  .media {
    position: relative;
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
  .badge {
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
  .badge.sale {
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .body {
    display: flex;
    flex: 1;
    flex-direction: column;
    gap: var(--_space-1);
    padding: var(--_space-3) var(--_space-4) var(--_space-4);
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
  .price[hidden] {
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
    position: relative;
    margin: var(--_space-1) 0 0;
    font-size: var(--_font-size-s);
    color: var(--_fg-muted);
    overflow: hidden;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
    /* Merchant markup stays inside this box, whatever it tries. */
    contain: paint;
  }
  .description :is(p, ul, ol) {
    margin: 0 0 var(--_space-1);
  }
  .description a {
    color: inherit;
  }
  /* The button keeps to the card's foot: a margin above it, pushed down by the free space. */
  .button.add {
    width: 100%;
    margin-block-start: auto;
  }
  .body > :has(+ .button.add) {
    margin-block-end: var(--_space-3);
  }
`;

export const compactCardStyles = css`
  /* A narrow card (two columns on a phone): the essentials only. */
  @container (max-width: 220px) {
    .body {
      padding: var(--_space-2) var(--_space-3) var(--_space-3);
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
