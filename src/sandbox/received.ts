/**
 * The service requests the sandbox received lately (`GET /__sandbox/requests`):
 * method, path and headers, so a test can see what a BFF sent with a call,
 * such as the `X-Request-Id` of the shopper's request it served. Credential
 * headers are left out; the list keeps the latest 500. Served by `routes/requests.ts`.
 */
import type { IncomingMessage } from 'node:http';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

const KEPT = 500;
/** The app secret and token headers, under any prefix. */
const CREDENTIAL = /(app-secret|token|authorization)$/i;

export class ReceivedRequests {
  #list: ReceivedRequest[] = [];

  add(req: IncomingMessage, path: string): void {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !CREDENTIAL.test(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    this.#list.push({ method: req.method ?? 'GET', path, headers });
    if (this.#list.length > KEPT) this.#list.splice(0, this.#list.length - KEPT);
  }

  list(): readonly ReceivedRequest[] {
    return this.#list;
  }
}
