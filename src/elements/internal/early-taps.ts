/**
 * A server-rendered element's buttons are on screen before the element has hydrated (`tote-checkout/ssr`): until
 * then nothing listens to them, and a shopper's tap would be lost. On such a page a tap on a Tote element's button
 * that has not rendered yet is held, unseen by the page, and given to the same button once its element has
 * hydrated (lit keeps the server's nodes and listens to them then). Installed as Tote's script runs, with no
 * inline script (a strict CSP holds).
 */
type Hydrating = Element & { hasUpdated?: boolean; updateComplete?: Promise<unknown> };

export function holdEarlyTaps(): void {
  const held = new Set<Element>();
  document.addEventListener(
    'click',
    (e) => {
      const button = (e.composedPath()[0] as Element).closest?.('button');
      const host = (button?.getRootNode() as ShadowRoot | undefined)?.host as Hydrating | undefined;
      if (!button || !host?.localName.startsWith('tote-') || host.hasUpdated) return;
      // Stopped here, in the capture phase, so the page sees the tap once: when it is given to the hydrated button.
      e.stopImmediatePropagation();
      // Tapped again while waiting (nothing seemed to happen): the same wish, given once.
      if (held.has(button)) return;
      held.add(button);
      void customElements
        .whenDefined(host.localName)
        .then(() => host.updateComplete)
        .then(() => {
          held.delete(button);
          (button as HTMLElement).click();
        });
    },
    true,
  );
}
