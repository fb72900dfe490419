/**
 * Registers a custom element once. A second copy of Tote on the page (script
 * tag plus npm bundle) must not throw "already defined"; the first wins.
 * Importing this in Node (server rendering) touches nothing.
 */
export function defineElement(tag: string, cls: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  customElements.define(tag, cls);
}
