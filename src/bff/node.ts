/**
 * Node's `http` server in front of the web-standard handler. Also refuses
 * raw paths with dot segments or encoded slashes before URL parsing would
 * quietly normalise `/orders/1/../2` into `/orders/2`, bounds how long a
 * client may take to send its request (408), and answers a refused upload
 * while the client is still sending it, then closes without reading the
 * rest (issues 15.9 and 25.8).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createBff, type BffHandler } from './create-bff.js';
import { DEFAULT_MAX_BODY_BYTES, type BffConfig } from './config.js';
import { NodeHeaders } from './node-headers.js';
import { headerFields, wholeRequest, WholeResponse } from './whole-bodies.js';

export interface NodeAdapterOptions {
  /** Longest a client may take to send a whole request (headers and body); then 408. Default 5 s. */
  requestTimeoutMs?: number;
  /**
   * Most bytes of a refused body read and thrown away after answering, for
   * clients that read the answer only once their upload is done. Beyond it
   * the connection is closed. Default 0: a refused body is not read at all
   * (a body declared too large is refused before a byte of it is read).
   */
  maxUnreadBodyBytes?: number;
  /**
   * A body declared no larger than this (the BFF's own limit) is read whole
   * before the handler runs; a larger one is streamed to it, which refuses it
   * (413) without reading it all. Default the BFF's default limit.
   */
  maxBodyBytes?: number;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_UNREAD_BODY_BYTES = 0;

const SUSPICIOUS_PATH = /(^|\/)\.{1,2}(\/|$|\?)|%2e|%2f|%5c|\\|\/\//i;
const SAFE_HOST = /^[A-Za-z0-9.:[\]-]{1,255}$/;

function plainError(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify({ error: { code, message, skus: [], fields: [] } }));
}

/** Express and Connect strip their mount path from `req.url`; `originalUrl` keeps what the client asked for. */
const fullUrl = (req: IncomingMessage) => (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';

/**
 * The request body as a web stream that, unlike `Readable.toWeb`, does not
 * destroy the socket when the handler stops reading (a 413): the rest is
 * left for `discardRest`, and the answer still reaches the client.
 */
function bodyOf(req: IncomingMessage) {
  let detach = () => {};
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let done = false;
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          done = true;
          detach();
          controller.close();
        };
        const onClose = () => {
          if (done) return;
          done = true;
          detach();
          controller.error(new Error('The client closed the connection before sending the whole body'));
        };
        detach = () => {
          req.off('data', onData);
          req.off('end', onEnd);
          req.off('close', onClose);
          req.off('error', onClose);
        };
        req.on('data', onData);
        req.on('end', onEnd);
        req.on('close', onClose);
        req.on('error', onClose);
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return { stream, detach: () => detach() };
}

/** The whole body of a request that declared its length, or undefined when the client left (or was cut off at the deadline) first. */
function readWhole(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('close', () => resolve(undefined));
    req.once('error', () => resolve(undefined));
  });
}

function toRequest(req: IncomingMessage, signal: AbortSignal, body: ReadableStream<Uint8Array> | Buffer | undefined): Request {
  const headers = new NodeHeaders(req.headers);
  // The host only feeds the same-origin check; the upstream address never comes from it.
  const host = SAFE_HOST.test(req.headers.host ?? '') ? req.headers.host : 'localhost';
  const url = new URL(fullUrl(req), `http://${host}`);
  const method = req.method ?? 'GET';
  if (!body || Buffer.isBuffer(body)) return wholeRequest(url, method, headers, signal, body ?? null);
  return new Request(url, { method, headers: headers.full(), signal, body, duplex: 'half' } as RequestInit);
}

/**
 * Reads and throws away what the client is still sending, up to `maxBytes`;
 * true when the whole request was read (the connection may then be closed
 * without resetting the client's upload).
 */
function discardRest(req: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (whole: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.byteLength;
      if (read > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.complete);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.resume();
  });
}

/** An `(req, res)` listener for `http.createServer`, Express, Connect or Vite middleware. */
export function toNodeListener(handler: BffHandler, options: NodeAdapterOptions = {}) {
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const maxUnread = options.maxUnreadBodyBytes ?? DEFAULT_MAX_UNREAD_BODY_BYTES;
  const wholeMax = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = fullUrl(req).split('?')[0]!;
    if (SUSPICIOUS_PATH.test(path)) return plainError(res, 400, 'bad_request', 'Path with dot segments or encoded separators');
    const aborted = new AbortController();
    // A client that trickles its body holds a socket and a handler: past the deadline it gets 408 and is closed.
    const deadline = setTimeout(() => {
      if (req.complete) return;
      if (res.headersSent) return void req.socket?.destroy();
      res.on('finish', () => req.socket?.destroy());
      plainError(res, 408, 'request_timeout', 'The request took too long to arrive', { connection: 'close' });
    }, requestTimeoutMs);
    deadline.unref();
    res.on('close', () => {
      clearTimeout(deadline);
      // Only a client that left before the whole answer was sent aborts the work (an abort builds a DOMException: not for every request).
      if (!res.writableFinished) aborted.abort();
    });

    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const declared = Number(req.headers['content-length'] ?? NaN);
    const small = hasBody && declared <= wholeMax;
    const whole = small ? await readWhole(req) : undefined;
    if (small && !whole) return;
    const body = hasBody && !small ? bodyOf(req) : undefined;
    let request: Request;
    try {
      request = toRequest(req, aborted.signal, whole ?? body?.stream);
    } catch {
      return plainError(res, 400, 'bad_request', 'Malformed request');
    }
    const response = await handler(request, { clientAddress: req.socket.remoteAddress });
    // Answered already (408), or the client is gone.
    if (res.headersSent || res.destroyed) return void (await response.body?.cancel().catch(() => {}));
    const headers = headerFields(response);
    // Refused before its body was read (too large): the rest of the upload is still on the socket, so it cannot carry another request.
    const unread = !req.complete;
    if (unread) headers.connection = 'close';
    if (response instanceof WholeResponse || (response.body && !isEventStream(response))) {
      // A whole answer (JSON): headers and body leave in one write, with its length, instead of chunk by chunk.
      const bytes = response instanceof WholeResponse ? Buffer.from(response.wholeText ?? '') : Buffer.from(await response.arrayBuffer());
      headers['content-length'] = String(bytes.byteLength);
      res.writeHead(response.status, headers);
      if (!unread) return void res.end(bytes);
      res.write(bytes);
      return void (await endAfterUnread(req, res, body, maxUnread));
    }
    res.writeHead(response.status, headers);
    if (response.body) {
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
    }
    if (unread) return void (await endAfterUnread(req, res, body, maxUnread));
    res.end();
  };
}

const isEventStream = (response: Response) => /^text\/event-stream/i.test(response.headers.get('content-type') ?? '');

/**
 * A refused body is not read any further (issue 25.8): the answer left with `Connection: close`, and
 * Node closes the connection once it is written. A client that reads while it uploads (every
 * browser's fetch, Node's, curl) reads the 413; one that reads only after uploading everything may
 * see a reset instead, unless the operator allows a bounded discard (`maxUnreadBodyBytes`).
 */
async function endAfterUnread(req: IncomingMessage, res: ServerResponse, body: { detach(): void } | undefined, maxUnread: number) {
  body?.detach();
  if (maxUnread <= 0) {
    req.pause();
    return void res.end();
  }
  const whole = await discardRest(req, maxUnread);
  res.end();
  if (!whole) req.socket?.destroy();
}

/** An `http.Server` running the BFF (not yet listening: call `.listen(port)`). */
export function createBffServer(config: BffConfig): Server {
  const requestTimeoutMs = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const bff = createBff(config);
  const server = createServer(
    {
      // Slow headers never reach the listener: Node answers them 408 itself. Its check runs every
      // `connectionsCheckingInterval` (30 s by default), so that is shortened to match.
      headersTimeout: requestTimeoutMs,
      requestTimeout: requestTimeoutMs * 2,
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(requestTimeoutMs / 4))),
    },
    toNodeListener(bff, config),
  );
  server.on('close', () => void bff.close());
  return server;
}
