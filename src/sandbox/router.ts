import type { IncomingHttpHeaders } from 'node:http';
import type { RouteAuth } from './auth.js';
import type { SandboxContext } from './context.js';

export interface RouteRequest {
  ctx: SandboxContext;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export interface RouteResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A non-JSON answer (media). */
  text?: string;
  contentType?: string;
  /** What a repeat with the same `Idempotency-Key` answers, when not this answer itself. */
  remember?: { status: number; body: unknown };
  /** Drop the connection without an answer (a reset at the worst moment). */
  destroy?: boolean;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: RouteAuth;
  /** Largest accepted body in bytes (default 1 MB). */
  bodyLimit?: number;
  /** A repeat with the same `Idempotency-Key` header answers the first answer again instead of acting twice. */
  idempotent?: boolean;
  handler: (req: RouteRequest) => Promise<RouteResult> | RouteResult;
}

interface Compiled extends Route {
  pattern: RegExp;
  names: string[];
}

/** Matches `/v1/orders/:order_id`-style paths; `:name` takes one segment. */
export class Router {
  private routes: Compiled[] = [];

  add(...routes: Route[]): this {
    for (const route of routes) {
      const names: string[] = [];
      const source = route.path
        .split('/')
        .map((seg) => {
          if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(seg.slice(1));
          return '([^/]+)';
        })
        .join('/');
      this.routes.push({ ...route, pattern: new RegExp(`^${source}/?$`), names });
    }
    return this;
  }

  match(method: string, path: string): { route: Compiled; params: Record<string, string> } | { allowed: string[] } | undefined {
    const hits = this.routes.map((route) => ({ route, m: route.pattern.exec(path) })).filter((h) => h.m);
    if (!hits.length) return undefined;
    // A literal segment wins over a parameter: `/v1/orders/estimate` is not order "estimate".
    const fewest = Math.min(...hits.map((h) => h.route.names.length));
    const resource = hits.filter((h) => h.route.names.length === fewest);
    const hit = resource.find((h) => h.route.method === method || (method === 'HEAD' && h.route.method === 'GET'));
    if (!hit) return { allowed: resource.map((h) => h.route.method) };
    const params: Record<string, string> = {};
    hit.route.names.forEach((name, i) => {
      params[name] = safeDecode(hit.m![i + 1]!);
    });
    return { route: hit.route, params };
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
