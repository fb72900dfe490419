/**
 * A request's headers as the handler reads them, straight from Node's `req.headers` (issue 30). Node's
 * parser already lower-cased the names, dropped repeats of single-valued fields and joined the others with
 * `, `: copying them into undici's `Headers` (each name and value validated again, kept in a list of its
 * own) was a measurable share of what the Node adapter added per request, for the few `get`s the BFF does.
 * `get` and `has` read Node's object; everything else is answered by the same `Headers` the adapter built
 * before, made on first use.
 */
import type { IncomingHttpHeaders } from 'node:http';

export class NodeHeaders implements Headers {
  #full: Headers | undefined;

  constructor(private readonly given: IncomingHttpHeaders) {}

  /** As `Headers.get`: one string, repeats joined with `, ` (Node keeps only `set-cookie` as a list; its parser trimmed each value already). */
  get(name: string): string | null {
    if (this.#full) return this.#full.get(name);
    const value = this.given[name.toLowerCase()];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  has(name: string): boolean {
    if (this.#full) return this.#full.has(name);
    return this.given[name.toLowerCase()] !== undefined;
  }

  /** The headers copied into undici's `Headers`, as the adapter did for every request before. */
  full(): Headers {
    if (!this.#full) {
      const headers = new Headers();
      for (const name in this.given) {
        const value = this.given[name];
        if (value === undefined) continue;
        if (typeof value === 'string') headers.append(name, value);
        else for (const v of value) headers.append(name, v);
      }
      this.#full = headers;
    }
    return this.#full;
  }

  getSetCookie(): string[] {
    return this.full().getSetCookie();
  }
  append(name: string, value: string): void {
    this.full().append(name, value);
  }
  delete(name: string): void {
    this.full().delete(name);
  }
  set(name: string, value: string): void {
    this.full().set(name, value);
  }
  forEach(callback: (value: string, key: string, parent: Headers) => void, thisArg?: unknown): void {
    this.full().forEach(callback, thisArg);
  }
  entries(): ReturnType<Headers['entries']> {
    return this.full().entries();
  }
  keys(): ReturnType<Headers['keys']> {
    return this.full().keys();
  }
  values(): ReturnType<Headers['values']> {
    return this.full().values();
  }
  [Symbol.iterator](): ReturnType<Headers['entries']> {
    return this.full()[Symbol.iterator]();
  }
}
