/**
 * A bag's history in the desk: the webhook events the BFF received for it (`GET /operator/orders/:id/history`),
 * newest first, each with when it arrived in the operator's locale and the states it carried, named as the desk
 * names the bag's current states. Behind a disclosure button per bag, loaded when opened. A renderer of
 * `<tote-order-desk>`, which owns the state and the calls.
 */
import { html, nothing } from 'lit';
import type { BagHistoryEntry } from '../../contract/after-order.js';
import type { Translate } from '../../i18n/localize.js';

export interface HistoryView {
  t: Translate;
  locale: string;
  orderId: number;
  bagId: number;
  open: boolean;
  /** The bag's entries once the order's history was read; `undefined` while it is being read. */
  entries: BagHistoryEntry[] | undefined;
  toggle(): void;
}

const at = (iso: string, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

function renderEntry(t: Translate, locale: string, e: BagHistoryEntry) {
  return html`<li data-event=${e.event_id}>
    <time datetime=${e.received_at}>${at(e.received_at, locale)}</time>
    <span class="topic">${e.topic}</span>
    <span>${t('deskState')}: ${e.status ?? '—'}</span>
    <span>${t('deskPayment')}: ${e.financial_status ?? '—'}</span>
    <span>${t('deskDelivery')}: ${e.fulfillment_status ?? '—'}</span>
  </li>`;
}

export function renderBagHistory({ t, locale, orderId, bagId, open, entries, toggle }: HistoryView) {
  const id = `history-${orderId}-${bagId}`;
  return html`<button class="button secondary" part="history-button" type="button" aria-expanded=${open ? 'true' : 'false'} aria-controls=${id} @click=${toggle}>
      ${t('deskHistory')}
    </button>
    <div id=${id} class="history" part="history" ?hidden=${!open}>
      ${!open
        ? nothing
        : entries === undefined
          ? html`<p role="status">${t('deskHistoryLoading')}</p>`
          : entries.length
            ? html`<ol aria-label=${t('deskHistoryLabel', { bag: bagId })}>
                ${entries.map((e) => renderEntry(t, locale, e))}
              </ol>`
            : html`<p>${t('deskHistoryNone')}</p>`}
    </div>`;
}
