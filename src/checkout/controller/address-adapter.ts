/**
 * The seam between Tote's address form and an address provider with autocomplete, shaped like the
 * payment adapter (`payment-adapter.ts`). The default is no adapter: the form's own fields, which
 * carry the autocomplete tokens the browser's autofill fills. An adapter (Stripe's Address Element,
 * `tote-checkout/stripe`'s `createStripeAddressAdapter`) renders its fields into a light-DOM container
 * Tote places for it (providers' iframes refuse shadow roots) and reports each change in Tote's fields.
 */
import type { AddressDraft } from '../rules/checkout-address.js';

/** What the adapter reports: the fields it collects, in Tote's names, and whether the provider finds them complete. */
export interface AddressAdapterChange {
  address: Partial<AddressDraft>;
  complete: boolean;
}

export interface AddressAdapter {
  /** Renders the provider's fields into `container`, starting from `initial`; calls `onChange` on every change. */
  mount(container: HTMLElement, initial: AddressDraft, onChange: (change: AddressAdapterChange) => void): void | Promise<void>;
  /** Removes the fields (step change, disconnect). */
  unmount?(): void;
}
