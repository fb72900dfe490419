import { css } from 'lit';
import { baseStyles, tokens } from '../../../elements/internal/styles.js';
import { shopBusyStyles } from '../../../elements/internal/shop-busy.js';

export const shippingStepStyles = [
  tokens,
  baseStyles,
  shopBusyStyles,
  css`
    :host {
      display: block;
    }
    [part='base'] {
      display: grid;
      gap: var(--_space-4);
    }
    fieldset {
      margin: 0;
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      padding: var(--_space-3) var(--_space-4) var(--_space-4);
      display: grid;
      gap: var(--_space-2);
    }
    legend {
      font-weight: var(--_font-weight-bold);
      padding: 0 var(--_space-1);
      overflow-wrap: anywhere;
    }
    label {
      display: grid;
      grid-template-columns: auto 1fr auto;
      gap: var(--_space-3);
      align-items: center;
      min-height: 44px;
      padding: var(--_space-2) var(--_space-3);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
      cursor: pointer;
    }
    label:has(input:checked) {
      border-color: var(--_primary);
      border-width: 2px;
    }
    input {
      width: 1.2rem;
      height: 1.2rem;
      margin: 0;
      accent-color: var(--_primary);
    }
    .method {
      display: grid;
      min-width: 0;
      overflow-wrap: anywhere;
    }
    .days {
      color: var(--_fg-muted);
      font-size: var(--_font-size-s);
    }
    .carrier {
      color: var(--_fg-muted);
      font-size: var(--_font-size-s);
    }
    .price {
      font-weight: var(--_font-weight-bold);
      white-space: nowrap;
    }
    .none {
      margin: 0;
      color: var(--_danger);
    }
    .loading {
      height: 3.5rem;
    }
    .error {
      color: var(--_danger);
    }
  `,
];
