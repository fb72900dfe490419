/**
 * Test-only faults of the demo server, for the end-to-end test of issue 25.1
 * (test/e2e/checkout.test.ts). Off unless `TOTE_DEMO_TEST_HOOKS=1`; never in a
 * deployment (the BFF itself has no such switch).
 *
 * `POST /__demo/faults` `{ "lose_place_answers_until": <epoch ms> }` arms them:
 * the next `POST …/checkout/place` reaches the BFF, which acts on it, but its
 * answer is lost on the way back (the connection is cut); every later place
 * before that time is cut before it reaches the BFF, as if the shopper were
 * offline. Then places go through again.
 */
import type { Plugin } from 'vite';
import type { IncomingMessage, ServerResponse } from 'node:http';

export function demoTestHooks(): Plugin {
  let until = 0;
  let loseNextAnswer = false;
  const cut = (res: ServerResponse) => res.socket?.destroy();
  return {
    name: 'tote-demo-test-hooks',
    // Before the BFF's plugin: its middleware runs after this one.
    enforce: 'pre',
    configureServer(server) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const path = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';
        if (req.method === 'POST' && path === '/__demo/faults') {
          let text = '';
          req.on('data', (d) => (text += d));
          req.on('end', () => {
            until = Number((JSON.parse(text || '{}') as { lose_place_answers_until?: number }).lose_place_answers_until ?? 0);
            loseNextAnswer = until > Date.now();
            res.writeHead(204).end();
          });
          return;
        }
        if (req.method !== 'POST' || !path.endsWith('/checkout/place') || Date.now() >= until) return next();
        if (!loseNextAnswer) return cut(res);
        loseNextAnswer = false;
        // The BFF answers in full; nothing of it reaches the browser.
        res.writeHead = (() => res) as never;
        res.write = (() => true) as never;
        res.end = (() => (cut(res), res)) as never;
        next();
      });
    },
  };
}
