import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/provider/provider.js';
import '../src/elements/offer-grid/offer-grid.js';
import { catalogue, longNames, manyVariants, mug, noImage, sencha, soldOutLamp, tee } from './fixtures/offers.js';
import type { FakeBffOptions } from './fixtures/fake-bff.js';
import { withProvider } from './fixtures/storefront.js';

/**
 * `<tote-provider>` renders nothing itself: each story shows a provider on a
 * fake BFF with a grid inside, in the state the BFF puts it in.
 */
type Args = { bff: FakeBffOptions; locale?: string; dir?: 'rtl' | 'ltr' };

const meta: Meta<Args> = {
  title: 'Catalog/Provider',
  component: 'tote-provider',
  args: { bff: { offers: catalogue } },
  render: ({ bff, locale, dir }) => withProvider(bff, html`<tote-offer-grid manual></tote-offer-grid>`, { locale, dir }),
};
export default meta;
type Story = StoryObj<Args>;

export const Default: Story = {};
export const Loading: Story = { args: { bff: { offers: catalogue, script: ['hang'] } } };
export const Empty: Story = { args: { bff: { offers: [] } } };
export const Error: Story = { args: { bff: { offers: catalogue, script: [500] } } };
export const RateLimited: Story = { args: { bff: { offers: [tee, mug], script: [429], retryAfter: 20 } } };
export const OutOfStock: Story = { args: { bff: { offers: [soldOutLamp] } } };
export const PriceRange: Story = { args: { bff: { offers: [tee, manyVariants] } } };
export const LongNames: Story = { args: { bff: { offers: [longNames] } } };
export const NoImage: Story = { args: { bff: { offers: [noImage] } } };
export const ManyVariants: Story = { args: { bff: { offers: [manyVariants] } } };
export const RightToLeft: Story = { args: { bff: { offers: [tee, sencha, mug] }, locale: 'ar', dir: 'rtl' } };

/** Two providers on one page, two endpoints: two catalogues, two carts. */
export const TwoProviders: Story = {
  render: () => html`${withProvider({ offers: [mug, tee] }, html`<tote-offer-grid manual></tote-offer-grid>`, { endpoint: '/shop-a/api' })}
    <hr />
    ${withProvider({ offers: [sencha] }, html`<tote-offer-grid manual></tote-offer-grid>`, { endpoint: '/shop-b/api' })}`,
};
