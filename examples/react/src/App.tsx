import { useRef, useState } from 'react';
import { ToteCart, ToteCheckout, ToteOfferGrid, ToteProvider, type ToteProviderElement } from 'tote-checkout/react';

/**
 * A shop page: Tote's grid, mini cart and checkout inside one provider. The
 * host listens to Tote's events with `onTote…` props and drives Tote through
 * the provider's methods from its own buttons.
 */
export function App() {
  const provider = useRef<ToteProviderElement>(null);
  const [lastAdded, setLastAdded] = useState<string>();
  const [orderId, setOrderId] = useState<number>();
  const [checkingOut, setCheckingOut] = useState(false);

  return (
    <ToteProvider ref={provider} endpoint="/api" onToteCartAdd={(e) => setLastAdded(e.detail.line.name)}>
      <header className="bar">
        <strong>My React shop</strong>
        <button type="button" onClick={() => provider.current?.openCart()}>
          View cart
        </button>
        <ToteCart variant="mini" onToteCartCheckout={() => setCheckingOut(true)} />
      </header>
      <main>
        <p id="last-added" role="status">{lastAdded ? `Added ${lastAdded}` : ''}</p>
        {checkingOut || orderId ? (
          <section aria-label="Checkout">
            <ToteCheckout payment="sandbox" onToteCheckoutComplete={(e) => setOrderId(e.detail.order.id)} />
            {orderId ? <p id="order-placed">Order {orderId} placed.</p> : null}
          </section>
        ) : (
          <>
            <h1>Products</h1>
            <ToteOfferGrid pageSize={12} />
            <button type="button" onClick={() => setCheckingOut(true)}>
              Go to checkout
            </button>
          </>
        )}
      </main>
    </ToteProvider>
  );
}
