import { css } from 'lit';
import { baseStyles, bagSummaryStyles, tokens } from '../../../elements/internal/styles.js';
import { shopBusyStyles } from '../../../elements/internal/shop-busy.js';

export const estimateStyles = [
  tokens,
  baseStyles,
  bagSummaryStyles,
  shopBusyStyles,
  css`
    .bag {
      display: grid;
      gap: var(--_space-2);
      padding-bottom: var(--_space-3);
      border-bottom: 1px solid var(--_border);
    }
    h4 {
      margin: 0;
    }
    .lines {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--_space-3);
    }
    [part='line'] {
      display: grid;
      grid-template-columns: 3rem minmax(0, 1fr) auto;
      gap: var(--_space-3);
      align-items: center;
    }
    .thumb {
      position: relative;
      width: 3rem;
      height: 3rem;
      border-radius: var(--_radius-s);
      border: 1px solid var(--_border);
      background: var(--_bg-muted);
    }
    .thumb img {
      width: 100%;
      height: 100%;
      object-fit: cover;
      border-radius: inherit;
    }
    .qty {
      position: absolute;
      top: -0.5rem;
      inset-inline-end: -0.5rem;
      min-width: 1.25rem;
      height: 1.25rem;
      padding: 0 0.3rem;
      border-radius: var(--_radius-pill);
      background: var(--_fg-muted);
      color: var(--_bg);
      font-size: var(--_font-size-xs);
      line-height: 1.25rem;
      text-align: center;
    }
    .what {
      display: grid;
      min-width: 0;
    }
    .name {
      overflow-wrap: anywhere;
    }
    .variant,
    .note {
      color: var(--_fg-muted);
      font-size: var(--_font-size-s);
    }
    .note {
      margin: 0;
    }
    .problem,
    .error {
      color: var(--_danger);
    }
    .unavailable .name {
      text-decoration: line-through;
    }
    .price {
      white-space: nowrap;
      font-variant-numeric: tabular-nums;
    }
    dl {
      margin: 0;
      display: grid;
      gap: var(--_space-1);
    }
    dl div {
      display: flex;
      justify-content: space-between;
      gap: var(--_space-3);
    }
    dt {
      color: var(--_fg-muted);
    }
    dd {
      margin: 0;
      text-align: end;
      white-space: nowrap;
      font-variant-numeric: tabular-nums;
    }
    .total dt,
    .total dd {
      color: var(--_fg);
      font-weight: var(--_font-weight-bold);
    }
    .muted {
      color: var(--_fg-muted);
      white-space: normal;
    }
    .discount dd {
      color: var(--_success);
    }
    .incl-tax dt {
      font-size: 0.875em;
    }
    .busy {
      font-size: var(--_font-size-s);
    }
    .grand {
      border-top: 1px solid var(--_border);
      padding-top: var(--_space-2);
      font-size: var(--_font-size-l);
    }
    .grand dt,
    .grand dd {
      color: var(--_fg);
      font-weight: var(--_font-weight-bold);
    }
    .currency {
      font-size: var(--_font-size-xs);
      color: var(--_fg-muted);
      font-weight: normal;
    }
    .status {
      color: var(--_fg-muted);
      font-size: var(--_font-size-s);
      margin: 0;
    }
    .status:empty {
      margin-top: calc(-1 * var(--_space-3));
    }
    .error {
      margin: 0;
    }
  `,
];
