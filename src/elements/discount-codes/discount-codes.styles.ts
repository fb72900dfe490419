import { css } from 'lit';
import { baseStyles, tokens } from '../internal/styles.js';

export const discountCodesStyles = [
  tokens,
  baseStyles,
  css`
    :host {
      display: block;
    }
    [part='base'] {
      display: grid;
      gap: var(--_space-2);
    }
    form {
      display: grid;
      gap: var(--_space-1);
    }
    label {
      font-weight: var(--_font-weight-bold);
    }
    .row {
      display: flex;
      gap: var(--_space-2);
    }
    input {
      flex: 1;
      min-width: 0;
      min-height: 44px;
      padding: var(--_space-2) var(--_space-3);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
      background: var(--_bg);
      color: var(--_fg);
      font: inherit;
      text-transform: uppercase;
    }
    .link {
      justify-self: start;
      border: 0;
      padding: 0;
      background: none;
      color: var(--_fg);
      text-decoration: underline;
      font: inherit;
      min-height: 44px;
      min-width: 44px;
      cursor: pointer;
    }
    .codes {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--_space-1);
    }
    .codes[hidden] {
      display: none;
    }
    li {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: var(--_space-2);
      overflow-wrap: anywhere;
    }
    li .link {
      flex: none;
      white-space: nowrap;
    }
    .what {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-1) var(--_space-2);
    }
    li.applied .says::before {
      content: '✓ ';
      color: var(--_success);
    }
    li.applied .amount {
      font-weight: var(--_font-weight-bold);
      color: var(--_success);
    }
    li.pending {
      color: var(--_fg-muted);
    }
    li:not(.applied):not(.pending) {
      color: var(--_danger);
    }
  `,
];
