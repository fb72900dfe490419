/**
 * The names of the service's headers under its prefix: the credentials the
 * client sends and the webhook deliveries the BFF reads use the same one
 * (`X-Violet-` for the real service, `X-Service-` in the interface and the sandbox).
 */

/** The header prefix of the interface; the real service's own is `X-Violet-`. */
export const DEFAULT_SERVICE_HEADER_PREFIX = 'X-Service-';

/** `X-Service-App-Id`, … under another prefix (`SERVICE_HEADER_PREFIX`), so one build talks to the real service. */
export function serviceHeaderNames(prefix = DEFAULT_SERVICE_HEADER_PREFIX) {
  if (!/^[A-Za-z0-9-]{1,40}-$/.test(prefix)) throw new TypeError('The service header prefix must be letters, digits and dashes ending in "-"');
  return { appId: `${prefix}App-Id`, appSecret: `${prefix}App-Secret`, token: `${prefix}Token` };
}

/**
 * Delivery headers of a webhook under the service's header prefix
 * (`X-Violet-Hmac`, … for the real service; `X-Service-` by default), lower
 * case as `Headers` reads them. The same prefix as the credential headers.
 */
export function webhookHeaderNames(prefix = DEFAULT_SERVICE_HEADER_PREFIX) {
  // Validates the prefix the way the credential headers do.
  serviceHeaderNames(prefix);
  const p = prefix.toLowerCase();
  return {
    hmac: `${p}hmac`,
    topic: `${p}topic`,
    eventId: `${p}event-id`,
    eventIdSource: `${p}event-id-source`,
    orderId: `${p}order-id`,
    bagId: `${p}bag-id`,
    entityId: `${p}entity-id`,
    reason: `${p}reason`,
    attempt: `${p}attempt`,
  } as const;
}
export type WebhookHeaderNames = ReturnType<typeof webhookHeaderNames>;

/**
 * The request id a BFF takes from its caller (or makes), answers with, and sends on every call it makes to the
 * service for that request, so one id follows a shopper's request through both logs (docs/operations.md).
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';
