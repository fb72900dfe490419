// Shared by the server-rendered catalogue's browser tests (test/ship/ssr-*.test.ts): the script-tag example's server
// as they start it, and a proxy in front of it that holds lit's hydration support (the `hydrate-*` chunk) back, so
// that a page is on screen as the server drew it, Tote's script has run, and no Tote element is defined or hydrated
// until the test lets the chunk through.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ensureBuilt } from './support.js';
import type { ExampleServer } from '../../examples/script-tag/server.mjs';
import type { OffersResponse } from '../../src/contract/api.js';
import { DEFAULT_CREDENTIALS } from '../../src/sandbox/index.js';

/** The built example's server on a free port, and its grid's first page of `size` offers (what the server renders). */
export async function startSsrExample(size: number): Promise<{ example: ExampleServer; firstPage: OffersResponse }> {
  await ensureBuilt();
  const { startExampleServer } = await import('../../examples/script-tag/server.mjs');
  const example = await startExampleServer({ port: 0 });
  const firstPage = (await (await fetch(`${example.url}api/offers?size=${size}`)).json()) as OffersResponse;
  return { example, firstPage };
}

/** Another example server on `example`'s sandbox (its media origin is the one the policy allows), rendering `page`. */
export async function startSsrExampleWithPage(example: ExampleServer, page: OffersResponse): Promise<ExampleServer> {
  const serviceEnv = {
    SERVICE_BASE_URL: example.serviceUrl,
    SERVICE_APP_ID: String(DEFAULT_CREDENTIALS.appId),
    SERVICE_APP_SECRET: DEFAULT_CREDENTIALS.appSecret,
    SERVICE_TOKEN: DEFAULT_CREDENTIALS.token,
  };
  const { startExampleServer } = await import('../../examples/script-tag/server.mjs');
  return startExampleServer({ port: 0, serviceEnv, ssr: { page } });
}

/** A proxy in front of `target` that holds every request for the hydration chunk until `release()`. */
export async function hydrationGate(target: string) {
  let release = () => {};
  let opened = Promise.resolve();
  const held: string[] = [];
  const server: Server = createServer((req, res) => {
    const forward = () => {
      const upstream = request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    };
    if (req.url === '/blank') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>blank</title>');
    if (!/\/hydrate-[\w-]+\.js$/.test(req.url!)) return forward();
    held.push(req.url!);
    void opened.then(forward);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    held,
    /** Holds the chunk from now on, until `release()`. */
    close() {
      held.length = 0;
      opened = new Promise<void>((ok) => (release = ok));
    },
    release: () => release(),
    stop: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}

export type HydrationGate = Awaited<ReturnType<typeof hydrationGate>>;
