import { css } from 'lit';
import { baseStyles, tokens } from '../../../elements/internal/styles.js';

export const discountCodesStyles = [
  tokens,
  baseStyles,
  css`
    :host,
    form {
      display: grid;
      gap: var(--_space-2);
    }
    label {
      font-weight: var(--_font-weight-bold);
    }
    .row,
    li {
      display: flex;
      gap: var(--_space-2);
      align-items: center;
    }
    input {
      flex: 1;
      min-width: 0;
      min-height: 44px;
      padding: 0 var(--_space-3);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
      background: var(--_bg);
      color: inherit;
      font: inherit;
    }
    .link {
      justify-self: start;
      flex: none;
      min-height: 44px;
      border: 0;
      padding: 0;
      background: none;
      color: inherit;
      font: inherit;
      text-decoration: underline;
      cursor: pointer;
    }
    ul {
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .what {
      flex: 1;
      overflow-wrap: anywhere;
    }
    .applied b {
      color: var(--_success);
    }
    .refused {
      color: var(--_danger);
    }
  `,
];
