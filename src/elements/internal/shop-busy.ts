/**
 * A shop that is busy (it answered 429) in the checkout's bags: the notice's
 * words and look, shared by the shipping step and the order summary, which
 * both show it beside that shop's bag until the quote is asked for again.
 */
import { css, html } from 'lit';
import type { Translate as T } from '../../i18n/localize.js';

export const shopBusyStyles = css`
  .busy {
    margin: 0;
    padding: var(--_space-2) var(--_space-3);
    border-radius: var(--_radius-s);
    background: var(--_bg-muted);
    color: var(--_warning);
  }
`;

/** "<shop> is busy — trying again in N s", with the seconds left while `until` (epoch ms) is ahead. */
export function shopBusyText(t: T, merchant: string, until: number, now = Date.now()): string {
  const seconds = Math.ceil((until - now) / 1000);
  return seconds > 0 ? t('shopBusy', { merchant, seconds }) : t('shopBusyNow', { merchant });
}

/** The text first shown for each wait (keyed by its end): screen readers hear it once, not every second. */
const spoken = new Map<number, string>();

/** The busy notice inside a polite live region: the countdown ticks for the eye only. */
export function renderShopBusy(t: T, merchant: string, until: number) {
  const now = Date.now();
  if (!spoken.has(until)) {
    for (const end of spoken.keys()) if (end < now) spoken.delete(end);
    spoken.set(until, shopBusyText(t, merchant, until, now));
  }
  return html`<span class="sr-only">${spoken.get(until)}</span><span aria-hidden="true">${shopBusyText(t, merchant, until, now)}</span>`;
}
