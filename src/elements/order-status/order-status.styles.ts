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
    .bag:has([data-state='cancelled']) {
      border-color: var(--_danger);
    }
    .bag-head {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      justify-content: space-between;
      gap: var(--_space-2);
    }
    h4 {
      margin: 0;
    }
    .next,
    .delivery {
      margin: var(--_space-2) 0;
    }
    .items {
      list-style: none;
      margin: 0;
      padding: 0;
    }
    .item {
      display: grid;
      grid-template-columns: 3.5rem 1fr auto;
      gap: var(--_space-3);
      align-items: center;
      padding: var(--_space-2) 0;
      border-bottom: 1px solid var(--_border);
    }
    .item img,
    .item .no-image {
      width: 3.5rem;
      height: 3.5rem;
      object-fit: cover;
      border-radius: var(--_radius-s);
      background: var(--_bg-muted);
    }
    .what {
      display: grid;
      min-width: 0;
    }
    .variants,
    .qty,
    dt {
      color: var(--_fg-muted);
      font-size: var(--_font-size-s);
    }
    dl {
      margin: var(--_space-2) 0 0;
      display: grid;
      gap: var(--_space-1);
    }
    dl > div {
      display: flex;
      justify-content: space-between;
      gap: var(--_space-3);
    }
    dd {
      margin: 0;
      text-align: end;
    }
    .total {
      font-weight: var(--_font-weight-bold);
    }
    .facts {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
      gap: var(--_space-3);
      margin-top: var(--_space-4);
    }
    .facts p,
    address {
      margin: var(--_space-1) 0 0;
      font-style: normal;
    }
    .order-sums {
      margin-top: var(--_space-4);
      padding-top: var(--_space-3);
      border-top: 1px solid var(--_border);
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
