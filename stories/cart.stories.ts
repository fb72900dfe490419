import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/cart/cart.js';
import { CartStore, type CartLine } from '../src/state/cart-store.js';
import { mixedCurrencyLines, staleLines, threeMerchantLines } from './fixtures/checkout.js';

type Args = { lines: CartLine[]; variant: 'full' | 'mini'; dir?: 'rtl' | 'ltr'; locale?: string };

/** A cart store in memory holding `lines` (flags included). */
function storeOf(lines: readonly CartLine[]): CartStore {
  const store = new CartStore({ storageKey: 'story-cart', storage: null, eventTarget: null });
  for (const line of lines) {
    store.add(line);
    if (line.issue) store.flag(line.sku_id, line.issue);
  }
  return store;
}

const meta: Meta<Args> = {
  title: 'Checkout/Cart',
  component: 'tote-cart',
  args: { lines: threeMerchantLines, variant: 'full' },
  argTypes: { variant: { control: 'inline-radio', options: ['full', 'mini'] } },
  render: ({ lines, variant, dir, locale }) =>
    html`<div dir=${dir ?? 'ltr'}><tote-cart variant=${variant} locale=${locale ?? ''} .store=${storeOf(lines)}></tote-cart></div>`,
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {};
/** One bag per merchant, each with its subtotal. */
export const ThreeMerchants: Story = {};
/** Dollars and yen: a total per currency, never added together. */
export const MixedCurrencies: Story = { args: { lines: mixedCurrencyLines } };
/** Lines re-checked against the shops: a price change, a lowered quantity, one out of stock, one gone — all in place. */
export const StaleCart: Story = { args: { lines: staleLines } };
export const Empty: Story = { args: { lines: [] } };
/** The header badge; press it to open the cart drawer. */
export const Mini: Story = { args: { variant: 'mini' } };
export const LongNames: Story = {
  args: {
    lines: threeMerchantLines.map((l) => ({
      ...l,
      name: `${l.name} — limited edition with an exceptionally long product name that must wrap`,
      merchant_name: `${l.merchant_name} International Trading Company of Extraordinary Length`,
    })),
  },
};
export const RightToLeft: Story = { args: { dir: 'rtl', locale: 'ar' } };
