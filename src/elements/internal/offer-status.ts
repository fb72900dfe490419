/** What an element loading one offer (`offer-id`) shows until the offer is there; the grid's skeleton cards. */
import { css, html, nothing } from 'lit';
import type { OfferLoader } from './offer-loader.js';
import { ApiRequestError } from '../../state/api-client.js';
import { renderBusyText } from './busy-wait.js';
import type { Translate as T } from '../../i18n/localize.js';
import '../../i18n/areas/catalog.js';

export const offerStatusStyles = css`
  .offer-status {
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: var(--_space-3);
    min-height: 12rem;
    padding: var(--_space-6) var(--_space-4);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-m);
    background: var(--_bg-muted);
    text-align: center;
  }
  .offer-status p {
    margin: 0;
  }
  .offer-status.busy {
    border-color: var(--_warning);
  }
  .skeleton-card {
    display: flex;
    flex-direction: column;
    gap: var(--_space-2);
    padding-block-end: var(--_space-4);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-m);
    overflow: hidden;
  }
  .skeleton-card .img {
    aspect-ratio: 1 / 1;
    border-radius: 0;
  }
  .skeleton-card .line {
    height: 0.9rem;
    margin-inline: var(--_space-4);
    width: 40%;
  }
  .skeleton-card .mid {
    width: 70%;
  }
`;

/** The shape of a card while its offer loads (one card, or each card of a grid's first page). */
export const skeletonCard = html`<div class="skeleton img" aria-hidden="true"></div>
  <div class="skeleton line" aria-hidden="true"></div>
  <div class="skeleton line mid" aria-hidden="true"></div>
  <div class="skeleton line" aria-hidden="true"></div>`;

export function renderOfferStatus(loader: OfferLoader, t: T) {
  if (loader.status === 1) {
    return html`<div class="skeleton-card" aria-busy="true">
      <span class="sr-only" role="status">${t('loading')}</span>
      ${skeletonCard}
    </div>`;
  }
  if (loader.status !== 3) return nothing;
  const error = loader.error instanceof ApiRequestError ? loader.error : undefined;
  if (error?.status === 404) return html`<div part="notice" class="offer-status" role="status"><p>${t('offerNotFound')}</p></div>`;
  if (error?.rateLimited) return html`<div part="notice" class="offer-status busy">${renderBusyText(loader.wait, t)}</div>`;
  return html`<div part="notice" class="offer-status" role="alert">
    <p>${t('offerLoadError')}</p>
    <button part="retry-button" class="button secondary" type="button" @click=${() => loader.run()}>${t('retry')}</button>
  </div>`;
}
