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
  constructor(
    readonly wholeText: string | null,
    init: ResponseInit,
  ) {
    super(null, init);
  }
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
Object.defineProperties(WholeResponse.prototype, {
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
      return new WholeResponse(this.wholeText, this);
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
