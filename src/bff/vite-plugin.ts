/**
 * Mounts the BFF in Vite's dev (and preview) server, so `npm start` serves
 * the demo page and its API from one origin.
 */
import type { Plugin } from 'vite';
import { createBff } from './create-bff.js';
import type { BffConfig } from './config.js';
import { toNodeListener } from './node.js';

export function toteBffVitePlugin(config: BffConfig): Plugin {
  const prefix = `/${(config.prefix ?? '/api').replace(/^\/+|\/+$/g, '')}`;
  const webhookPath = config.webhookPath ?? `${prefix}/webhooks`;
  const bff = createBff(config);
  const listener = toNodeListener(bff, config);
  const ours = (url: string | undefined) => {
    const path = (url ?? '').split('?')[0]!;
    return path === prefix || path.startsWith(`${prefix}/`) || path === webhookPath;
  };
  const mount = (server: {
    middlewares: { use(fn: (req: any, res: any, next: () => void) => void): void };
    httpServer: { on(event: 'close', fn: () => void): unknown } | null;
  }) => {
    // Redis connections would keep the process alive after Vite closed.
    server.httpServer?.on('close', () => void bff.close());
    server.middlewares.use((req, res, next) => {
      // `originalUrl`: the full path even when Vite mounted us below a base.
      if (!ours(req.originalUrl ?? req.url)) return next();
      void listener(req, res);
    });
  };
  return {
    name: 'tote-bff',
    configureServer: mount,
    configurePreviewServer: mount,
  };
}
