'use client';
import { useEffect, useState } from 'react';
import { ToteCheckout } from 'tote-checkout/react';

/**
 * The checkout, in the browser only: `<tote-checkout>` puts the payment form in its light DOM (card fields
 * from Stripe cannot live in a shadow root), which React's hydration would take for a mismatch with the
 * server's HTML. So the server sends nothing here and the checkout appears once the page runs.
 * The app hears the placed order through `onToteCheckoutComplete`.
 */
export function CheckoutClient() {
  const [inBrowser, setInBrowser] = useState(false);
  const [orderId, setOrderId] = useState();
  useEffect(() => setInBrowser(true), []);
  return (
    <>
      {inBrowser ? <ToteCheckout payment="sandbox" onToteCheckoutComplete={(e) => setOrderId(e.detail.order.id)} /> : null}
      <p id="order-placed" role="status">{orderId ? `Order ${orderId} placed.` : ''}</p>
    </>
  );
}
