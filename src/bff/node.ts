/**
 * Node's `http` server in front of the web-standard handler. Also refuses
 * raw paths with dot segments or encoded slashes before URL parsing would
 * quietly normalise `/carts/1/../2` into `/carts/2`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createBff, type BffHandler } from './create-bff.js';
import type { BffConfig } from './config.js';

const SUSPICIOUS_PATH = /(^|\/)\.{1,2}(\/|$|\?)|%2e|%2f|%5c|\\|\/\//i;

function plainError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: { code, message, skus: [], fields: [] } }));
}

/** Express and Connect strip their mount path from `req.url`; `originalUrl` keeps what the client asked for. */
const fullUrl = (req: IncomingMessage) => (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';

function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // The host only feeds the same-origin check; the upstream address never comes from it.
  const host = /^[A-Za-z0-9.:[\]-]{1,255}$/.test(req.headers.host ?? '') ? req.headers.host : 'localhost';
  const url = new URL(fullUrl(req), `http://${host}`);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/** An `(req, res)` listener for `http.createServer`, Express, Connect or Vite middleware. */
export function toNodeListener(handler: BffHandler) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = fullUrl(req).split('?')[0]!;
    if (SUSPICIOUS_PATH.test(path)) return plainError(res, 400, 'bad_request', 'Path with dot segments or encoded separators');
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    let request: Request;
    try {
      request = toRequest(req, aborted.signal);
    } catch {
      return plainError(res, 400, 'bad_request', 'Malformed request');
    }
    const response = await handler(request, { clientAddress: req.socket.remoteAddress });
    const headers: Record<string, string> = {};
    response.headers.forEach((v, k) => (headers[k] = v));
    // Refused before its body was read (too large): the rest of the upload is still on the socket, so it cannot carry another request.
    if (!req.complete && response.status >= 400) headers.connection = 'close';
    res.writeHead(response.status, headers);
    if (!response.body) return void res.end();
    res.flushHeaders();
    const reader = response.body.getReader();
    const stop = () => void reader.cancel().catch(() => {});
    if (aborted.signal.aborted) stop();
    else aborted.signal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
    } catch {
      // The client went away mid-stream.
    }
    res.end();
  };
}

/** An `http.Server` running the BFF (not yet listening: call `.listen(port)`). */
export function createBffServer(config: BffConfig): Server {
  const bff = createBff(config);
  const server = createServer(toNodeListener(bff));
  server.on('close', () => void bff.close());
  return server;
}
