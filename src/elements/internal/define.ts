import { LitElement } from 'lit';
import { SSR_DATA_ATTRIBUTE } from './server-rendered.js';

/** What the shopper tapped before the support came: given to the elements once hydrated (early-taps.ts). */
const tapped: EventTarget[] = [];
const noteTap = (e: Event) => tapped.push(e.composedPath()[0]!);
/**
 * A page with server-rendered Tote elements (`tote-checkout/ssr`) needs lit's hydration support installed before
 * any of them upgrades; only such a page loads it (a module script runs after the document is parsed, so the data
 * scripts are there to be seen). A tap on a server-rendered button before its element has hydrated is given to it
 * once it has (early-taps.ts).
 */
// `requestAnimationFrame`, not `document`: a server (Node) has neither, and must not be seen reading a browser
// global as it imports Tote (test/ship/ssr.test.ts).
const hydrating =
  typeof requestAnimationFrame === 'function' && document.querySelector(`script[${SSR_DATA_ATTRIBUTE}]`)
    ? (addEventListener('click', noteTap, true), import('./hydrate.js').then((m) => m.prepareHydration(LitElement, tapped, noteTap)))
    : undefined;

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
