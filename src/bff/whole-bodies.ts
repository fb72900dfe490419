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

  override text(): Promise<string> {
    return Promise.resolve(this.wholeText ?? '');
  }

  override json(): Promise<unknown> {
    return this.text().then(JSON.parse);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new TextEncoder().encode(this.wholeText ?? '').buffer);
  }

  override clone(): WholeResponse {
    return new WholeResponse(this.wholeText, this);
  }
}

/** A request whose body arrived whole before it was handed on (the Node adapter reads small bodies first). */
export class WholeRequest extends Request {
  constructor(
    input: URL,
    init: RequestInit,
    readonly wholeBytes: Uint8Array,
  ) {
    super(input, init);
  }
}

// `body` is an accessor of the base classes (TypeScript declares it a property, so it is redefined here): the stream
// is made on first use, from the bytes.
const streamed = new WeakMap<object, ReadableStream<Uint8Array> | null>();
Object.defineProperty(WholeResponse.prototype, 'body', {
  get(this: WholeResponse) {
    if (!streamed.has(this)) streamed.set(this, this.wholeText === null ? null : new Response(this.wholeText).body);
    return streamed.get(this);
  },
});
Object.defineProperty(WholeRequest.prototype, 'body', {
  get(this: WholeRequest) {
    if (!streamed.has(this)) streamed.set(this, new Response(this.wholeBytes as Uint8Array<ArrayBuffer>).body);
    return streamed.get(this);
  },
});
