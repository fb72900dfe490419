import { css } from 'lit';
import { baseStyles, tokens } from '../../../elements/internal/styles.js';

export const addressFormStyles = [
  tokens,
  baseStyles,
  css`
    :host {
      display: block;
    }
    fieldset {
      border: 0;
      margin: 0 0 var(--_space-4);
      padding: 0;
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(min(14rem, 100%), 1fr));
      gap: var(--_space-3) var(--_space-4);
    }
    legend {
      font-weight: var(--_font-weight-bold);
      font-size: var(--_font-size-l);
      margin-bottom: var(--_space-3);
      padding: 0;
    }
    .field {
      display: grid;
      gap: var(--_space-1);
      align-content: start;
    }
    .wide {
      grid-column: 1 / -1;
    }
    label {
      font-weight: var(--_font-weight-bold);
      font-size: var(--_font-size-s);
    }
    .label-row {
      display: flex;
      gap: var(--_space-2);
      align-items: baseline;
    }
    .hint {
      color: var(--_fg-muted);
      font-size: var(--_font-size-xs);
      margin: 0;
    }
    input,
    select {
      font: inherit;
      min-height: 44px;
      padding: var(--_space-2) var(--_space-3);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
      background: var(--_bg);
      color: var(--_fg);
      width: 100%;
    }
    [aria-invalid='true'] {
      border-color: var(--_danger);
      border-width: 2px;
    }
    .error {
      color: var(--_danger);
      font-size: var(--_font-size-s);
      margin: 0;
    }
    .error:empty {
      display: none;
    }
    .check {
      display: flex;
      align-items: center;
      gap: var(--_space-2);
      min-height: 44px;
      font-weight: normal;
      font-size: var(--_font-size);
      margin-bottom: var(--_space-4);
    }
    .check input {
      /* WCAG 2.2 2.5.8: a target of at least 24 × 24 px. */
      width: 1.5rem;
      height: 1.5rem;
      min-height: 0;
    }
  `,
];
