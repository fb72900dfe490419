/**
 * The request id: the caller's `X-Request-Id` when it is a short token of
 * safe characters (a proxy's or a tracing header's id), else a fresh UUID.
 * Bounded and plain, so a caller cannot forge log lines or smuggle text
 * (an email, a newline) into them through it.
 */
import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '../../contract/headers.js';

/** Letters, digits and `-_.:` only, 1–128 of them: UUIDs, ULIDs, W3C trace ids and most proxies' ids fit. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given !== null && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
