/**
 * English strings of the sandbox's test cards (the demo's stand-in for a payment provider): registered by the
 * sandbox adapter's own chunk, which a shop paying through Stripe never loads. Their translations ride with each
 * language's checkout area (`src/i18n/<language>/checkout.ts`), where they show.
 */
import { register } from '../registry.js';

export const testCardMessages = {
  testCards: 'Test card',
  testCardApproves: 'Visa ending in 4242 (approves)',
  testCardDeclines: 'Visa ending in 0002 (declined)',
  testCardNote: 'Sandbox: no real card is charged.',
};

register('en', testCardMessages);
