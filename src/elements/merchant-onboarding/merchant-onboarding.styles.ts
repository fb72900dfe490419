import { css } from 'lit';
import { baseStyles, tokens } from '../internal/styles.js';

export const styles = [
  tokens,
  baseStyles,
  css`
    /* Busy buttons stay focusable (aria-disabled, not disabled) so keyboard focus is not dropped mid-request. */
    .button[aria-disabled='true'] {
      cursor: progress;
      opacity: 0.55;
    }
    :host {
      display: block;
      max-width: var(--tote-merchant-onboarding-max-width, 36rem);
    }
    .base {
      display: grid;
      gap: var(--_space-4);
    }
    .title {
      margin: 0;
      font-size: var(--_font-size-l);
    }
    .form {
      display: grid;
      gap: var(--_space-4);
    }
    .intro,
    .hint {
      margin: 0;
      color: var(--_fg-muted);
      font-size: var(--_font-size-s);
    }
    .field {
      display: grid;
      gap: var(--_space-1);
    }
    label {
      font-weight: var(--_font-weight-bold);
    }
    .input {
      min-height: 44px;
      padding: var(--_space-2) var(--_space-3);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
      background: var(--_bg);
      color: var(--_fg);
      font: inherit;
    }
    .input[aria-invalid='true'] {
      border-color: var(--_danger);
      box-shadow: 0 0 0 1px var(--_danger);
    }
    .field-error,
    .form-error {
      margin: 0;
      color: var(--_danger);
      font-size: var(--_font-size-s);
      font-weight: var(--_font-weight-bold);
    }
    .form-error {
      padding: var(--_space-3);
      border: 1px solid var(--_danger);
      border-radius: var(--_radius-s);
    }
    .saved {
      margin: 0;
      color: var(--_success);
      font-weight: var(--_font-weight-bold);
    }
    .form .button {
      justify-self: start;
    }
    .record {
      padding: var(--_space-4);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      background: var(--_bg-muted);
    }
    .record h3 {
      margin: 0 0 var(--_space-2);
      font-size: var(--_font-size);
    }
    .record dl {
      display: grid;
      gap: var(--_space-2);
      margin: 0;
    }
    .record dt {
      color: var(--_fg-muted);
      font-size: var(--_font-size-s);
    }
    .record dd {
      margin: 0;
      overflow-wrap: anywhere;
    }
    code {
      font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    }
  `,
];
