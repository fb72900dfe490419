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
import { inspect } from 'node:util';

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

/** What the Node adapter read of a request: its URL parsed, method, headers, abort signal and whole body (`null`: none). */
interface WholeParts {
  readonly url: URL;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  readonly bytes: Uint8Array | null;
}
const PARTS = Symbol('whole request');

/**
 * A request the Node adapter read whole (or one without a body): a `Request` to the handler, built without
 * undici's constructor. Given only a URL and a method, that constructor still parsed the URL again and made
 * a `Headers`, an abort signal and its internal state for each request (issue 30). Its getters read what the
 * adapter gave (`node-headers.ts`'s view of Node's headers, the adapter's own signal); what the BFF never
 * reads (`formData()`, `blob()`, `cache`…) comes from a real `Request` made on first use.
 */
export interface WholeRequest extends Request {
  /** The URL the adapter parsed, kept for the handler. */
  readonly parsedUrl: URL;
  readonly wholeBytes: Uint8Array | null;
  readonly [PARTS]: WholeParts;
}

const wholeRequestPrototype = Object.create(Request.prototype) as WholeRequest;

export function wholeRequest(url: URL, method: string, headers: Headers, signal: AbortSignal, bytes: Uint8Array | null): WholeRequest {
  const request = Object.create(wholeRequestPrototype) as { -readonly [K in keyof WholeRequest]: WholeRequest[K] };
  request[PARTS] = { url, method, headers, signal, bytes };
  request.parsedUrl = url;
  request.wholeBytes = bytes;
  return request;
}

export const isWholeRequest = (request: Request): request is WholeRequest => Object.hasOwn(request, PARTS);

const realRequests = new WeakMap<WholeRequest, Request>();
/** The same request as undici's own, for the readers this one does not answer itself. */
function realRequest(request: WholeRequest): Request {
  let real = realRequests.get(request);
  if (!real) {
    const { url, method, headers, signal, bytes } = request[PARTS];
    real = new Request(url, { method, headers, signal, ...(bytes ? { body: bytes as Uint8Array<ArrayBuffer> } : {}) });
    realRequests.set(request, real);
  }
  return real;
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
const textOf = ({ wholeBytes: bytes }: WholeRequest) => (bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8') : '');
const read = (part: (parts: WholeParts) => unknown) => ({
  get(this: WholeRequest) {
    return part(this[PARTS]);
  },
});
const fromReal = (name: string) => ({
  get(this: WholeRequest) {
    return (realRequest(this) as unknown as Record<string, unknown>)[name];
  },
});
const method = (answer: (request: WholeRequest) => unknown) => ({
  value(this: WholeRequest) {
    return answer(this);
  },
});
const REAL_ONLY = [
  ...['cache', 'credentials', 'destination', 'integrity', 'keepalive', 'mode', 'redirect', 'referrer', 'referrerPolicy', 'duplex'],
  ...['isReloadNavigation', 'isHistoryNavigation'],
];
Object.defineProperties(wholeRequestPrototype, {
  url: read((p) => p.url.href),
  method: read((p) => p.method),
  headers: read((p) => p.headers),
  signal: read((p) => p.signal),
  body: {
    get(this: WholeRequest) {
      if (!streamed.has(this)) streamed.set(this, this.wholeBytes === null ? null : new Response(this.wholeBytes as Uint8Array<ArrayBuffer>).body);
      return streamed.get(this);
    },
  },
  bodyUsed: { get: () => false },
  text: method((r) => Promise.resolve(textOf(r))),
  json: method((r) => Promise.resolve(textOf(r)).then(JSON.parse)),
  arrayBuffer: method((r) => Promise.resolve(new Uint8Array(r.wholeBytes ?? []).buffer)),
  bytes: method((r) => Promise.resolve(new Uint8Array(r.wholeBytes ?? []))),
  blob: method((r) => realRequest(r).blob()),
  formData: method((r) => realRequest(r).formData()),
  clone: method(({ [PARTS]: p }) => wholeRequest(p.url, p.method, p.headers, p.signal, p.bytes)),
  // `console.log` or a debugger shows it as undici's own would be shown.
  [inspect.custom]: method((r) => realRequest(r)),
  ...Object.fromEntries(REAL_ONLY.map((name) => [name, fromReal(name)])),
});
