import { ToteCart, ToteOfferGrid, ToteProvider } from 'tote-checkout/react';

/**
 * The catalogue: a server component that renders Tote's React wrappers directly. `tote-checkout/react` is
 * marked `'use client'`, so Next.js renders them on the client side of the boundary; only serialisable
 * props (strings, numbers) cross it. The cart's "Check out" goes to /checkout (`checkoutUrl`); the cart
 * itself is kept in the browser, so it is there on the next page.
 */
export default function Catalogue() {
  return (
    <ToteProvider endpoint="/api" checkoutUrl="/checkout">
      <header className="bar">
        <strong>My Next.js shop</strong>
        <ToteCart variant="mini" />
      </header>
      <main>
        <h1>Products</h1>
        <ToteOfferGrid pageSize={12} />
      </main>
    </ToteProvider>
  );
}
