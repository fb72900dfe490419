import { css } from 'lit';
import { baseStyles, tokens } from '../internal/styles.js';

export const orderChangesStyles = [
  tokens,
  baseStyles,
  css`
    :host {
      display: block;
      margin-top: var(--_space-3);
    }
    .bag {
      border-top: 1px solid var(--_border);
      padding: var(--_space-3) 0;
    }
    h4,
    h5 {
      margin: 0 0 var(--_space-2);
    }
    ul {
      margin: 0 0 var(--_space-2);
      padding-inline-start: var(--_space-4);
    }
    .refund {
      color: var(--_fg);
    }
    .hint {
      margin: var(--_space-1) 0;
      font-size: var(--_font-size-s);
      color: var(--_fg-muted);
    }
    .confirm {
      display: grid;
      gap: var(--_space-2);
      padding: var(--_space-3);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      background: var(--_bg-muted);
    }
    .confirm p {
      margin: 0;
      font-weight: var(--_font-weight-bold);
    }
    textarea {
      font: inherit;
      min-height: 3rem;
      padding: var(--_space-2);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
      background: var(--_bg);
      color: var(--_fg);
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-2);
    }
    .button.danger {
      background: var(--_danger);
      color: #fff;
    }
    .error {
      color: var(--_danger);
    }
  `,
];
