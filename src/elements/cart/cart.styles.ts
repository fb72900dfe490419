import { css } from 'lit';
import { baseStyles, tokens } from '../internal/styles.js';

export const cartStyles = [
  tokens,
  baseStyles,
  css`
    :host {
      display: block;
      --_line-image: var(--tote-cart-image-size, 64px);
    }
    [part='base'] {
      display: grid;
      gap: var(--_space-4);
    }
    h2,
    h3 {
      margin: 0;
      font-size: var(--_font-size-l);
    }
    .bag {
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      background: var(--_bg);
      padding: var(--_space-4);
    }
    .bag-head {
      display: flex;
      justify-content: space-between;
      gap: var(--_space-2);
      align-items: baseline;
      margin-bottom: var(--_space-3);
    }
    .bag-head h3 {
      font-size: var(--_font-size);
      overflow-wrap: anywhere;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--_space-3);
    }
    .line {
      display: grid;
      grid-template-columns: var(--_line-image) 1fr auto;
      gap: var(--_space-3);
      align-items: start;
    }
    .line:focus {
      outline: 3px solid var(--_focus);
      outline-offset: 4px;
      border-radius: var(--_radius-s);
    }
    .line img,
    .no-image {
      width: var(--_line-image);
      height: var(--_line-image);
      object-fit: cover;
      border-radius: var(--_radius-s);
      background: var(--_bg-muted);
    }
    .name {
      font-weight: var(--_font-weight-bold);
      overflow-wrap: anywhere;
    }
    .variants,
    .unit {
      color: var(--_fg-muted);
      font-size: var(--_font-size-s);
    }
    .variants {
      margin: 0;
    }
    .controls {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-2);
      align-items: center;
      margin-top: var(--_space-2);
    }
    .stepper {
      display: inline-flex;
      align-items: center;
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
    }
    /* The stepper's parts and the text buttons: bare, in the text's colour, 44px high to be tapped. */
    .stepper button,
    .stepper input,
    .link {
      min-height: 44px;
      border: 0;
      background: none;
      color: var(--_fg);
      font: inherit;
      cursor: pointer;
    }
    .stepper button {
      min-width: 44px;
      font-size: 1.25rem;
    }
    .stepper button:disabled {
      opacity: 0.4;
      cursor: not-allowed;
    }
    .stepper input {
      width: 3.5ch;
      text-align: center;
      cursor: text;
      -moz-appearance: textfield;
    }
    .stepper input::-webkit-inner-spin-button,
    .stepper input::-webkit-outer-spin-button {
      -webkit-appearance: none;
      margin: 0;
    }
    .link {
      text-decoration: underline;
      padding: 0 var(--_space-1);
    }
    .line-total {
      font-weight: var(--_font-weight-bold);
      text-align: end;
      white-space: nowrap;
    }
    .issue {
      grid-column: 2 / -1;
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-2);
      align-items: center;
      margin: 0;
      padding: var(--_space-2) var(--_space-3);
      border-radius: var(--_radius-s);
      background: var(--_bg-muted);
      color: var(--_warning);
      font-size: var(--_font-size-s);
    }
    .issue.blocking {
      color: var(--_danger);
    }
    .line.blocked .name,
    .line.blocked .line-total {
      text-decoration: line-through;
    }
    .subtotal,
    .totals div {
      display: flex;
      justify-content: space-between;
      gap: var(--_space-2);
      margin-top: var(--_space-3);
    }
    .totals {
      margin: 0;
      padding-top: var(--_space-2);
      border-top: 1px solid var(--_border);
      font-size: var(--_font-size-l);
    }
    .totals dt,
    .subtotal dt {
      font-weight: var(--_font-weight-bold);
    }
    dd {
      margin: 0;
    }
    .empty {
      text-align: center;
      padding: var(--_space-6) var(--_space-4);
      color: var(--_fg-muted);
    }
    .badge {
      position: relative;
      display: inline-flex;
      align-items: center;
      gap: var(--_space-2);
    }
    .icon {
      flex: none;
    }
    .count {
      display: inline-grid;
      place-items: center;
      min-width: 1.5rem;
      height: 1.5rem;
      padding: 0 var(--_space-1);
      border-radius: var(--_radius-pill);
      background: var(--_on-primary);
      color: var(--_primary);
      font-size: var(--_font-size-xs);
    }
    dialog {
      margin: 0 0 0 auto;
      height: 100%;
      max-height: 100%;
      width: min(28rem, 100%);
      max-width: 100%;
      border: 0;
      padding: var(--_space-4);
      background: var(--_bg);
      color: var(--_fg);
      box-shadow: var(--_shadow);
    }
    :host(:dir(rtl)) dialog {
      margin: 0 auto 0 0;
    }
    dialog::backdrop {
      background: rgb(0 0 0 / 0.4);
    }
    .drawer-head {
      display: flex;
      justify-content: space-between;
      align-items: center;
      margin-bottom: var(--_space-4);
    }
    .actions {
      display: flex;
      gap: var(--_space-2);
      justify-content: flex-end;
      flex-wrap: wrap;
    }
    /* In the drawer "Check out" leads, full width, above the lines: never at the end of a long scroll. */
    dialog > .actions {
      margin-bottom: var(--_space-4);
    }
    dialog > .actions .button {
      flex: 1 1 100%;
    }
    .added {
      margin: 0 0 var(--_space-3);
      padding: var(--_space-2) var(--_space-3);
      border-radius: var(--_radius-s);
      background: var(--_bg-muted);
      font-weight: var(--_font-weight-bold);
    }
    .toast {
      position: fixed;
      inset-block-start: var(--_space-4);
      inset-inline-end: var(--_space-4);
      z-index: 2147483000;
      width: min(22rem, calc(100vw - 2 * var(--_space-4)));
      box-sizing: border-box;
      padding: var(--_space-4);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      background: var(--_bg);
      color: var(--_fg);
      box-shadow: var(--_shadow);
    }
    .toast .added {
      background: none;
      padding: 0;
    }
    .toast-actions {
      display: flex;
      gap: var(--_space-2);
    }
    .toast-actions .button {
      flex: 1;
    }
  `,
];
