import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/variant-picker/variant-picker.js';
import type { WidgetOffer } from '../src/contract/api.js';
import { longNames, manyVariants, mug, offer as makeOffer, tee } from './fixtures/offers.js';
import type { FakeBffOptions } from './fixtures/fake-bff.js';
import { withProvider } from './fixtures/storefront.js';

type Args = { offer?: WidgetOffer; offerId?: number; bff?: FakeBffOptions; locale?: string; dir?: 'rtl' | 'ltr' };

const meta: Meta<Args> = {
  title: 'Catalog/VariantPicker',
  component: 'tote-variant-picker',
  args: { offer: tee },
  render: ({ offer, offerId, bff, locale, dir }) =>
    withProvider(
      bff ?? { offers: offer ? [offer] : [] },
      html`<div style="max-width: 52rem">
        ${offerId
          ? html`<tote-variant-picker offer-id=${offerId}></tote-variant-picker>`
          : html`<tote-variant-picker .offer=${offer}></tote-variant-picker>`}
      </div>`,
      { locale, dir },
    ),
};
export default meta;
type Story = StoryObj<Args>;

/** Colour × size; Red/L and Green are sold out, Blue/S does not exist: shown disabled with the reason. */
export const Default: Story = {};

export const Loading: Story = { args: { offer: undefined, offerId: tee.id, bff: { offers: [tee], script: ['hang'] } } };

export const Empty: Story = { args: { offer: undefined, offerId: 9999, bff: { offers: [] } } };

export const Error: Story = { args: { offer: undefined, offerId: tee.id, bff: { offers: [tee], script: [500] } } };

export const RateLimited: Story = {
  args: { offer: undefined, offerId: tee.id, bff: { offers: [tee], script: [429], retryAfter: 20 } },
};

export const OutOfStock: Story = {
  args: { offer: makeOffer({ ...tee, skus: tee.skus.map((s) => ({ ...s, qty_available: 0, in_stock: false })) }) },
};

/** A SKU on sale: sale price beside the struck-through regular price. */
export const PriceRange: Story = {
  args: { offer: makeOffer({ ...tee, skus: [...tee.skus].sort((a, b) => a.sale_price - b.sale_price) }) },
};

export const LongNames: Story = { args: { offer: longNames } };

export const NoImage: Story = { args: { offer: makeOffer({ ...tee, albums: [], skus: tee.skus.map((s) => ({ ...s, albums: [] })) }) } };

export const ManyVariants: Story = { args: { offer: manyVariants } };

/** A single SKU: no groups, just price, stock, quantity and "Add to cart". */
export const SingleSku: Story = { args: { offer: mug } };

export const RightToLeft: Story = { args: { offer: tee, locale: 'ar', dir: 'rtl' } };
