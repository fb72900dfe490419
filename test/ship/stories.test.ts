// Every story of the built Storybook (storybook-static, built here when
// missing or older than the stories) rendered in Chromium: no console error,
// no uncaught error, no render error, and no axe violation inside the story
// root (axe-core injected into the preview). The docs pages carry the
// attribute tables generated from custom-elements.json.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { ExampleServer } from '../../examples/script-tag/server.mjs';
import { ensureStorybook, launch, repo } from './support.js';

interface Entry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
}

type Rendered = { ok: true } | { ok: false; reason: string };

/**
 * Page-level axe rules do not apply to one component shown alone: a story has
 * no landmarks, no h1 and no main. Every other rule runs.
 */
const PAGE_LEVEL_RULES = ['region', 'landmark-one-main', 'page-has-heading-one'];

describe('Storybook: every built story', { timeout: 600_000 }, () => {
  let server: ExampleServer;
  let browser: Browser;
  let entries: Entry[];

  before(async () => {
    await ensureStorybook();
    entries = Object.values(
      (JSON.parse(readFileSync(join(repo, 'storybook-static/index.json'), 'utf8')) as { entries: Record<string, Entry> }).entries,
    );
    const { startExampleServer } = await import('../../examples/script-tag/server.mjs');
    server = await startExampleServer({ port: 0, csp: false, mounts: { '/': join(repo, 'storybook-static') } });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('has stories for every element', () => {
    const titles = new Set(entries.filter((e) => e.type === 'story').map((e) => e.title.split('/').pop()!.toLowerCase()));
    for (const el of ['provider', 'offergrid', 'offercard', 'variantpicker', 'cart', 'addressform', 'shippingstep', 'estimate', 'payment', 'checkout', 'orderstatus', 'merchanthealth', 'merchantonboarding']) {
      assert.ok(titles.has(el), `stories for ${el} (have ${[...titles].join(', ')})`);
    }
  });

  it('renders each story without console errors or axe violations', async () => {
    const stories = entries.filter((e) => e.type === 'story');
    const failures: string[] = [];
    const axe = readFileSync(join(repo, 'node_modules/axe-core/axe.min.js'), 'utf8');
    // Two pages in parallel: the machine has two cores.
    const queue = [...stories];
    const worker = async () => {
      const page = await browser.newPage();
      let current = '';
      const errors = new Map<string, string[]>();
      const note = (m: string) => errors.set(current, [...(errors.get(current) ?? []), m]);
      page.on('console', (m) => {
        if (m.type() === 'error') note(m.text());
      });
      page.on('pageerror', (e) => note(String(e)));
      for (let story = queue.shift(); story; story = queue.shift()) {
        current = story.id;
        const result = await renderStory(page, server.url, story.id);
        if (!result.ok) {
          failures.push(`${story.id}: ${result.reason}`);
          continue;
        }
        // Let async work settle (fake BFF answers, lazy sanitiser), then check the DOM as it stands.
        await page.waitForTimeout(150);
        const violations = await runAxe(page, axe);
        if (violations.length) failures.push(`${story.id}: axe ${violations.join('; ')}`);
        for (const e of errors.get(story.id) ?? []) failures.push(`${story.id}: console ${e}`);
      }
      await page.close();
    };
    await Promise.all([worker(), worker()]);
    assert.deepEqual(failures, [], `${failures.length} of ${stories.length} stories failed`);
    assert.ok(stories.length >= 13);
  });

  it('the checks can fail: axe flags an image without alt inside a story root', async () => {
    const page = await browser.newPage();
    const story = entries.find((e) => e.type === 'story')!;
    assert.deepEqual(await renderStory(page, server.url, story.id), { ok: true });
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.querySelector('#storybook-root')!.append(img);
    });
    const violations = await runAxe(page, readFileSync(join(repo, 'node_modules/axe-core/axe.min.js'), 'utf8'));
    assert.ok(violations.some((v) => v.startsWith('image-alt')), violations.join('; '));
    await page.close();
  });

  it('docs pages show the attribute tables generated from the manifest', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}iframe.html?id=${entries.find((e) => e.type === 'docs' && /provider/i.test(e.title))!.id}&viewMode=docs`);
    // The JSDoc of ToteProvider.endpoint, as custom-elements.json carries it.
    await page.getByText('Base URL of the BFF.').first().waitFor({ timeout: 30_000 });
    assert.ok(await page.getByText('endpoint', { exact: true }).count());
    await page.close();
  });
});

/**
 * Shows a story: the first through the URL, the next ones through the preview's
 * channel, as Storybook's manager switches stories (no reload of the preview).
 */
async function renderStory(page: Page, base: string, id: string): Promise<Rendered> {
  const switched = await page
    .evaluate((storyId) => {
      const w = window as unknown as { __STORYBOOK_ADDONS_CHANNEL__?: { emit(e: string, p: unknown): void; on(e: string, f: (p: unknown) => void): void }; __toteShown?: string };
      const channel = w.__STORYBOOK_ADDONS_CHANNEL__;
      if (!channel || w.__toteShown === undefined) return false;
      w.__toteShown = '';
      channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
      return true;
    }, id)
    .catch(() => false);
  if (!switched) {
    await page.goto(`${base}iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
  }
  const outcome = await page
    .waitForFunction(
      (storyId) => {
        const w = window as unknown as { __STORYBOOK_ADDONS_CHANNEL__?: { on(e: string, f: (p: unknown) => void): void }; __toteShown?: string };
        const channel = w.__STORYBOOK_ADDONS_CHANNEL__;
        if (!channel) return false;
        if (w.__toteShown === undefined) {
          w.__toteShown = '';
          // No named helpers in here: tsx would wrap them in a `__name` the page does not have.
          channel.on('storyRendered', (p) => (w.__toteShown = `ok:${(typeof p === 'string' ? p : (p as { storyId?: string })?.storyId) ?? ''}`));
          channel.on('storyErrored', (p) => (w.__toteShown = `error:${JSON.stringify(p).slice(0, 300)}`));
          channel.on('storyThrewException', (p) => (w.__toteShown = `error:${JSON.stringify(p).slice(0, 300)}`));
          channel.on('storyMissing', () => (w.__toteShown = 'error:missing'));
        }
        const c = document.body.classList;
        if (w.__toteShown.startsWith('error:')) return w.__toteShown;
        if (w.__toteShown === `ok:${storyId}` || (w.__toteShown === '' && c.contains('sb-show-main') && document.querySelector('#storybook-root')?.childElementCount && new URL(location.href).searchParams.get('id') === storyId))
          return 'ok';
        if (c.contains('sb-show-errordisplay')) return `error: ${document.querySelector('#error-message')?.textContent ?? ''}`;
        return false;
      },
      id,
      { timeout: 30_000 },
    )
    .then((h) => h.jsonValue() as Promise<string>)
    .catch((e: Error) => `did not render: ${e.message.split('\n')[0]}`);
  return outcome === 'ok' ? { ok: true } : { ok: false, reason: outcome };
}

async function runAxe(page: Page, source: string): Promise<string[]> {
  // The a11y addon may have put axe on the page already and be running it on the story: wait for that run.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: source });
  for (let attempt = 0; ; attempt++) {
    try {
      return await axeOnce(page);
    } catch (e) {
      if (attempt > 50 || !/Axe is already running/.test(String(e))) throw e;
      await page.waitForTimeout(100);
    }
  }
}

function axeOnce(page: Page): Promise<string[]> {
  return page.evaluate(async (disabled) => {
    const w = window as unknown as {
      axe: { run(ctx: string, opts: object): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> };
    };
    const rules = Object.fromEntries(disabled.map((r) => [r, { enabled: false }]));
    const result = await w.axe.run('#storybook-root', { rules });
    return result.violations.map((v) => `${v.id} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, PAGE_LEVEL_RULES);
}
