import { css } from 'lit';
import { baseStyles, bagSummaryStyles, tokens } from '../internal/styles.js';

export const orderStatusStyles = [
  tokens,
  baseStyles,
  bagSummaryStyles,
  css`
    ul.bags {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--_space-3);
    }
    .bag {
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      padding: var(--_space-3) var(--_space-4);
    }
    .bag[data-status='REJECTED'],
    .bag[data-status='CANCELED'] {
      border-color: var(--_danger);
    }
    dl {
      margin: 0;
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
      gap: var(--_space-2);
    }
    dt {
      color: var(--_fg-muted);
      font-size: var(--_font-size-s);
    }
    dd {
      margin: 0;
      font-weight: var(--_font-weight-bold);
    }
    .badge {
      display: inline-block;
      padding: 0 var(--_space-2);
      border-radius: var(--_radius-pill);
      background: var(--_bg-muted);
    }
    .badge.good {
      color: var(--_success);
    }
    .badge.bad {
      color: var(--_danger);
    }
    .tracking {
      margin: var(--_space-2) 0 0;
      padding: 0;
      list-style: none;
    }
    a {
      color: var(--_primary);
    }
    .live {
      margin: 0;
      font-size: var(--_font-size-s);
      color: var(--_fg-muted);
    }
    .error {
      color: var(--_danger);
    }
    .skeleton {
      height: 6rem;
    }
  `,
];
