import { css } from 'lit';
import { baseStyles, tokens } from '../internal/styles.js';

export const currencySelectStyles = [
  tokens,
  baseStyles,
  css`
    :host {
      display: inline-block;
    }
    label {
      display: inline-flex;
      align-items: center;
      gap: var(--_space-2);
    }
    select {
      font: inherit;
      min-height: 2.75rem;
      padding: var(--_space-1) var(--_space-2);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
      background: var(--_bg);
      color: var(--_fg);
    }
  `,
];
