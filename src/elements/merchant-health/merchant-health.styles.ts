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
      --_row-bg: var(--tote-merchant-health-row-background, var(--_bg));
      --_attention: var(--tote-merchant-health-attention-color, var(--_warning));
      --_blocking: var(--tote-merchant-health-blocking-color, var(--_danger));
    }
    .base {
      display: grid;
      gap: var(--_space-4);
    }
    .title {
      margin: 0;
      font-size: var(--_font-size-l);
    }
    .toolbar {
      display: flex;
      flex-wrap: wrap;
      align-items: end;
      gap: var(--_space-4);
    }
    .filter {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-3);
      margin: 0;
      padding: var(--_space-2) var(--_space-3);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
    }
    .filter legend {
      padding: 0 var(--_space-1);
      font-size: var(--_font-size-s);
      color: var(--_fg-muted);
    }
    .filter label {
      display: inline-flex;
      align-items: center;
      gap: var(--_space-1);
      min-height: 32px;
      cursor: pointer;
    }
    .sort {
      display: grid;
      gap: var(--_space-1);
      font-size: var(--_font-size-s);
      color: var(--_fg-muted);
    }
    .sort select {
      min-height: 44px;
      padding: var(--_space-2);
      border: 1px solid var(--_border);
      border-radius: var(--_radius-s);
      background: var(--_bg);
      color: var(--_fg);
      font: inherit;
      font-size: var(--_font-size);
    }
    .freshness {
      font-size: var(--_font-size-s);
      color: var(--_fg-muted);
    }
    .freshness p {
      margin: 0 0 var(--_space-1);
    }
    .freshness .stale {
      color: var(--_attention);
    }
    .message {
      padding: var(--_space-4);
      border: 1px dashed var(--_border);
      border-radius: var(--_radius-m);
    }
    .message.error {
      border-style: solid;
      border-color: var(--_blocking);
    }
    .message p {
      margin: 0 0 var(--_space-2);
    }
    .skeleton-list {
      display: grid;
      gap: var(--_space-2);
      margin-top: var(--_space-3);
    }
    .skeleton-row {
      height: 5rem;
    }
    .list {
      display: grid;
      gap: var(--_space-4);
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .row {
      padding: var(--_space-4);
      border: 1px solid var(--_border);
      border-inline-start: 6px solid var(--_success);
      border-radius: var(--_radius-m);
      background: var(--_row-bg);
      box-shadow: var(--_shadow);
    }
    .row[data-severity='warning'] {
      border-inline-start-color: var(--_attention);
    }
    .row[data-severity='blocking'] {
      border-inline-start-color: var(--_blocking);
    }
    .row[data-severity='info'] {
      border-inline-start-color: var(--_focus);
    }
    .row-header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--_space-3);
    }
    .name {
      margin: 0;
      font-size: var(--_font-size-l);
      overflow-wrap: anywhere;
    }
    .badge {
      padding: 2px var(--_space-2);
      border: 1px solid currentColor;
      border-radius: var(--_radius-pill);
      font-size: var(--_font-size-xs);
      font-weight: var(--_font-weight-bold);
      color: var(--_success);
    }
    .badge[data-severity='warning'] {
      color: var(--_attention);
    }
    .badge[data-severity='blocking'] {
      color: var(--_blocking);
    }
    .badge[data-severity='info'] {
      color: var(--_focus);
    }
    .refresh {
      margin-inline-start: auto;
    }
    dl {
      margin: 0;
    }
    dd {
      margin: 0;
    }
    .meta {
      display: flex;
      flex-wrap: wrap;
      gap: var(--_space-1) var(--_space-6);
      margin: var(--_space-2) 0;
      font-size: var(--_font-size-s);
    }
    .meta dt {
      color: var(--_fg-muted);
    }
    .meta a {
      color: var(--_primary);
      overflow-wrap: anywhere;
    }
    .merchant-status[data-state='warning'] dd {
      color: var(--_attention);
      font-weight: var(--_font-weight-bold);
    }
    .merchant-status[data-state='blocking'] dd {
      color: var(--_blocking);
      font-weight: var(--_font-weight-bold);
    }
    .refreshed,
    .refresh-error {
      margin: 0 0 var(--_space-2);
      font-size: var(--_font-size-s);
    }
    .refresh-error {
      color: var(--_blocking);
    }
    .checks {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
      gap: var(--_space-3);
    }
    .check {
      padding: var(--_space-2) var(--_space-3);
      border-radius: var(--_radius-s);
      background: var(--_bg-muted);
      font-size: var(--_font-size-s);
      overflow-wrap: anywhere;
    }
    .check dt {
      font-weight: var(--_font-weight-bold);
      margin-bottom: var(--_space-1);
    }
    .check[data-state='warning'] {
      box-shadow: inset 3px 0 0 var(--_attention);
    }
    .check[data-state='blocking'] {
      box-shadow: inset 3px 0 0 var(--_blocking);
    }
    .line {
      display: block;
    }
    .muted {
      color: var(--_fg-muted);
    }
    progress {
      width: 100%;
      accent-color: var(--_primary);
    }
    .codes,
    .issues,
    .skus {
      margin: var(--_space-1) 0;
      padding-inline-start: var(--_space-4);
    }
    code {
      font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      font-size: 0.95em;
    }
    .check-error {
      margin-top: var(--_space-2);
      padding: var(--_space-2);
      border: 1px solid var(--_blocking);
      border-radius: var(--_radius-s);
    }
    .check-error p {
      margin: 0;
    }
  `,
];
