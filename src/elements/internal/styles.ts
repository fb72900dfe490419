/**
 * Design tokens and shared styles. Public knobs are `--tote-*` custom
 * properties, which inherit through shadow roots from anywhere on the host
 * page; each is read once here into a private `--_*` name with a light and a
 * dark default, so a host that sets a token wins in both schemes.
 */
import { css } from 'lit';

export const tokens = css`
  :host {
    --_bg: var(--tote-color-surface, #ffffff);
    --_bg-muted: var(--tote-color-surface-muted, #f4f4f1);
    --_fg: var(--tote-color-text, #1b1c1e);
    --_fg-muted: var(--tote-color-text-muted, #5a5d63);
    --_border: var(--tote-color-border, #d9d9d4);
    --_primary: var(--tote-color-primary, #1f5130);
    --_primary-hover: var(--tote-color-primary-hover, #163d24);
    --_on-primary: var(--tote-color-on-primary, #ffffff);
    --_accent: var(--tote-color-accent, #b3261e);
    --_on-accent: var(--tote-color-on-accent, #ffffff);
    --_success: var(--tote-color-success, #1d6b38);
    --_warning: var(--tote-color-warning, #8a5200);
    --_danger: var(--tote-color-danger, #b3261e);
    --_focus: var(--tote-color-focus, #1a56db);
    --_skeleton: var(--tote-color-skeleton, #e8e8e3);

    --_space-1: var(--tote-space-1, 0.25rem);
    --_space-2: var(--tote-space-2, 0.5rem);
    --_space-3: var(--tote-space-3, 0.75rem);
    --_space-4: var(--tote-space-4, 1rem);
    --_space-6: var(--tote-space-6, 1.5rem);
    --_space-8: var(--tote-space-8, 2rem);

    --_radius-s: var(--tote-radius-s, 6px);
    --_radius-m: var(--tote-radius-m, 10px);
    --_radius-l: var(--tote-radius-l, 16px);
    --_radius-pill: var(--tote-radius-pill, 999px);

    --_font: var(--tote-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif);
    --_font-size: var(--tote-font-size, 1rem);
    --_font-size-s: var(--tote-font-size-s, 0.875rem);
    --_font-size-xs: var(--tote-font-size-xs, 0.8125rem);
    --_font-size-l: var(--tote-font-size-l, 1.125rem);
    --_font-weight-bold: var(--tote-font-weight-bold, 650);

    --_shadow: var(--tote-shadow, 0 1px 2px rgb(0 0 0 / 0.06), 0 4px 16px rgb(0 0 0 / 0.06));
    color-scheme: light dark;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_bg: var(--tote-color-surface, #1c1d20);
      --_bg-muted: var(--tote-color-surface-muted, #26282c);
      --_fg: var(--tote-color-text, #f1f1ee);
      --_fg-muted: var(--tote-color-text-muted, #b4b6bb);
      --_border: var(--tote-color-border, #3b3e44);
      --_primary: var(--tote-color-primary, #8fd1a4);
      --_primary-hover: var(--tote-color-primary-hover, #a9e0ba);
      --_on-primary: var(--tote-color-on-primary, #0f2417);
      --_accent: var(--tote-color-accent, #ffb4ab);
      --_on-accent: var(--tote-color-on-accent, #410002);
      --_success: var(--tote-color-success, #8fd1a4);
      --_warning: var(--tote-color-warning, #ffcf8a);
      --_danger: var(--tote-color-danger, #ffb4ab);
      --_focus: var(--tote-color-focus, #8ab4ff);
      --_skeleton: var(--tote-color-skeleton, #2e3035);
      --_shadow: var(--tote-shadow, 0 1px 2px rgb(0 0 0 / 0.4));
    }
  }
`;

export const baseStyles = css`
  :host {
    box-sizing: border-box;
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.45;
    color: var(--_fg);
  }
  :host([hidden]) {
    display: none !important;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .sr-only {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--_space-2);
    min-height: 44px;
    padding: var(--_space-2) var(--_space-4);
    border: 1px solid transparent;
    border-radius: var(--_radius-s);
    font: inherit;
    font-weight: var(--_font-weight-bold);
    cursor: pointer;
    background: var(--_primary);
    color: var(--_on-primary);
    transition: background-color 120ms ease;
  }
  .button:hover:not(:disabled) {
    background: var(--_primary-hover);
  }
  .button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
  .button.secondary {
    background: transparent;
    color: var(--_fg);
    border-color: var(--_border);
  }
  .button.secondary:hover:not(:disabled) {
    background: var(--_bg-muted);
  }
  .skeleton {
    background: linear-gradient(90deg, var(--_skeleton) 0%, var(--_bg-muted) 50%, var(--_skeleton) 100%);
    background-size: 200% 100%;
    border-radius: var(--_radius-s);
    animation: tote-shimmer 1.4s ease-in-out infinite;
  }
  @keyframes tote-shimmer {
    from {
      background-position: 100% 0;
    }
    to {
      background-position: -100% 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      animation: none !important;
      transition: none !important;
    }
  }
`;

/** The frame shared by the elements that list an order's bags (estimate, order status): a heading, then bag panels. */
export const bagSummaryStyles = css`
  :host {
    display: block;
  }
  [part='base'] {
    display: grid;
    gap: var(--_space-3);
  }
  h3 {
    margin: 0;
    font-size: var(--_font-size-l);
  }
  h4 {
    margin: 0 0 var(--_space-2);
    font-size: var(--_font-size);
    overflow-wrap: anywhere;
  }
`;
