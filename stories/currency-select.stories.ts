import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/currency-select/currency-select.js';
import '../src/elements/offer-card/offer-card.js';
import { mug, tee } from './fixtures/offers.js';
import { withProvider } from './fixtures/storefront.js';

type Args = { currencies: string; currency?: string; locale?: string };

const meta: Meta<Args> = {
  title: 'Catalog/CurrencySelect',
  component: 'tote-currency-select',
  args: { currencies: 'USD EUR GBP' },
  // Each story on its own endpoint: the shopper's choice is kept per endpoint and must not leak into other stories.
  render: ({ currencies, currency, locale }) =>
    withProvider(
      { offers: [mug, tee] },
      html`<tote-currency-select currencies=${currencies}></tote-currency-select>
        <div style="display: grid; grid-template-columns: repeat(2, 16rem); gap: 1rem; margin-top: 1rem">
          <tote-offer-card .offer=${mug}></tote-offer-card>
          <tote-offer-card .offer=${tee}></tote-offer-card>
        </div>`,
      { currency, locale, endpoint: `/story-currency-${currency ?? 'none'}-${locale ?? 'en'}` },
    ),
};
export default meta;
type Story = StoryObj<Args>;

/** The shop offers three currencies; none chosen yet: every price in its shop's own (USD). */
export const Default: Story = {};

/** The shopper chose EUR: the cards' USD prices are converted and marked "≈". */
export const Chosen: Story = { args: { currency: 'EUR' } };

/** German, with the yen among the offered currencies. */
export const German: Story = { args: { currencies: 'EUR, USD, JPY', currency: 'JPY', locale: 'de' } };
