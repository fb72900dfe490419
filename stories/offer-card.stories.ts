import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/offer-card/offer-card.js';
import type { WidgetOffer } from '../src/contract/api.js';
import { hostile, longNames, manyVariants, mug, noImage, soldOutLamp, tee } from './fixtures/offers.js';
import type { FakeBffOptions } from './fixtures/fake-bff.js';
import { withProvider } from './fixtures/storefront.js';

/** `offer` is handed over as a property; `offerId` + `bff` fetch it instead (loading, missing, failing, busy). */
type Args = { offer?: WidgetOffer; offerId?: number; bff?: FakeBffOptions; locale?: string; dir?: 'rtl' | 'ltr'; currency?: string };

const meta: Meta<Args> = {
  title: 'Catalog/OfferCard',
  component: 'tote-offer-card',
  args: { offer: mug },
  render: ({ offer, offerId, bff, locale, dir, currency }) =>
    withProvider(
      bff ?? { offers: offer ? [offer] : [] },
      html`<div style="max-width: 18rem">
        ${offerId
          ? html`<tote-offer-card offer-id=${offerId}></tote-offer-card>`
          : html`<tote-offer-card .offer=${offer}></tote-offer-card>`}
      </div>`,
      { locale, dir, currency, ...(currency ? { endpoint: `/story-api-${currency}` } : {}) },
    ),
};
export default meta;
type Story = StoryObj<Args>;

/** One SKU: "Add to cart" right on the card, sale price against the regular one. */
export const Default: Story = {};

export const Loading: Story = { args: { offer: undefined, offerId: mug.id, bff: { offers: [mug], script: ['hang'] } } };

/** The offer is gone (404). */
export const Empty: Story = { args: { offer: undefined, offerId: 9999, bff: { offers: [] } } };

export const Error: Story = { args: { offer: undefined, offerId: mug.id, bff: { offers: [mug], script: [500] } } };

export const RateLimited: Story = {
  args: { offer: undefined, offerId: mug.id, bff: { offers: [mug], script: [429], retryAfter: 20 } },
};

export const OutOfStock: Story = { args: { offer: soldOutLamp } };

/** Several SKUs: a price range and "Choose options", which opens the variant picker. */
export const PriceRange: Story = { args: { offer: tee } };

export const LongNames: Story = { args: { offer: longNames } };

export const NoImage: Story = { args: { offer: noImage } };

export const ManyVariants: Story = { args: { offer: manyVariants } };

/** Merchant HTML with scripts, handlers, javascript: links, a form and a full-page overlay: only text and safe links remain. */
export const HostileDescription: Story = { args: { offer: hostile } };

export const RightToLeft: Story = { args: { offer: tee, locale: 'ar', dir: 'rtl' } };

/** The shopper's currency is EUR, the shop sells in USD: the price converted with the BFF's rates, marked "≈". */
export const Converted: Story = { args: { offer: tee, currency: 'EUR' } };

/** The same in German, in GBP. */
export const ConvertedGerman: Story = { args: { offer: mug, currency: 'GBP', locale: 'de' } };

/** The rates cannot be had: each price stays in the shop's own currency, unmarked, never guessed. */
export const RatesUnavailable: Story = { args: { offer: tee, currency: 'EUR', bff: { offers: [tee], rates: null } } };
