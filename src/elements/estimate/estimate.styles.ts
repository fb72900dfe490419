import { css } from 'lit';
import { baseStyles, bagSummaryStyles, tokens } from '../internal/styles.js';

export const estimateStyles = [
  tokens,
  baseStyles,
  bagSummaryStyles,
  css`
    .bag {
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      padding: var(--_space-3) var(--_space-4);
    }
    .bag.rejected {
      border-color: var(--_danger);
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
    dd {
      margin: 0;
      text-align: end;
      white-space: nowrap;
    }
    .total {
      font-weight: var(--_font-weight-bold);
      border-top: 1px solid var(--_border);
      padding-top: var(--_space-1);
    }
    .muted {
      color: var(--_fg-muted);
    }
    .problems {
      margin: var(--_space-2) 0 0;
      padding-inline-start: var(--_space-4);
      color: var(--_danger);
      font-size: var(--_font-size-s);
    }
    .order-total {
      font-size: var(--_font-size-l);
      font-weight: var(--_font-weight-bold);
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
      color: var(--_danger);
    }
    [aria-busy='true'] .bag {
      opacity: 0.6;
    }
  `,
];
