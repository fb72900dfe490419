import { html, nothing, type PropertyValues } from 'lit';
import type { CheckoutPayment } from '../../rules/checkout-session.js';
import { ToteElement } from '../../../elements/internal/tote-element.js';
import { type PaymentAdapter, PaymentInputError } from './payment-adapter.js';
import { paymentStyles } from './payment.styles.js';
import '../../../i18n/areas/checkout.js';

export type { PaymentAdapter } from './payment-adapter.js';
export { PaymentInputError } from './payment-adapter.js';

declare global {
  interface HTMLElementTagNameMap {
    'tote-payment': TotePayment;
  }
}

/**
 * @summary The payment step: mounts a pluggable payment adapter (the host's provider, or the sandbox's test
 * cards) into a light-DOM container and turns the shopper's input into a token. Card data never touches Tote.
 *
 * @slot payment - Where the adapter's fields live (light DOM). Created automatically when absent.
 *
 * @event tote-payment-authorized - A wallet sheet (Stripe's Express Checkout) paid the cart, from the adapter's container.
 *
 * @csspart base - The root.
 * @csspart error - The payment error (e.g. a declined card).
 */
export class TotePayment extends ToteElement {
  static override styles = paymentStyles;

  static override properties = {
    adapter: { attribute: false },
    container: { attribute: false },
    error: {},
    mounting: { state: true },
  };

  /** The payment provider's adapter. */
  declare adapter?: PaymentAdapter;
  /**
   * The light-DOM element the adapter mounts into. Defaults to a child this element creates; an outer
   * element (the checkout) passes one of its own light-DOM children so the fields stay out of every shadow root.
   */
  declare container?: HTMLElement;
  /** An error to show (e.g. "declined" after a submit). Focus moves to it when it is set. */
  error = '';

  private mounting = false;
  #mounted?: { adapter: PaymentAdapter; container: HTMLElement };
  #ownContainer?: HTMLElement;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) void this.#mountAdapter();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#mounted?.adapter.unmount?.();
    this.#mounted = undefined;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('adapter') || changed.has('container')) void this.#mountAdapter();
    if (changed.has('error') && this.error) this.renderRoot.querySelector<HTMLElement>('[part="error"]')?.focus();
  }

  #target(): HTMLElement {
    if (this.container) return this.container;
    if (!this.#ownContainer) {
      this.#ownContainer = document.createElement('div');
      this.#ownContainer.slot = 'payment';
    }
    if (this.#ownContainer.parentNode !== this) this.append(this.#ownContainer);
    return this.#ownContainer;
  }

  async #mountAdapter(): Promise<void> {
    const adapter = this.adapter;
    if (!adapter) return;
    const container = this.#target();
    if (this.#mounted?.adapter === adapter && this.#mounted.container === container) return;
    this.#mounted?.adapter.unmount?.();
    this.#mounted = { adapter, container };
    this.mounting = true;
    try {
      await adapter.mount(container);
    } catch (e) {
      this.error = e instanceof Error && e.message ? e.message : this.t('paymentError');
    } finally {
      this.mounting = false;
    }
  }

  /** Asks the adapter for a token. Rejects (with the error shown) when the input is incomplete or the provider fails. */
  async tokenize(): Promise<CheckoutPayment> {
    if (!this.adapter) {
      this.error = this.t('paymentNotConfigured');
      throw new PaymentInputError(this.error);
    }
    this.error = '';
    try {
      return await this.adapter.tokenize();
    } catch (e) {
      this.error = e instanceof PaymentInputError ? e.message : this.t('paymentError');
      throw e;
    }
  }

  override render() {
    return html`<div part="base" aria-busy=${this.mounting ? 'true' : 'false'}>
      <h3>${this.t('paymentMethod')}</h3>
      <p class="error" part="error" role="alert" tabindex="-1">${this.adapter ? this.error : this.t('paymentNotConfigured')}</p>
      ${this.mounting ? html`<p role="status">${this.t('paymentLoading')}</p>` : nothing}
      <slot name="payment"></slot>
    </div>`;
  }
}

