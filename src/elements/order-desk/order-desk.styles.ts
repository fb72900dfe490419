import { css } from 'lit';
import { baseStyles, tokens } from '../internal/styles.js';

export const orderDeskStyles = [
  tokens,
  baseStyles,
  css`
    :host {
      display: block;
      overflow-wrap: anywhere;
    }
    form.search {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-2);
      align-items: end;
      margin-bottom: var(--_space-4);
    }
    label {
      display: grid;
      gap: var(--_space-1);
    }
    form.search label {
      flex: 1 1 16rem;
      min-width: 0;
      max-width: 24rem;
    }
    input[type='search'],
    textarea {
      font: inherit;
      padding: var(--_space-2);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
      background: var(--_bg);
      color: var(--_fg);
      box-sizing: border-box;
      width: 100%;
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--_space-3);
    }
    article {
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      padding: var(--_space-3) var(--_space-4);
    }
    article[data-attention] {
      border-color: var(--_danger);
      border-inline-start-width: 4px;
    }
    h3,
    h4 {
      margin: 0 0 var(--_space-2);
    }
    .bag {
      border-top: 1px solid var(--_border);
      padding-top: var(--_space-2);
      margin-top: var(--_space-2);
    }
    dl {
      display: grid;
      grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
      gap: var(--_space-2);
      margin: 0 0 var(--_space-2);
    }
    dt {
      color: var(--_fg-muted);
      font-size: var(--_font-size-s);
    }
    dd {
      margin: 0;
      font-weight: var(--_font-weight-bold);
    }
    .attention {
      color: var(--_danger);
      font-weight: var(--_font-weight-bold);
      margin: 0 0 var(--_space-2);
    }
    .cancel {
      display: grid;
      gap: var(--_space-2);
      padding: var(--_space-3);
      background: var(--_bg-muted);
      border-radius: var(--_radius-m);
    }
    .checks {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-3);
    }
    .checks label {
      display: flex;
      align-items: center;
      gap: var(--_space-1);
    }
    .history {
      margin: var(--_space-2) 0;
      font-size: var(--_font-size-s);
    }
    .history ol {
      gap: var(--_space-1);
    }
    .history li {
      display: flex;
      flex-wrap: wrap;
      gap: 0 var(--_space-3);
    }
    .history time,
    .history .topic {
      font-weight: var(--_font-weight-bold);
    }
    .webhooks {
      margin-top: var(--_space-6);
    }
    .webhooks ul {
      list-style: none;
      padding: 0;
      display: grid;
      gap: var(--_space-2);
    }
    .webhooks li {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-2);
      align-items: center;
    }
    .badge {
      padding: 0 var(--_space-2);
      border-radius: var(--_radius-pill);
      background: var(--_bg-muted);
      font-weight: var(--_font-weight-bold);
    }
    .badge[data-status='FAILED'] {
      color: var(--_danger);
    }
    .error {
      color: var(--_danger);
    }
  `,
];
