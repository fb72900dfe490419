/**
 * Requests and responses whose bodies are already whole in memory.
 *
 * The BFF reads every body whole: the widget's small JSON requests, the
 * service's answers (the service client reads them as text), its own JSON
 * answers (the redaction, then the Node adapter). A body given to undici's
 * `Request` or `Response` is wrapped in a WHATWG stream at once (about 30 µs
 * each, measured), and reading it back drains that stream: together a large
 * share of the quote's own cost (issue 14, docs/benchmarks.md). These keep
 * the bytes beside the object and make the stream only when something asks
 * for `body`; a reader that knows them takes the bytes.
 */
export class WholeResponse extends Response {
  /** The header fields until something reads `headers` (lower-case names); then `undefined`, and the `Headers` holds them. */
  fields: Record<string, string> | undefined;

  /** `init` as `Response` takes it; plain-object headers are kept as they are until read (see `headerFields`). */
  constructor(
    readonly wholeText: string | null,
    init: ResponseInit,
  ) {
    const given = init.headers;
    const plain = given !== undefined && !(given instanceof Headers) && !Array.isArray(given);
    super(null, plain ? { status: init.status, statusText: init.statusText } : init);
    if (plain) {
      this.fields = {};
      for (const name in given) this.fields[name.toLowerCase()] = String((given as Record<string, string>)[name]);
    }
  }
}

/**
 * Sets a header of an answer. On a `WholeResponse` whose headers nobody has read yet, in its plain
 * fields: building undici's `Headers` for each answer (and for each service answer, whose headers the
 * client reads only on a 429 or a redirect) was a measurable share of the quote's cost (issue 30).
 */
export function setHeader(response: Response, name: string, value: string): void {
  if (response instanceof WholeResponse && response.fields) response.fields[name.toLowerCase()] = value;
  else response.headers.set(name, value);
}

/** Every header of an answer as one object (lower-case names), for Node's `writeHead`. */
export function headerFields(response: Response): Record<string, string> {
  if (response instanceof WholeResponse && response.fields) return { ...response.fields };
  const out: Record<string, string> = {};
  response.headers.forEach((v, k) => (out[k] = v));
  return out;
}

/**
 * A request the Node adapter read whole (or one without a body), built with undici's cheapest
 * constructor (URL and method). Its headers and abort signal are the adapter's own objects rather
 * than copies: given them, undici copies each header into a list of its own and ties a new signal
 * to the given one, looking up that signal's listeners, which was half of the Request's cost per
 * quote (issue 30, docs/benchmarks.md). The URL the adapter parsed is kept for the handler.
 */
export class WholeRequest extends Request {
  constructor(
    readonly parsedUrl: URL,
    method: string,
    readonly givenHeaders: Headers,
    readonly givenSignal: AbortSignal,
    /** `null`: no body (GET, HEAD). */
    readonly wholeBytes: Uint8Array | null,
  ) {
    super(parsedUrl.href, { method });
  }
}

// The readers are set on the prototypes rather than declared in the classes: TypeScript's DOM library declares them
// as methods and Node's as properties, and a declaration would have to pick one. `body` is made on first use.
const streamed = new WeakMap<object, ReadableStream<Uint8Array> | null>();
const superHeaders = Object.getOwnPropertyDescriptor(Response.prototype, 'headers')!.get!;
Object.defineProperties(WholeResponse.prototype, {
  headers: {
    get(this: WholeResponse) {
      const headers = superHeaders.call(this) as Headers;
      // First read: the plain fields move into the real `Headers`, which holds them from now on.
      if (this.fields) for (const [name, value] of Object.entries(this.fields)) headers.set(name, value);
      this.fields = undefined;
      return headers;
    },
  },
  body: {
    get(this: WholeResponse) {
      if (!streamed.has(this)) streamed.set(this, this.wholeText === null ? null : new Response(this.wholeText).body);
      return streamed.get(this);
    },
  },
  text: {
    value(this: WholeResponse) {
      return Promise.resolve(this.wholeText ?? '');
    },
  },
  json: {
    value(this: WholeResponse) {
      return Promise.resolve(this.wholeText ?? '').then(JSON.parse);
    },
  },
  arrayBuffer: {
    value(this: WholeResponse) {
      return Promise.resolve(new TextEncoder().encode(this.wholeText ?? '').buffer);
    },
  },
  clone: {
    value(this: WholeResponse) {
      return new WholeResponse(this.wholeText, { status: this.status, statusText: this.statusText, headers: headerFields(this) });
    },
  },
});
Object.defineProperties(WholeRequest.prototype, {
  body: {
    get(this: WholeRequest) {
      if (!streamed.has(this)) streamed.set(this, this.wholeBytes === null ? null : new Response(this.wholeBytes as Uint8Array<ArrayBuffer>).body);
      return streamed.get(this);
    },
  },
  headers: {
    get(this: WholeRequest) {
      return this.givenHeaders;
    },
  },
  signal: {
    get(this: WholeRequest) {
      return this.givenSignal;
    },
  },
});
