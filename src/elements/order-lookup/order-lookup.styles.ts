import { css } from 'lit';
import { baseStyles, tokens } from '../internal/styles.js';

export const orderLookupStyles = [
  tokens,
  baseStyles,
  css`
    :host {
      display: block;
    }
    form {
      display: grid;
      gap: var(--_space-3);
      max-width: 28rem;
    }
    h3 {
      margin: 0;
    }
    label {
      display: grid;
      gap: var(--_space-1);
      font-weight: var(--_font-weight-bold);
    }
    input {
      font: inherit;
      padding: var(--_space-2);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
      background: var(--_bg);
      color: var(--_fg);
    }
    .error {
      color: var(--_danger);
      margin: 0;
    }
    tote-order-status {
      margin-top: var(--_space-4);
    }
  `,
];
