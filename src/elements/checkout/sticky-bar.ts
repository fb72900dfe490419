/**
 * WCAG 2.2 2.4.11 Focus Not Obscured: on narrow screens the step's buttons stick to the bottom of the
 * viewport, and a control focused by Tab is scrolled only just into view, under that bar. `scroll-margin`
 * would say how much room to leave, but WebKit ignores it when focus scrolls (and Firefox when a layout
 * shift follows): so after each focus the checkout measures the focused control and the bar, and when
 * they overlap scrolls the page by the overlap and a gap. Where the bar does not stick (wide layouts)
 * nothing happens.
 */
import type { ReactiveControllerHost } from 'lit';

/** Room left between a focused control's outline and the bar. */
const GAP_PX = 12;

/** Keeps controls focused inside `host` clear of its sticky bar (`bar`, a selector in its shadow root). */
export function clearStickyBar(host: ReactiveControllerHost & HTMLElement & { renderRoot: ParentNode }, bar: string): void {
  // After the engine's own scroll into view, which happens as focus moves.
  const focused = (e: FocusEvent) =>
    requestAnimationFrame(() => {
      const el = host.renderRoot.querySelector(bar);
      const target = e.composedPath()[0] as Element;
      if (!el || el.contains(target) || getComputedStyle(el).position !== 'sticky') return;
      const overlap = target.getBoundingClientRect().bottom + GAP_PX - el.getBoundingClientRect().top;
      if (overlap > 0) window.scrollBy(0, overlap);
    });
  host.addController({
    hostConnected: () => host.addEventListener('focusin', focused),
    hostDisconnected: () => host.removeEventListener('focusin', focused),
  });
}
