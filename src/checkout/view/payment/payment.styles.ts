import { css } from 'lit';
import { baseStyles, tokens } from '../../../elements/internal/styles.js';

export const paymentStyles = [
  tokens,
  baseStyles,
  css`
    :host {
      display: block;
    }
    [part='base'] {
      display: grid;
      gap: var(--_space-3);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      padding: var(--_space-4);
    }
    h3 {
      margin: 0;
      font-size: var(--_font-size-l);
    }
    .error {
      margin: 0;
      padding: var(--_space-2) var(--_space-3);
      border-radius: var(--_radius-s);
      background: var(--_bg-muted);
      color: var(--_danger);
      font-weight: var(--_font-weight-bold);
    }
    .error:empty {
      display: none;
    }
  `,
];
