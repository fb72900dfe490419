/** Helpers for the contract tests: fixtures on disk and a real local HTTP server. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

const fixtureDir = new URL('../fixtures/', import.meta.url);

/** A fresh copy of a JSON fixture from `test/fixtures/` (tests may mutate it). */
export function fixture<T = any>(name: string): T {
  return JSON.parse(readFileSync(new URL(`${name}.json`, fixtureDir), 'utf8')) as T;
}

export interface Hit {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type Handler = (hit: Hit, res: ServerResponse, index: number) => unknown;

export interface TestServer {
  url: string;
  hits: Hit[];
  close(): Promise<void>;
}

/** Starts a node:http server on a free port; every request is recorded before the handler answers. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const hits: Hit[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const hit: Hit = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: raw ? JSON.parse(raw) : undefined,
    };
    hits.push(hit);
    await handler(hit, res, hits.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A JWT-shaped token expiring at `expMs` (unsigned: only `exp` matters to the client). */
export function jwt(expMs: number, sub = 'app-owner'): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, exp: Math.floor(expMs / 1000) })}.c2lnbmF0dXJl`;
}
