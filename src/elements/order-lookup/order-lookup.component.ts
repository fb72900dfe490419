import { html, nothing } from 'lit';
import { ApiRequestError, type AccessHandle, type ToteApi } from '../../state/api-client.js';
import { Loader } from '../../state/loader.js';
import type { ProvidedName } from '../internal/provider-controller.js';
import { lookupOrder } from '../internal/order-api.js';
import { ToteElement } from '../internal/tote-element.js';
import { orderLookupStyles } from './order-lookup.styles.js';
import '../../i18n/areas/checkout.js';
import '../../i18n/areas/orders.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-order-lookup': ToteOrderLookup;
  }
}

/**
 * @summary Finds a shopper's order again by its number and the email it was placed with, then shows the order
 * page (`<tote-order-status>`) with the access handle the BFF grants, the same one the confirmation gave.
 * A wrong number and a wrong email are answered alike.
 *
 * @event tote-order-found - Cancelable; the order was found; detail `{ order_id, access }`.
 *
 * @csspart base - The root.
 * @csspart form - The lookup form.
 */
export class ToteOrderLookup extends ToteElement {
  static override styles = orderLookupStyles;

  /** Registers `<tote-order-status>` on demand; set by `order-lookup.ts` (the class alone registers nothing). */
  static loadOrderPage?: () => Promise<unknown>;

  static override properties = {
    api: { attribute: false },
    found: { state: true },
  };

  static override provided: readonly ProvidedName[] = ['api'];

  /** The BFF client; taken from `<tote-provider>` when not set. */
  declare api?: ToteApi;

  private found?: AccessHandle;

  /** The lookup the form asked for: its answer shows the order page, or the form says why not. */
  readonly #lookup = new Loader(this, {
    autoRun: false,
    task: ([api, id, email]: readonly [ToteApi, number, string]) => lookupOrder(api, id, email),
    onComplete: ({ order_id, access }) => {
      if (this.emit('tote-order-found', { order_id, access }, { cancelable: true }).defaultPrevented) return;
      void ToteOrderLookup.loadOrderPage?.();
      this.found = { id: order_id, access };
    },
  });

  #submit(event: SubmitEvent): void {
    event.preventDefault();
    const api = this.api;
    const form = event.target as HTMLFormElement;
    if (!api || this.#lookup.status === 1 || !form.reportValidity()) return;
    const data = new FormData(form);
    void this.#lookup.run([api, Number(data.get('order')), String(data.get('email')).trim()]);
  }

  get #problem(): string {
    if (this.#lookup.status !== 3) return '';
    const err = this.#lookup.error instanceof ApiRequestError ? this.#lookup.error : undefined;
    if (err?.status === 404) return this.t('lookupNoMatch');
    return err?.rateLimited ? this.t('lookupTooMany', { seconds: Math.ceil(err.retryAfter ?? 30) }) : this.t('lookupFailed');
  }

  override render() {
    const busy = this.#lookup.status === 1;
    return html`<div part="base">
      <form part="form" @submit=${(e: SubmitEvent) => this.#submit(e)} aria-labelledby="lookup-title" novalidate>
        <h3 id="lookup-title">${this.t('lookupHeading')}</h3>
        <label>${this.t('lookupNumber')}<input name="order" inputmode="numeric" pattern="[0-9]{1,15}" required autocomplete="off" /></label>
        <label>${this.t('lookupEmail')}<input name="email" type="email" required autocomplete="email" maxlength="254" /></label>
        <p class="error" role="alert">${this.#problem}</p>
        <div><button class="button" type="submit" ?disabled=${busy}>${busy ? this.t('lookupSearching') : this.t('lookupSubmit')}</button></div>
      </form>
      ${this.found
        ? html`<tote-order-status .api=${this.api} order-id=${this.found.id} access=${this.found.access}></tote-order-status>`
        : nothing}
    </div>`;
  }
}
