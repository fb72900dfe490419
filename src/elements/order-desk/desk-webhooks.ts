/**
 * The desk's webhook deliveries: the service's event log (failed first, as the BFF sorts it), each failed
 * event with "Redeliver". A renderer of `<tote-order-desk>`, which owns the state and the calls.
 */
import { html, nothing } from 'lit';
import type { DeskEvent } from '../../contract/webhook-events.js';
import type { Translate } from '../../i18n/localize.js';

export interface WebhooksView {
  t: Translate;
  events: DeskEvent[];
  /** The event being sent again, while it is. */
  redelivering?: number;
  redeliver(event: DeskEvent): void;
  reload(): void;
}

export function renderWebhooks({ t, events, redelivering, redeliver, reload }: WebhooksView) {
  return html`<section class="webhooks" aria-labelledby="webhooks-title">
    <h3 id="webhooks-title">${t('deskWebhooksTitle')}</h3>
    <button class="button secondary" type="button" @click=${reload}>${t('deskWebhooksReload')}</button>
    ${events.length
      ? html`<ul>
          ${events.map(
            (e) => html`<li part="webhook" data-event=${e.id} data-status=${e.status}>
              <span class="badge" data-status=${e.status}>${t('deskWebhookStatus', { status: e.status })}</span>
              ${t('deskWebhookLine', { type: e.event_type ?? '?', entity: e.entity_id ?? '—', attempts: e.attempts ?? 0, code: e.status_code ?? '' })}
              ${e.status === 'FAILED'
                ? html`<button class="button secondary" type="button" ?disabled=${redelivering === e.id} @click=${() => redeliver(e)}>${t('deskRedeliver')}</button>`
                : nothing}
            </li>`,
          )}
        </ul>`
      : html`<p>${t('deskWebhooksNone')}</p>`}
  </section>`;
}
