/**
 * A shop that is busy (it answered 429) in the checkout's bags: the notice's
 * words and look, shared by the shipping step and the order summary, which
 * both show it beside that shop's bag until the quote is asked for again.
 */
import { css } from 'lit';
import type { Translate as T } from './localize.js';

export const shopBusyStyles = css`
  .busy {
    margin: 0;
    padding: var(--_space-2) var(--_space-3);
    border-radius: var(--_radius-s);
    background: var(--_bg-muted);
    color: var(--_warning);
  }
`;

/** "<shop> is busy right now", with the seconds left while `until` (epoch ms) is ahead. */
export function shopBusyText(t: T, merchant: string, until: number): string {
  const seconds = Math.ceil((until - Date.now()) / 1000);
  return seconds > 0 ? t('shopBusy', { merchant, seconds }) : t('shopBusyNow', { merchant });
}
