import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ref } from 'lit/directives/ref.js';
import '../src/checkout/view/checkout/checkout.js';
import type { ToteCheckout } from '../src/checkout/view/checkout/checkout.js';
import type { CartLine } from '../src/state/cart-store.js';
import { mixedCurrencyLines, shopperAddress, staleLines, threeMerchantLines } from './fixtures/checkout.js';
import { type FakeBffOptions, checkoutStoryContext } from './fixtures/checkout-bff.js';

type Args = {
  mode: 'cart' | 'direct';
  lines: CartLine[];
  bff?: Partial<FakeBffOptions>;
  session?: Record<string, unknown>;
  /** Presses "Place order" once rendered, as the shopper would. */
  place?: boolean;
};

const chosen = { '1003': 'exp-1003' };
const visa = { payment_provider: 'SANDBOX', type: 'SINGLE_USE_CARD_TOKEN', token: 'tok_sandbox_visa', brand: 'Visa', last4: '4242' };
const declined = { ...visa, token: 'tok_sandbox_declined', last4: '0002' };
const atConfirm = (payment = visa) => ({ step: 'confirm', shipping: shopperAddress, billing: shopperAddress, billingSameAsShipping: true, selections: chosen, payment });
/** At the final review with every bag's shipping settled, so the step holds before the first quote arrives. */
const readyToPlace = { ...atConfirm(), quoted: { '1001': 'std-1001', '1003': 'exp-1003', '1004': 'std-1004' } };

const meta: Meta<Args> = {
  title: 'Checkout/Checkout',
  component: 'tote-checkout',
  args: { mode: 'cart', lines: threeMerchantLines },
  argTypes: { mode: { control: 'inline-radio', options: ['cart', 'direct'] } },
  render: ({ mode, lines, bff, session, place }) => {
    const ctx = checkoutStoryContext({ lines, mode, bff, session });
    return html`<tote-checkout
      mode=${mode}
      payment="sandbox"
      .api=${ctx.api}
      .store=${ctx.store}
      .storage=${ctx.storage}
      ${ref((el) => {
        if (!place || !el) return;
        const checkout = el as ToteCheckout;
        // Wait for the priced cart / estimate, then press as the shopper would.
        const tryPlace = () => {
          const button = checkout.shadowRoot?.querySelector<HTMLButtonElement>('[part="submit-button"]');
          if (button && !button.disabled) button.click();
          else setTimeout(tryPlace, 100);
        };
        tryPlace();
      })}
    ></tote-checkout>`;
  },
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {};
/** Three shops, three bags; walk through every step. */
export const ThreeMerchants: Story = { args: { session: { step: 'shipping', shipping: shopperAddress } } };
export const MixedCurrencies: Story = { args: { lines: mixedCurrencyLines } };
/** Lines flagged in place; checkout waits until the shopper fixes them. */
export const StaleCart: Story = { args: { lines: staleLines } };
export const NoShippingForBag: Story = { args: { bff: { noShipping: [1003] }, session: { step: 'shipping', shipping: shopperAddress } } };
/** A shop rate limiting its platform: busy with a countdown, asked again by itself. */
export const RateLimited: Story = { args: { bff: { busyQuotes: { 1003: 2 } }, session: { step: 'shipping', shipping: shopperAddress } } };
/** The declining test card: back on the payment step, cart unchanged. */
export const PaymentDeclined: Story = { args: { session: atConfirm(declined), place: true } };
/** The tea shop rejects its bag; the other two go on. */
export const BagRejected: Story = { args: { bff: { rejectMerchants: [1003] }, session: atConfirm(), place: true } };
/** "Place order" pressed; the answer takes a while. */
export const Submitting: Story = { args: { bff: { submitDelayMs: 600_000 }, session: atConfirm(), place: true } };
export const Completed: Story = { args: { session: atConfirm(), place: true } };
export const Direct: Story = { args: { mode: 'direct', session: { step: 'shipping', shipping: shopperAddress } } };
/** Issue 25: the answer to "Place order" was lost; the widget resends the same attempt and says so. */
export const CheckingWhetherPlaced: Story = { args: { bff: { lostPlaceAnswers: 1_000 }, session: readyToPlace, place: true } };
/** A shop answers "busy" at "Place order": named, counted down, resent by itself; its items can go. */
export const BusyShopAtPlace: Story = { args: { bff: { busyPlaces: 1_000, busyRetryAfter: 5 }, session: readyToPlace, place: true } };
/** Still busy past the bound (20 s of waiting): the shopper is asked to try again or remove that shop. */
export const BusyShopStillBusy: Story = { args: { bff: { busyPlaces: 1_000, busyRetryAfter: 30 }, session: readyToPlace, place: true } };
/** A busy shop at the shipping step, with "Remove <Shop>'s items and place the rest". */
export const BusyShopAtShipping: Story = { args: { bff: { busyQuotes: { 1003: 1_000 } }, session: { step: 'shipping', shipping: shopperAddress } } };
/** The same items were placed a moment ago from this browser (another tab): "Place another one?" */
export const PlacedInAnotherTab: Story = { args: { bff: { placedHereBefore: true }, session: readyToPlace, place: true } };
