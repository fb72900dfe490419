// Every operator story renders and is accessible in the state it names.
import { expect, fixture, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import * as health from '../../stories/merchant-health.stories.js';
import * as onboarding from '../../stories/merchant-onboarding.stories.js';

type StoryModule = { default: { args?: object; render?: (args: never, ctx: never) => unknown } } & Record<string, unknown>;

function stories(mod: StoryModule) {
  return Object.entries(mod)
    .filter(([name]) => name !== 'default')
    .map(([name, story]) => {
      const args = { ...mod.default.args, ...(story as { args?: object }).args };
      return { name, render: () => mod.default.render!(args as never, {} as never) as TemplateResult };
    });
}

const shadowText = (el: Element) => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ');

/** What each state must show once settled. */
const expected: Record<string, string> = {
  AllHealthy: 'Healthy',
  NeedsAttention: 'Missing scope',
  SyncInProgress: '120 of 480 products synced',
  MissingScopes: 'read_inventory',
  PayoutIncomplete: 'Currently due:',
  Stale: 'Reload to see newer data',
  Empty: 'Save onboarding',
  Invalid: 'This field is required.',
  Submitting: 'Saving…',
  Saved: 'pa_sandbox_0042',
  Error: 'The service did not answer in time',
};

describe('operator stories', () => {
  for (const { name, render } of [...stories(health as never), ...stories(onboarding as never)]) {
    it(`${name} renders its state and is accessible`, async () => {
      const el = await fixture(render());
      await waitUntil(() => shadowText(el).includes(expected[name]!), `${name} never showed "${expected[name]}"`);
      await expect(el).to.be.accessible();
    });
  }
});
