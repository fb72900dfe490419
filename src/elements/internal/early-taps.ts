/**
 * A server-rendered element's buttons are on screen before the element has hydrated (`tote-checkout/ssr`): until
 * then nothing listens to them, and a shopper's tap would be lost. Such taps are given to the same button once its
 * element has hydrated (lit keeps the server's nodes and listens to them then). Up front, Tote's script only notes
 * what was tapped (define.ts: a few bytes on every page); this, loaded with lit's hydration support on pages that
 * have server-rendered elements, gives those taps and holds the ones that come until each element has hydrated.
 * No inline script: a strict CSP holds.
 */
type Hydrating = Element & { hasUpdated?: boolean; updateComplete?: Promise<unknown> };
const givesTaps = Symbol.for('tote.early-taps');

/** `tapped`: what was clicked before this loaded (nothing had hydrated then). */
export function holdEarlyTaps(tapped: readonly EventTarget[]): void {
  // Two copies of Tote on one page (a script tag and an npm bundle) each note the same taps: one gives them.
  const once = globalThis as { [givesTaps]?: true };
  if (once[givesTaps]) return;
  once[givesTaps] = true;
  const held = new Set<Element>();
  /** Whether `target` is in a button of a Tote element still to hydrate; if so its tap is given once it has. */
  const hold = (target: EventTarget): boolean => {
    const button = (target as Element).closest?.('button');
    const host = (button?.getRootNode() as ShadowRoot | undefined)?.host as Hydrating | undefined;
    // Only Tote's own elements: another library's element never "updates", and its taps are its own.
    if (!host?.localName.startsWith('tote-') || host.hasUpdated) return false;
    // A second tap while waiting (nothing seemed to happen) is the same wish: given once.
    if (!held.has(button!)) {
      held.add(button!);
      void customElements
        .whenDefined(host.localName)
        .then(() => host.updateComplete)
        .then(() => button!.click());
    }
    return true;
  };
  for (const target of tapped) hold(target);
  // From now on a held tap is stopped in the capture phase, so the page sees it once: when it is given.
  document.addEventListener('click', (e) => hold(e.composedPath()[0]!) && e.stopImmediatePropagation(), true);
}
