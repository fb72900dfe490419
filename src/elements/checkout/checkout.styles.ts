import { css } from 'lit';
import { baseStyles, tokens } from '../internal/styles.js';

export const checkoutStyles = [
  tokens,
  baseStyles,
  css`
    :host {
      display: block;
      max-width: var(--tote-checkout-max-width, 48rem);
    }
    [part='base'] {
      display: grid;
      gap: var(--_space-4);
    }
    nav ol {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-1) var(--_space-3);
      font-size: var(--_font-size-s);
      color: var(--_fg-muted);
    }
    nav li[aria-current='step'] {
      color: var(--_fg);
      font-weight: var(--_font-weight-bold);
      text-decoration: underline;
      text-underline-offset: 0.3em;
    }
    nav li.done::before {
      content: '✓ ';
      color: var(--_success);
    }
    section {
      display: grid;
      gap: var(--_space-4);
    }
    h2 {
      margin: 0;
      font-size: 1.375rem;
    }
    .error {
      margin: 0;
      padding: var(--_space-3);
      border-radius: var(--_radius-s);
      border: 2px solid var(--_danger);
      color: var(--_danger);
      font-weight: var(--_font-weight-bold);
    }
    .error:empty {
      display: none;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-2);
      justify-content: space-between;
      align-items: center;
    }
    .actions .button:last-child {
      margin-inline-start: auto;
    }
    .recap {
      display: grid;
      gap: var(--_space-3);
      grid-template-columns: repeat(auto-fit, minmax(min(14rem, 100%), 1fr));
      margin: 0;
    }
    .recap > div {
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      padding: var(--_space-3) var(--_space-4);
    }
    .recap dt {
      font-weight: var(--_font-weight-bold);
      display: flex;
      justify-content: space-between;
      align-items: center;
    }
    .recap dd {
      margin: 0;
      overflow-wrap: anywhere;
      white-space: pre-line;
    }
    .link {
      border: 0;
      background: none;
      color: var(--_fg);
      text-decoration: underline;
      font: inherit;
      min-height: 44px;
      cursor: pointer;
    }
    .place {
      font-size: var(--_font-size-l);
      min-width: 12rem;
    }
    .status {
      margin: 0;
      color: var(--_fg-muted);
    }
  `,
];
