// Every story of the pages after the order renders the state it names and is accessible in it.
import { expect, fixture, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import * as changes from '../../stories/order-changes.stories.js';
import * as lookup from '../../stories/order-lookup.stories.js';
import * as desk from '../../stories/order-desk.stories.js';

type Story = { args?: object; play?: (ctx: { canvasElement: Element }) => Promise<void> };
type StoryModule = { default: { args?: object; render?: (args: never, ctx: never) => unknown } } & Record<string, unknown>;

function stories(mod: StoryModule) {
  return Object.entries(mod)
    .filter(([name]) => name !== 'default')
    .map(([name, story]) => {
      const args = { ...mod.default.args, ...(story as Story).args };
      return { name, play: (story as Story).play, render: () => mod.default.render!(args as never, {} as never) as TemplateResult };
    });
}

const shadowText = (el: Element) => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ');

/** What each state must show once settled. */
const expected: Record<string, string> = {
  WindowOpen: 'Cancel items from',
  ConfirmBag: 'Cancel the items from',
  ConfirmOrder: 'Cancel the whole order?',
  WindowClosed: 'The time to cancel ended',
  OneShipped: 'Shipped: it can no longer be cancelled.',
  PartialRefund: '$1.50 refunded:',
  BagCancelled: 'Cancel items from',
  Empty: 'Find your order',
  Searching: 'Looking for your order…',
  NoMatch: 'No order matches that number and email.',
  TooManyTries: 'Too many tries. Try again in 30 s.',
  NeedsAttention: 'Rejected by the shop',
  NoToken: 'Enter the operator token to continue.',
  TokenRejected: 'The operator token was not accepted.',
  NothingFound: 'No order matches.',
  BagHistory: 'Delivery: SHIPPED',
  NoHistoryYet: 'No events received for this bag yet.',
};

describe('order stories', () => {
  for (const { name, render, play } of [...stories(changes as never), ...stories(lookup as never), ...stories(desk as never)]) {
    it(`${name} renders its state and is accessible`, async () => {
      const wrapper = await fixture(`<div></div>`);
      const el = await fixture(render(), { parentNode: wrapper });
      await play?.({ canvasElement: wrapper });
      await waitUntil(() => shadowText(el).includes(expected[name]!), `${name} never showed "${expected[name]}"`);
      await expect(el).to.be.accessible();
    });
  }

  it('shows no cancel for a bag cancelled already, and counts it out of "Cancel this order"', async () => {
    const el = await fixture(stories(changes as never).find((s) => s.name === 'BagCancelled')!.render());
    const cancelled = (changes.BagCancelled.args!.order as { bags: { id: number }[] }).bags[2]!.id;
    expect(el.shadowRoot!.querySelector(`[data-cancel="${cancelled}"]`)).to.equal(null);
    expect(el.shadowRoot!.querySelector('[data-cancel="order"]')).to.not.equal(null);
  });
});
