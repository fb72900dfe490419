import { ToteProvider } from 'tote-checkout/react';
import { CheckoutClient } from './checkout-client.jsx';

export const metadata = { title: 'Checkout' };

/** The checkout page: the same provider endpoint as the catalogue, so the same cart. */
export default function Checkout() {
  return (
    <ToteProvider endpoint="/api">
      <main>
        <h1>Checkout</h1>
        <CheckoutClient />
      </main>
    </ToteProvider>
  );
}
