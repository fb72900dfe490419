/**
 * The demo storefront's page script: shop filter buttons over the grid.
 * Everything else is Tote's elements inside <tote-provider>.
 */
import '../src/elements/provider/provider.js';
import '../src/elements/offer-grid/offer-grid.js';
import '../src/elements/currency-select/currency-select.js';
import '../src/elements/cart/cart.js';

const provider = document.querySelector('tote-provider')!;
const grid = document.querySelector('tote-offer-grid')!;
const nav = document.querySelector<HTMLElement>('.shops')!;
const title = document.querySelector<HTMLElement>('#catalog-title')!;

async function select(button: HTMLButtonElement): Promise<void> {
  for (const b of nav.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b === button));
  const id = Number(button.dataset.merchant);
  title.textContent = id ? button.textContent : 'All products';
  // A server-drawn grid takes a filter once it has hydrated: a merchant set before its first update was dropped for
  // the server's page (the filter is drawn by the server too, so it can be pressed that early).
  await customElements.whenDefined('tote-offer-grid');
  await grid.updateComplete;
  grid.merchantId = id || undefined;
}

nav.addEventListener('click', (e) => {
  const button = (e.target as Element).closest<HTMLButtonElement>('button.shop');
  if (button) void select(button);
});
// The server's buttons wait for this listener (demo/ssr.ts).
for (const b of nav.querySelectorAll<HTMLButtonElement>('button.shop:disabled')) b.disabled = false;

async function listShops(): Promise<void> {
  // Listed by the server already (demo/ssr.ts).
  if (nav.querySelector('[data-merchant]:not([data-merchant=""])')) return;
  await customElements.whenDefined('tote-provider');
  const merchants = await provider.api?.merchants().catch(() => []);
  for (const m of merchants ?? []) {
    if (!m.shoppable) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'shop';
    button.dataset.merchant = String(m.id);
    button.setAttribute('aria-pressed', 'false');
    button.textContent = m.name;
    nav.append(button);
  }
}

void listShops();
