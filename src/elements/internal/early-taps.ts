/**
 * A server-rendered element's buttons are on screen before the element has hydrated (`tote-checkout/ssr`): until
 * then nothing listens to them, and a shopper's tap would be lost. On such a page a tap on a Tote element's button
 * that has not rendered yet is held, unseen by the page, and given to the same button once its element has
 * hydrated (lit keeps the server's nodes and listens to them then). Installed as Tote's script runs, with no
 * inline script (a strict CSP holds).
 */
type Hydrating = Element & { hasUpdated?: boolean; updateComplete?: Promise<unknown> };

/** `defined`: settles once lit's hydration support is in and Tote's elements are defined (define.ts). */
export function holdEarlyTaps(defined: Promise<unknown>): void {
  const held = new Set<Element>();
  document.addEventListener(
    'click',
    (e) => {
      const button = (e.composedPath()[0] as Element).closest?.('button');
      const host = (button?.getRootNode() as ShadowRoot | undefined)?.host as Hydrating | undefined;
      // Only Tote's own elements: another library's element never "updates", and its taps are its own.
      if (!host?.localName.startsWith('tote-') || host.hasUpdated) return;
      // Stopped here, in the capture phase, so the page sees the tap once: when it is given to the hydrated button.
      // A second tap while waiting (nothing seemed to happen) is the same wish: stopped, not given again.
      e.stopImmediatePropagation();
      if (held.has(button!)) return;
      held.add(button!);
      // After the elements are defined (this runs after define.ts's own callbacks on `defined`): then the host is
      // upgraded and its first update, which hydrates it, is what `updateComplete` waits for.
      const give = () => host.updateComplete!.then(() => button!.click());
      void defined.then(give, give);
    },
    true,
  );
}
