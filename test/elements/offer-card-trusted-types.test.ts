/**
 * The card and the variant picker with the BFF's text and structure of a
 * hostile HTML description on a page that enforces Trusted Types allowing
 * lit's policy only: the card shows the text, the picker renders the
 * structure with templates (no HTML parsed, no policy of Tote's needed),
 * nothing runs, and no violation is reported.
 */
import { expect } from '@open-wc/testing';

const CSP = "require-trusted-types-for 'script'; trusted-types lit-html";

/**
 * `withoutTrustedTypes` plays an engine without the API, as older releases in
 * the README's support range are (Safari before 26, Firefox before it shipped
 * Trusted Types): no `trustedTypes` global, and the directive is not enforced
 * (such an engine ignores it), so the frame carries no policy.
 */
function runInEnforcingFrame(
  withoutTrustedTypes = false,
): Promise<{ violations: string[]; description: string; hrefs: string[]; pwned: unknown; text: string; cardText: string; cardElements: number }> {
  const card = new URL('../../src/elements/offer-card/offer-card.ts', import.meta.url).href;
  const picker = new URL('../../src/elements/variant-picker/variant-picker.ts', import.meta.url).href;
  const fixtures = new URL('../../stories/fixtures/offers.ts', import.meta.url).href;
  const frame = document.createElement('iframe');
  const policy = withoutTrustedTypes ? '' : `<meta http-equiv="Content-Security-Policy" content="${CSP}">`;
  frame.srcdoc = `<!doctype html>${policy}
    <body><script type="module">
      const violations = [];
      ${withoutTrustedTypes ? 'delete window.trustedTypes; Object.defineProperty(window, "trustedTypes", { value: undefined });' : ''}
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.sample));
      const { hostile } = await import('${fixtures}');
      await import('${card}');
      await import('${picker}');
      const part = (el) => el.shadowRoot?.querySelector('[part~="description"]');
      const [card, picker] = ['tote-offer-card', 'tote-variant-picker'].map((tag) => {
        const el = document.createElement(tag);
        el.offer = hostile;
        document.body.append(el);
        return el;
      });
      for (let i = 0; i < 100 && !(part(card) && part(picker)); i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      const d = part(picker);
      parent.postMessage({ tote: true, violations, description: d ? d.innerHTML : '', text: d ? d.textContent : '',
        hrefs: d ? [...d.querySelectorAll('a[href]')].map((a) => a.href) : [], pwned: window.__toteHacked ?? null,
        cardText: part(card)?.textContent ?? '', cardElements: part(card)?.children.length ?? -1 }, '*');
    </script></body>`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the enforcing frame never answered')), 8000);
    window.addEventListener('message', function onMessage(e) {
      if (!(e.data as { tote?: boolean })?.tote) return;
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      frame.remove();
      resolve(e.data);
    });
    document.body.append(frame);
  });
}

describe('tote-offer-card under Trusted Types', () => {
  it('is accessible (the frame host page)', async () => {
    await expect(document.body).to.be.accessible();
  });

  it('renders the structured description with no Trusted Types violation, no policy of its own, and nothing run', async () => {
    const result = await runInEnforcingFrame();
    expect(result.violations).to.deep.equal([]);
    expect(result.cardText).to.contain('Lovely linen shirt');
    expect(result.cardElements).to.equal(0);
    expect(result.text).to.contain('Lovely linen shirt');
    expect(result.description).not.to.match(/<(script|iframe|form|style|svg|dialog)/i);
    expect(result.description).not.to.match(/\son\w+=/i);
    expect(result.hrefs).to.deep.equal(['https://shop.example/care']);
    expect(result.pwned).to.equal(null);
  });

  it('an engine without Trusted Types shows the same description, nothing run', async () => {
    const result = await runInEnforcingFrame(true);
    expect(result.cardText).to.contain('Lovely linen shirt');
    expect(result.text).to.contain('Lovely linen shirt');
    expect(result.description).not.to.match(/<(script|iframe|form|style|svg|dialog)/i);
    expect(result.description).not.to.match(/\son\w+=/i);
    expect(result.hrefs).to.deep.equal(['https://shop.example/care']);
    expect(result.pwned).to.equal(null);
  });
});
