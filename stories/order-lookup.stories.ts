import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/order-lookup/order-lookup.js';
import { createApiClient } from '../src/state/api-client.js';

type Args = { answer: 'pending' | 'no-match' | 'busy' };

/** A BFF that never answers, or answers every lookup with "no match" or "slow down". */
const api = (answer: Args['answer']) =>
  createApiClient({
    endpoint: '/api',
    fetch: (async () => {
      if (answer === 'pending') return new Promise<Response>(() => undefined);
      if (answer === 'busy') return new Response('{"error":{"code":"rate_limited","message":"x","retry_after":30}}', { status: 429 });
      return new Response('{"error":{"code":"not_found","message":"x"}}', { status: 404 });
    }) as typeof fetch,
  });

/** Fills the form and sends it, as a shopper would. */
async function send(root: Element) {
  const el = root.querySelector('tote-order-lookup')!;
  await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  const [number, email] = el.shadowRoot!.querySelectorAll('input');
  number!.value = '50001';
  email!.value = 'ada@example.com';
  el.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
}

const meta: Meta<Args> = {
  title: 'Orders/OrderLookup',
  component: 'tote-order-lookup',
  args: { answer: 'no-match' },
  render: ({ answer }) => html`<tote-order-lookup .api=${api(answer)}></tote-order-lookup>`,
};
export default meta;
type Story = StoryObj<Args>;

export const Empty: Story = {};
/** Sent; waiting for the BFF. */
export const Searching: Story = { args: { answer: 'pending' }, play: ({ canvasElement }) => send(canvasElement) };
/** A wrong number and a wrong email read the same. */
export const NoMatch: Story = { play: ({ canvasElement }) => send(canvasElement) };
/** Too many tries from this client. */
export const TooManyTries: Story = { args: { answer: 'busy' }, play: ({ canvasElement }) => send(canvasElement) };
