import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/checkout/view/discount-codes/discount-codes.js';
import type { CodeState } from '../src/checkout/rules/checkout-quote-codes.js';

type Args = { codes: CodeState[]; currency: string; open: boolean };

const meta: Meta<Args> = {
  title: 'Checkout/DiscountCodes',
  component: 'tote-discount-codes',
  args: { codes: [], currency: 'USD', open: false },
  render: ({ codes, currency, open }) => html`<tote-discount-codes .codes=${codes} currency=${currency} ?open=${open}></tote-discount-codes>`,
};
export default meta;
type Story = StoryObj<Args>;

/** Collapsed, as the checkout shows it first: "Have a discount code?". */
export const Closed: Story = {};
export const Open: Story = { args: { open: true } };
/** Being checked by the shops' platforms (a quote is on its way). */
export const Checking: Story = { args: { codes: [{ code: 'TOTE10', status: 'pending', amount: 0 }] } };
export const Applied: Story = { args: { codes: [{ code: 'TOTE10', status: 'applied', amount: 1250 }] } };
/** Each refusal names the code and says why, in Tote's words. */
export const Refused: Story = {
  args: {
    codes: [
      { code: 'NOPE', status: 'unknown', amount: 0 },
      { code: 'SUMMER2025', status: 'expired', amount: 0 },
      { code: 'SHOES20', status: 'not_applicable', amount: 0 },
      { code: 'BIGSPEND', status: 'below_minimum', amount: 0 },
      { code: 'ONCE', status: 'used_up', amount: 0 },
    ],
  },
};
export const SeveralCodes: Story = {
  args: {
    codes: [
      { code: 'TOTE10', status: 'applied', amount: 1250 },
      { code: 'LUMIERE15', status: 'applied', amount: 2024 },
      { code: 'NOPE', status: 'unknown', amount: 0 },
    ],
  },
};
export const LongCode: Story = { args: { codes: [{ code: 'WELCOME-BACK-SPRING-SALE-2026-VIP-EXTRA', status: 'applied', amount: 500 }] } };
