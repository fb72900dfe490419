import { html } from 'lit';

/** Drawn, not an emoji: the host page may have no emoji font (it showed as a blank box). */
export const bagIcon = html`<svg class="icon" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none"
  stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
  <path d="M5 8h14l-1 12H6L5 8Z" /><path d="M9 10V6a3 3 0 0 1 6 0v4" />
</svg>`;
