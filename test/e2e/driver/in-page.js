// Runs inside the page (plain JS, sent as text: no build step may add helpers
// the page lacks). The locator engine of test/e2e/driver/page.ts: Playwright's
// selector semantics that Tote's tests use — CSS whose descendant combinator
// pierces open shadow roots, getByRole / getByLabel / getByText with
// Playwright's exact and substring matching, has / hasText filters, nth —
// plus the checks an action waits for (visible, enabled, stable, hit, and the hit
// checked again as the pointer's events arrive) and selectOption.
(() => {
  const parentOf = (el) => el.parentElement || (el.parentNode instanceof ShadowRoot ? el.parentNode.host : null);

  /** Every element under `root` in document order, shadow trees included (a host's shadow before its children). */
  const deepAll = (root) => {
    const out = [];
    const visit = (node) => {
      for (let c = node.firstElementChild; c; c = c.nextElementSibling) {
        out.push(c);
        if (c.shadowRoot) visit(c.shadowRoot);
        visit(c);
      }
    };
    if (root.shadowRoot) visit(root.shadowRoot);
    visit(root);
    return out;
  };

  /** Splits `text` on `sep` outside brackets, parentheses and quotes. */
  const split = (text, sep) => {
    const parts = [];
    let depth = 0;
    let quote = '';
    let cur = '';
    for (const ch of text) {
      if (quote) {
        if (ch === quote) quote = '';
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === '[' || ch === '(') depth++;
      else if (ch === ']' || ch === ')') depth--;
      else if (depth === 0 && (sep === ' ' ? /\s/.test(ch) : ch === sep)) {
        if (cur.trim()) parts.push(cur.trim());
        cur = '';
        continue;
      }
      cur += ch;
    }
    if (cur.trim()) parts.push(cur.trim());
    return parts;
  };

  const compoundsOf = (selector) => {
    const parts = split(selector, ' ');
    if (parts.some((p) => /^[>+~]$/.test(p))) throw new Error(`only the descendant combinator is supported: ${selector}`);
    return parts;
  };

  /** `el` matches the compounds, each an ancestor (across shadow boundaries) of the next, all inside `scope`. */
  const matchesChain = (el, compounds, scope) => {
    if (!el.matches(compounds[compounds.length - 1])) return false;
    let i = compounds.length - 2;
    for (let p = parentOf(el); i >= 0 && p && p !== scope; p = parentOf(p)) if (p.matches(compounds[i])) i--;
    return i < 0;
  };

  const css = (scope, selector) => {
    const lists = split(selector, ',').map(compoundsOf);
    return deepAll(scope).filter((el) => lists.some((c) => matchesChain(el, c, scope)));
  };

  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  // `wanted` is a string or, for a RegExp, { re, flags } (page.ts sends it so).
  const matchText = (actual, wanted, exact) => {
    if (wanted && typeof wanted === 'object') return new RegExp(wanted.re, wanted.flags).test(norm(actual));
    return exact ? norm(actual) === norm(wanted) : norm(actual).toLowerCase().includes(norm(wanted).toLowerCase());
  };

  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };

  const ariaHidden = (el) => {
    for (let p = el; p; p = parentOf(p)) if (p.getAttribute && p.getAttribute('aria-hidden') === 'true') return true;
    return false;
  };

  const byIds = (el, ids) => {
    const root = el.getRootNode();
    return ids.split(/\s+/).map((id) => root.getElementById?.(id) ?? root.querySelector?.(`#${CSS.escape(id)}`)).filter(Boolean);
  };

  /** Text a screen reader would take from content: rendered text, shadow trees and alt text included. */
  const contentText = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return '';
    if (node.nodeType === Node.ELEMENT_NODE) {
      if (node.getAttribute('aria-hidden') === 'true' || ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(node.tagName)) return '';
      if (getComputedStyle(node).display === 'none') return '';
      if (node.tagName === 'IMG') return node.alt || '';
      if (node.getAttribute('aria-label')) return node.getAttribute('aria-label');
      if (node.tagName === 'SLOT') return node.assignedNodes({ flatten: true }).map(contentText).join(' ');
      if (node.shadowRoot) return contentText(node.shadowRoot);
    }
    return [...node.childNodes].map(contentText).join('');
  };

  const accessibleName = (el) => {
    const labelledby = el.getAttribute('aria-labelledby');
    if (labelledby) return norm(byIds(el, labelledby).map(contentText).join(' '));
    if (el.getAttribute('aria-label')) return norm(el.getAttribute('aria-label'));
    if (el.labels && el.labels.length) return norm([...el.labels].map(contentText).join(' '));
    if (el.tagName === 'IMG') return norm(el.alt);
    return norm(contentText(el)) || norm(el.getAttribute('title'));
  };

  const implicitRole = (el) => {
    const tag = el.tagName;
    const type = (el.getAttribute('type') || '').toLowerCase();
    if (tag === 'BUTTON') return 'button';
    if (tag === 'INPUT') {
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'radio') return 'radio';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'number') return 'spinbutton';
      if (type === 'search') return 'searchbox';
      return 'textbox';
    }
    if ((tag === 'A' || tag === 'AREA') && el.hasAttribute('href')) return 'link';
    if (tag === 'TEXTAREA') return 'textbox';
    if (tag === 'SELECT') return el.multiple ? 'listbox' : 'combobox';
    if (/^H[1-6]$/.test(tag)) return 'heading';
    if (tag === 'DIALOG') return 'dialog';
    if (tag === 'NAV') return 'navigation';
    if (tag === 'MAIN') return 'main';
    if (tag === 'UL' || tag === 'OL') return 'list';
    if (tag === 'LI') return 'listitem';
    if (tag === 'IMG') return el.alt === '' ? 'presentation' : 'img';
    if (tag === 'FIELDSET') return 'group';
    return '';
  };
  const roleOf = (el) => (el.getAttribute('role') || '').split(/\s+/)[0] || implicitRole(el);

  const byRole = (scope, role, name, exact) =>
    deepAll(scope).filter(
      (el) => roleOf(el) === role && !ariaHidden(el) && visible(el) && (name === undefined || matchText(accessibleName(el), name, exact)),
    );

  const labelable = (el) => ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'METER', 'OUTPUT', 'PROGRESS'].includes(el.tagName) || el.hasAttribute('role');
  const byLabel = (scope, text, exact) =>
    deepAll(scope).filter((el) => {
      if (!labelable(el) && !el.hasAttribute('aria-label') && !el.hasAttribute('aria-labelledby')) return false;
      const names = [];
      if (el.getAttribute('aria-label')) names.push(el.getAttribute('aria-label'));
      if (el.getAttribute('aria-labelledby')) names.push(byIds(el, el.getAttribute('aria-labelledby')).map(contentText).join(' '));
      if (el.labels) for (const l of el.labels) names.push(contentText(l));
      return names.some((n) => matchText(n, text, exact));
    });

  /** The smallest elements whose text matches: a parent whose child already matches is left out. */
  // As Playwright's text engine, the scope element itself may be the match.
  const byText = (scope, text, exact) => {
    const hits = [scope, ...deepAll(scope)].filter((el) => !['SCRIPT', 'STYLE', 'TEMPLATE', 'HEAD', 'TITLE', 'SLOT'].includes(el.tagName) && matchText(contentText(el), text, exact));
    const set = new Set(hits);
    return hits.filter((el) => !deepAll(el).some((d) => set.has(d)) && !(el.shadowRoot && deepAll(el.shadowRoot).some((d) => set.has(d))));
  };

  const unique = (els) => [...new Set(els)];

  /** The elements a chain of steps names, from the document down. */
  const resolve = (steps, from = [document.documentElement]) => {
    let els = from;
    for (const s of steps) {
      if (s.kind === 'css') els = unique(els.flatMap((e) => css(e, s.selector)));
      else if (s.kind === 'role') els = unique(els.flatMap((e) => byRole(e, s.role, s.name, s.exact)));
      else if (s.kind === 'label') els = unique(els.flatMap((e) => byLabel(e, s.text, s.exact)));
      else if (s.kind === 'text') els = unique(els.flatMap((e) => byText(e, s.text, s.exact)));
      else if (s.kind === 'has') els = els.filter((e) => resolve(s.steps, [e]).length > 0);
      else if (s.kind === 'hasText') els = els.filter((e) => matchText(contentText(e), s.text, false));
      else if (s.kind === 'nth') {
        const el = s.index < 0 ? els[els.length + s.index] : els[s.index];
        els = el ? [el] : [];
      } else throw new Error(`unknown step ${s.kind}`);
    }
    return els;
  };

  const deepElementFromPoint = (x, y) => {
    let el = document.elementFromPoint(x, y);
    while (el && el.shadowRoot) {
      const inner = el.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === el) break;
      el = inner;
    }
    return el;
  };
  const composedContains = (outer, inner) => {
    for (let p = inner; p; p = parentOf(p)) if (p === outer) return true;
    return false;
  };
  // A click on a label's text acts on its control, as in Playwright.
  const receives = (el, hit) => composedContains(el, hit) || (hit && el.labels && [...el.labels].some((l) => composedContains(l, hit)));

  const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
  const preview = (node) => (node && node.outerHTML ? node.outerHTML.slice(0, 120) : String(node));

  /**
   * Where a click on the first match would land, once the element is visible,
   * enabled, has kept its box for a frame and is the one a pointer there hits;
   * otherwise why not (the caller retries). A point found is armed: see `arm`.
   */
  const clickPoint = async (steps) => {
    const el = resolve(steps)[0];
    if (!el) return { wait: 'no element matches' };
    if (!visible(el)) return { wait: 'not visible' };
    if (el.disabled || el.getAttribute('aria-disabled') === 'true') return { wait: 'disabled' };
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const a = el.getBoundingClientRect();
    await frame();
    const b = el.getBoundingClientRect();
    if (a.x !== b.x || a.y !== b.y || a.width !== b.width || a.height !== b.height) return { wait: 'moving' };
    const x = b.x + b.width / 2;
    const y = b.y + b.height / 2;
    const hit = deepElementFromPoint(x, y);
    if (!receives(el, hit)) return { wait: `another element would receive the click: ${preview(hit)}` };
    api.target = el;
    arm(el);
    return { x, y };
  };

  // The point is found in one command and the pointer goes down in the next: the page may move in between (a
  // late layout, a scroll the engine restores, a card re-rendered). As Playwright's hit-target check, the
  // pointer's own events are watched as they arrive: when the first lands outside the element, that event and
  // the rest of the click are stopped before the page sees them, and the click is tried again.
  const POINTER_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu'];
  let armed = null;
  const arm = (el) => {
    disarm();
    const state = { checked: false, intercepted: null };
    const listener = (e) => {
      if (!e.isTrusted) return;
      if (!state.checked) {
        state.checked = true;
        const hit = e.composedPath()[0];
        if (!receives(el, hit)) state.intercepted = `${e.type} at (${e.clientX}, ${e.clientY}) went to ${preview(hit)}`;
      }
      if (state.intercepted) {
        e.preventDefault();
        e.stopImmediatePropagation();
      }
    };
    for (const type of POINTER_EVENTS) window.addEventListener(type, listener, true);
    armed = { state, off: () => POINTER_EVENTS.forEach((type) => window.removeEventListener(type, listener, true)) };
  };
  /** Ends the watch of the last armed click: why it was stopped, or null when the element received it (or nothing was armed). */
  const disarm = () => {
    if (!armed) return null;
    armed.off();
    const { intercepted } = armed.state;
    armed = null;
    return intercepted;
  };

  /**
   * Playwright's selectOption on the first match: a `<select>` (or the control its label names), each wanted
   * option by value or label (a string is either), chosen as a shopper's pick is reported: `input`, then `change`.
   */
  const selectOptions = (steps, wanted) => {
    let el = resolve(steps)[0];
    if (el && el.tagName === 'LABEL' && el.control) el = el.control;
    if (!el) return { wait: 'no element matches' };
    if (el.tagName !== 'SELECT') throw new Error(`not a <select>: ${preview(el)}`);
    if (!visible(el)) return { wait: 'not visible' };
    if (el.disabled) return { wait: 'disabled' };
    const options = [...el.options];
    const matches = (o, w) =>
      (w.valueOrLabel === undefined || w.valueOrLabel === o.value || norm(w.valueOrLabel) === norm(o.label)) &&
      (w.value === undefined || w.value === o.value) &&
      (w.label === undefined || norm(w.label) === norm(o.label));
    // A single select takes the first option that matches any wanted; a multiple one every option wanted.
    const hits = options.filter((o) => wanted.some((w) => matches(o, w)));
    const chosen = el.multiple ? hits : hits.slice(0, 1);
    const found = el.multiple ? wanted.every((w) => hits.some((o) => matches(o, w))) : chosen.length === 1;
    if (!found) return { wait: `no option ${JSON.stringify(wanted)} among ${JSON.stringify(options.map((o) => o.label))}` };
    if (chosen.some((o) => o.disabled)) return { wait: 'the option is disabled' };
    el.value = undefined;
    for (const o of chosen) o.selected = true;
    el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
    return { values: chosen.map((o) => o.value) };
  };

  // `target` is the element the last click was aimed at: check() verifies that one, as the locator may now match another.
  const api = { resolve, clickPoint, disarm, selectOptions, visible, contentText, target: null };
  return api;
})()
