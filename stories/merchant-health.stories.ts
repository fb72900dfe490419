import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/merchant-health/merchant-health.js';
import type { ConnectionHealthReport } from '../src/contract/operations.js';
import {
  healthyMerchants,
  missingScopesReport,
  needsAttentionReport,
  operatorFetch,
  payoutIncompleteReport,
  seededMerchants,
  syncInProgressReport,
} from './fixtures/operator.js';

type Args = { reports: ConnectionHealthReport[]; fetchedAt: string; filter: 'attention' | 'all'; sort: 'status' | 'name' };

const HOURS = 3600 * 1000;

const meta: Meta<Args> = {
  title: 'Operator/MerchantHealth',
  component: 'tote-merchant-health',
  args: { reports: seededMerchants, fetchedAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(), filter: 'all', sort: 'status' },
  argTypes: {
    filter: { control: 'inline-radio', options: ['attention', 'all'] },
    sort: { control: 'inline-radio', options: ['status', 'name'] },
  },
  // A story token and fetch make the per-merchant refresh buttons work; the reports themselves come as a property.
  render: ({ reports, fetchedAt, filter, sort }) =>
    html`<tote-merchant-health
      endpoint="/api"
      token="story-token"
      .fetch=${operatorFetch({ reports })}
      .reports=${reports}
      fetched-at=${fetchedAt}
      filter=${filter}
      sort=${sort}
    ></tote-merchant-health>`,
};
export default meta;
type Story = StoryObj<Args>;

export const AllHealthy: Story = { args: { reports: healthyMerchants } };

/** The sandbox's seeded merchants: 1007 needs attention and is listed first. */
export const NeedsAttention: Story = { args: { reports: seededMerchants } };

export const SyncInProgress: Story = { args: { reports: [syncInProgressReport, ...healthyMerchants] } };

export const MissingScopes: Story = { args: { reports: [missingScopesReport, ...healthyMerchants], filter: 'attention' } };

export const PayoutIncomplete: Story = { args: { reports: [payoutIncompleteReport, needsAttentionReport, ...healthyMerchants] } };

/** Fetched almost a day ago: the element says so and offers a reload. */
export const Stale: Story = { args: { reports: seededMerchants, fetchedAt: new Date(Date.now() - 23 * HOURS).toISOString() } };
