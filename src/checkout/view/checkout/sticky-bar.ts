/**
 * WCAG 2.2 2.4.11 Focus Not Obscured: on narrow screens the step's buttons stick to the bottom of the
 * viewport, and a control focused by Tab is scrolled only just into view, under that bar. `scroll-margin`
 * would say how much room to leave, but WebKit ignores it when focus scrolls (and Firefox when a layout
 * shift follows): so after each Tab the checkout measures the focused control and the bar, and when
 * they overlap scrolls the control into view again with the bar's height (and a gap) as its scroll margin,
 * which `scrollIntoView` honours in every engine. Where the bar does not stick (wide layouts) nothing happens.
 */
import type { ReactiveControllerHost } from 'lit';

/** Room left between a focused control's outline and the bar. */
const GAP_PX = 12;

/** Keeps controls focused inside `host` clear of its sticky bar (`bar`, a selector in its shadow root). */
export function clearStickyBar(host: ReactiveControllerHost & HTMLElement & { renderRoot: ParentNode }, bar: string): void {
  // Tab's keyup, not focusin: a move between two controls of one shadow tree fires no focus event on its host.
  const focused = (e: KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    let target = document.activeElement;
    while (target?.shadowRoot?.activeElement) target = target.shadowRoot.activeElement;
    // Measured after the engine's own scroll into view.
    requestAnimationFrame(() => {
      const el = host.renderRoot.querySelector(bar);
      if (!el || !target || el.contains(target) || getComputedStyle(el).position !== 'sticky') return;
      const box = el.getBoundingClientRect();
      if (target.getBoundingClientRect().bottom + GAP_PX <= box.top) return;
      // Whatever scrolls (the page or a host's panel): scrolled into view with the bar's height as its margin.
      const style = (target as HTMLElement).style;
      const before = style.scrollMarginBottom;
      style.scrollMarginBottom = `${box.height + GAP_PX}px`;
      target.scrollIntoView({ block: 'nearest' });
      style.scrollMarginBottom = before;
    });
  };
  host.addController({
    hostConnected: () => host.addEventListener('keyup', focused),
    hostDisconnected: () => host.removeEventListener('keyup', focused),
  });
}
