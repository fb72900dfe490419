import { LitElement } from 'lit';
import { SSR_DATA_ATTRIBUTE } from './server-rendered.js';
import { holdEarlyTaps } from './early-taps.js';

/**
 * A page with server-rendered Tote elements (`tote-checkout/ssr`) needs lit's hydration support installed before
 * any of them upgrades; only such a page loads it (a module script runs after the document is parsed, so the data
 * scripts are there to be seen). Until an element has hydrated, a tap on its buttons is held for it (early-taps.ts).
 */
// `requestAnimationFrame`, not `document`: a server (Node) has neither, and must not be seen reading a browser
// global as it imports Tote (test/ship/ssr.test.ts).
const hydrating =
  typeof requestAnimationFrame === 'function' && document.querySelector(`script[${SSR_DATA_ATTRIBUTE}]`)
    ? import('./hydrate.js').then((m) => m.prepareHydration(LitElement))
    : undefined;
if (hydrating) holdEarlyTaps(hydrating);

/**
 * Registers a custom element once. A second copy of Tote on the page (script
 * tag plus npm bundle) must not throw "already defined"; the first wins.
 * Importing this in Node (server rendering) touches nothing.
 */
export function defineElement(tag: string, cls: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  // In registration order, after the support: `tote-provider` still comes before what consumes its context.
  // Without the support (it failed to load) the elements still come, rendering over the server's DOM.
  const define = () => customElements.get(tag) || customElements.define(tag, cls);
  if (hydrating) void hydrating.then(define, define);
  else define();
}
