import { css } from 'lit';
import { baseStyles, tokens } from '../../../elements/internal/styles.js';

export const checkoutStyles = [
  tokens,
  baseStyles,
  css`
    :host {
      display: block;
      max-width: var(--tote-checkout-max-width, 72rem);
      container-type: inline-size;
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
      gap: 0 var(--_space-1);
      font-size: var(--_font-size-s);
      color: var(--_fg-muted);
    }
    nav li {
      display: flex;
      align-items: center;
    }
    nav li.todo {
      padding: 0 var(--_space-1);
      min-height: 44px;
    }
    .step {
      min-height: 44px;
      padding: 0 var(--_space-1);
      border: 0;
      border-radius: var(--_radius-s);
      background: none;
      color: inherit;
      font: inherit;
      cursor: pointer;
      text-decoration: underline;
      text-underline-offset: 0.25em;
    }
    .step:hover {
      background: var(--_bg-muted);
    }
    .done .step span {
      color: var(--_success);
    }
    .step[aria-current='step'] {
      color: var(--_fg);
      font-weight: var(--_font-weight-bold);
      text-decoration: none;
      cursor: default;
    }
    .columns {
      display: flex;
      flex-direction: column;
      gap: var(--_space-4);
    }
    .summary {
      order: -1;
      border: 1px solid var(--_border);
      border-radius: var(--_radius-m);
      background: var(--_bg-muted);
    }
    .summary-toggle {
      display: flex;
      width: 100%;
      justify-content: space-between;
      align-items: center;
      gap: var(--_space-3);
      min-height: 48px;
      padding: var(--_space-2) var(--_space-4);
      border: 0;
      border-radius: inherit;
      background: none;
      color: var(--_fg);
      font: inherit;
      cursor: pointer;
    }
    .summary-toggle span {
      color: var(--_primary);
      text-decoration: underline;
    }
    .summary-toggle span::after {
      content: ' ▾';
    }
    .summary.open .summary-toggle span::after {
      content: ' ▴';
    }
    .summary-total {
      font-size: var(--_font-size-l);
      font-variant-numeric: tabular-nums;
    }
    #summary-body {
      display: none;
      padding: 0 var(--_space-4) var(--_space-4);
    }
    .summary.open #summary-body {
      display: grid;
      gap: var(--_space-3);
    }
    .main {
      min-width: 0;
    }
    .actions {
      position: sticky;
      bottom: 0;
      z-index: 1;
      /* Within the element's own box: bleeding past it made a phone's page scroll sideways when the host page's
         margin was narrower than the bleed. */
      padding: var(--_space-3) 0;
      background: var(--tote-checkout-bar-background, var(--_bg));
      border-top: 1px solid var(--_border);
    }
    @container (max-width: 26rem) {
      /* Steps stay one line each but the list wraps: in French or Dutch five steps are wider than a phone, and a
         list that cannot wrap widened the whole checkout past the screen. */
      nav ol {
        font-size: var(--_font-size-xs);
      }
      .step,
      nav li.todo {
        padding: 0 2px;
        white-space: nowrap;
      }
    }
    @container (min-width: 52rem) {
      .columns {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(18rem, 24rem);
        align-items: start;
        gap: var(--_space-8);
      }
      .summary {
        order: 0;
        position: sticky;
        top: var(--tote-checkout-sticky-top, 1rem);
        max-height: calc(100vh - 2 * var(--tote-checkout-sticky-top, 1rem));
        overflow-y: auto;
        padding: var(--_space-4);
      }
      .summary-toggle {
        display: none;
      }
      #summary-body {
        display: grid;
        gap: var(--_space-3);
        padding: 0;
      }
      .actions {
        position: static;
        margin: 0;
        padding: 0;
        border: 0;
        background: none;
      }
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
      grid-template-columns: repeat(auto-fit, minmax(min(18rem, 100%), 1fr));
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
    .status,
    .notice {
      margin: 0;
      color: var(--_fg-muted);
    }
    .notice:empty {
      display: none;
    }
    .notice {
      font-variant-numeric: tabular-nums;
      padding: var(--_space-3);
      border-radius: var(--_radius-s);
      background: var(--_bg-muted);
      color: var(--_fg);
    }
    .error {
      white-space: pre-line;
    }
    .confirmation {
      max-width: 40rem;
    }
    .order-number {
      margin: 0;
      font-size: var(--_font-size-l);
      font-weight: var(--_font-weight-bold);
      color: var(--_fg-muted);
    }
    .confirmation h3 {
      margin: 0;
      font-size: var(--_font-size-l);
    }
    .alert {
      padding: var(--_space-3) var(--_space-4);
      border: 2px solid var(--_danger);
      border-radius: var(--_radius-m);
    }
    .alert p {
      margin: 0;
    }
    .alert .headline {
      font-size: var(--_font-size-l);
      font-weight: var(--_font-weight-bold);
      color: var(--_danger);
    }
    .address {
      margin: 0;
      white-space: pre-line;
    }
    .charged div {
      display: flex;
      justify-content: space-between;
      gap: var(--_space-3);
    }
    .charged-in {
      margin: 0;
      color: var(--_fg-muted);
    }
    .charged dd {
      white-space: nowrap;
      font-variant-numeric: tabular-nums;
    }
    .charged {
      margin: 0;
      font-size: var(--_font-size-l);
      font-weight: var(--_font-weight-bold);
    }
    .charged dd {
      margin: 0;
    }
  `,
];
