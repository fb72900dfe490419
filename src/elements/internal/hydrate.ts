/**
 * Loaded only on a page with server-rendered Tote elements (`defineElement` imports it when the page holds
 * their data): lit's hydration support, then each element's data from its JSON script, and taps before hydration
 * given to their elements (early-taps.ts). It runs before any Tote
 * element is defined, so every element upgrades with its data in place and hydrates the server's DOM instead of
 * rendering it a second time.
 */
import type { LitElement } from 'lit';
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { SSR_DATA_ATTRIBUTE, SSR_PROPERTIES } from './server-rendered.js';
import { holdEarlyTaps } from './early-taps.js';

type HydrateSupport = (classes: { LitElement: typeof LitElement }) => void;
const patched = Symbol.for('tote.hydrate-support');

/**
 * Called, not run on import: a bundler may drop the top level of a module nothing imports a name from
 * (`sideEffects` in package.json), and this must never be dropped.
 */
// `LitElement` comes from the caller, not an import of 'lit': then lit's element classes share the catalogue's
// chunk with the rest of what the entry and the variant picker load (a bundler splits a module out when this
// chunk imports it too), which saves the catalogue first load 54 B brotli; only lit-html, which the support itself imports,
// stays apart.
// `tapped` and `noteTap`: what define.ts noted was tapped before this loaded, and its listener, which the one of
// early-taps.ts takes over from.
export function prepareHydration(LitElement: typeof import('lit').LitElement, tapped: readonly EventTarget[], noteTap: (e: Event) => void): void {
  removeEventListener('click', noteTap, true);
  holdEarlyTaps(tapped);
  // lit calls the support itself when lit-element evaluates after it; here lit came first (it is in the entry),
  // so the patch is applied to this copy of LitElement by hand, once.
  const support = (globalThis as { litElementHydrateSupport?: HydrateSupport }).litElementHydrateSupport;
  const target = LitElement as unknown as Record<symbol, boolean>;
  if (support && !target[patched]) {
    support({ LitElement });
    target[patched] = true;
  }
  for (const script of document.querySelectorAll<HTMLScriptElement>(`script[type="application/json"][${SSR_DATA_ATTRIBUTE}]`)) {
    const host = script.parentElement as (HTMLElement & Record<string, unknown>) | null;
    if (!host) continue;
    try {
      const data = JSON.parse(script.textContent ?? '') as Record<string, unknown>;
      // Set before the element upgrades: lit takes such instance properties over as its own when it does.
      for (const key of SSR_PROPERTIES) if (data[key] !== undefined) host[key] = data[key];
    } catch {
      // Unreadable data: the element renders and loads as it would without a server.
    }
  }
}
