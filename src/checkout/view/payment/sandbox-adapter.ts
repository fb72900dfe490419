import { msg } from '../../../i18n/localize.js';
import type { CheckoutPayment } from '../../rules/checkout-session.js';
import type { PaymentAdapter } from './payment-adapter.js';
// Its labels show in the checkout: other languages' load with the checkout area; English comes with this chunk only.
import '../../../i18n/areas/checkout.js';
import '../../../i18n/en/test-cards.js';

const CARDS = [
  { token: 'tok_sandbox_visa', brand: 'Visa', last4: '4242', label: 'testCardApproves' },
  { token: 'tok_sandbox_declined', brand: 'Visa', last4: '0002', label: 'testCardDeclines' },
] as const;

let instances = 0;

/**
 * The sandbox's payment "provider" for the demo and tests: the shopper picks
 * a test card (one approves, one is declined) and gets the sandbox's token.
 * No card number is ever typed. Built with DOM calls and CSSOM styles only,
 * so it runs under a strict CSP.
 */
export function createSandboxPaymentAdapter(options: { locale?: string } = {}): PaymentAdapter {
  const group = `tote-sandbox-card-${++instances}`;
  let root: HTMLFieldSetElement | undefined;
  const t = (key: Parameters<typeof msg>[1]) => msg(options.locale, key);

  return {
    mount(container) {
      root?.remove();
      const doc = container.ownerDocument;
      root = doc.createElement('fieldset');
      Object.assign(root.style, { border: '0', margin: '0', padding: '0', display: 'grid', gap: '0.5rem' });
      const legend = doc.createElement('legend');
      legend.textContent = t('testCards');
      Object.assign(legend.style, { fontWeight: '600', padding: '0', marginBottom: '0.5rem' });
      root.append(legend);
      CARDS.forEach((card, i) => {
        const label = doc.createElement('label');
        Object.assign(label.style, { display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: '44px', cursor: 'pointer' });
        const input = doc.createElement('input');
        input.type = 'radio';
        input.name = group;
        input.value = card.token;
        input.checked = i === 0;
        label.append(input, doc.createTextNode(t(card.label)));
        root!.append(label);
      });
      const note = doc.createElement('p');
      note.textContent = t('testCardNote');
      Object.assign(note.style, { margin: '0', fontSize: '0.875em', opacity: '0.8' });
      root.append(note);
      container.append(root);
    },
    async tokenize(): Promise<CheckoutPayment> {
      const chosen = root?.querySelector<HTMLInputElement>('input:checked')?.value ?? CARDS[0].token;
      const card = CARDS.find((c) => c.token === chosen) ?? CARDS[0];
      return { payment_provider: 'SANDBOX', type: 'SINGLE_USE_CARD_TOKEN', token: card.token, brand: card.brand, last4: card.last4 };
    },
    unmount() {
      root?.remove();
      root = undefined;
    },
  };
}
