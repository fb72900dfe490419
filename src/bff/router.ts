/**
 * A small method + path router. Patterns are literal segments and `:name`
 * parameters; a parameter matches exactly one raw (still percent-encoded)
 * segment, and routes turn it into a validated id themselves.
 */
export type Params = Record<string, string>;

interface Route<H> {
  method: string;
  pattern: string;
  segments: string[];
  handler: H;
}

export type RouteMatch<H> =
  | { kind: 'found'; handler: H; params: Params; pattern: string }
  | { kind: 'wrong_method'; allowed: string[] }
  | { kind: 'none' };

export class Router<H> {
  private readonly routes: Route<H>[] = [];

  add(method: string, pattern: string, handler: H): this {
    this.routes.push({ method, pattern, segments: split(pattern), handler });
    return this;
  }

  match(method: string, path: string): RouteMatch<H> {
    const parts = split(path);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', handler: route.handler, params, pattern: route.pattern };
      allowed.push(route.method);
    }
    return allowed.length ? { kind: 'wrong_method', allowed } : { kind: 'none' };
  }
}

const split = (path: string) => path.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1));

function matchSegments(pattern: string[], parts: string[]): Params | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Params = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const part = parts[i]!;
    if (p.startsWith(':')) {
      if (part === '') return undefined;
      params[p.slice(1)] = part;
    } else if (p !== part) return undefined;
  }
  return params;
}
