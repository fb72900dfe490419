import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/offer-grid/offer-grid.js';
import { catalogue, longNames, manyOffers, manyVariants, mug, noImage, sencha, soldOutLamp, tee } from './fixtures/offers.js';
import type { FakeBffOptions } from './fixtures/fake-bff.js';
import { withProvider } from './fixtures/storefront.js';

type Args = { bff: FakeBffOptions; merchantId?: number; pageSize: number; locale?: string; dir?: 'rtl' | 'ltr' };

const meta: Meta<Args> = {
  title: 'Catalog/OfferGrid',
  component: 'tote-offer-grid',
  args: { bff: { offers: catalogue }, pageSize: 24 },
  render: ({ bff, merchantId, pageSize, locale, dir }) =>
    withProvider(
      bff,
      html`<tote-offer-grid .merchantId=${merchantId} page-size=${pageSize} manual></tote-offer-grid>`,
      { locale, dir },
    ),
};
export default meta;
type Story = StoryObj<Args>;

/** Every merchant's offers, in three currencies. */
export const Default: Story = {};

/** The first page has not arrived: skeleton cards. */
export const Loading: Story = { args: { bff: { offers: catalogue, script: ['hang'] } } };

export const Empty: Story = { args: { bff: { offers: [] } } };

/** The BFF failed: an error with "Try again" (which then loads). */
export const Error: Story = { args: { bff: { offers: catalogue, script: [500] } } };

/** The BFF answered 429 for a merchant: it says so, counts down and retries by itself. */
export const RateLimited: Story = { args: { bff: { offers: [tee, mug], script: [429], retryAfter: 20 } } };

export const OutOfStock: Story = {
  args: { bff: { offers: [soldOutLamp, { ...tee, skus: tee.skus.map((s) => ({ ...s, qty_available: 0, in_stock: false })) }, mug] } },
};

export const PriceRange: Story = { args: { bff: { offers: [tee, manyVariants, sencha] } } };

export const LongNames: Story = { args: { bff: { offers: [longNames, tee, { ...longNames, id: 5103, tags: [] }] } } };

export const NoImage: Story = { args: { bff: { offers: [noImage, { ...mug, id: 5102, albums: [] }, sencha] } } };

export const ManyVariants: Story = { args: { bff: { offers: [manyVariants, tee] } } };

/** One merchant, paged ten at a time: "Load more" follows the cursor. */
export const Paged: Story = { args: { bff: { offers: manyOffers(26) }, merchantId: 1001, pageSize: 10 } };

export const RightToLeft: Story = { args: { bff: { offers: catalogue }, locale: 'ar', dir: 'rtl' } };
