/**
 * The shopper's BFF calls after the order (lookup, cancel, refunds: docs/bff.md "After the order"),
 * apart from the up-front api client so that a catalogue or checkout page does not carry them: they
 * load with the order lookup and the order page's changes.
 */
import type { OrderLookupResponse, ShopperRefund } from '../../contract/after-order.js';
import type { ShopperOrder as Order } from '../../contract/shopper-order.js';
import { ACCESS_HEADER, IDEMPOTENCY_HEADER } from '../../contract/wire.js';
import { ApiRequestError, errorFromResponse, type AccessHandle, type ToteApi } from '../../state/api-client.js';


async function send<T>(api: ToteApi, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal }): Promise<T> {
  let res: Response;
  try {
    res = await (api.fetch ?? fetch)(`${api.endpoint}${path}`, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiRequestError({ status: 0, code: 'network', message: 'The shop could not be reached', cause });
  }
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as T;
}

export const lookupOrder = (api: ToteApi, orderId: number, email: string) =>
  send<OrderLookupResponse>(api, '/orders/lookup', { method: 'POST', body: { order_id: orderId, email } });

/** Cancels the order, or one bag; the key makes a repeat of the same press answer the first answer. */
export const cancelOrder = (api: ToteApi, order: AccessHandle, bagId: number | undefined, reason: string, key: string) =>
  send<{ order: Order }>(api, `/orders/${order.id}${bagId === undefined ? '' : `/bags/${bagId}`}/cancel`, {
    method: 'POST',
    body: reason ? { reason } : {},
    headers: { [ACCESS_HEADER]: order.access, [IDEMPOTENCY_HEADER]: key },
  });

export const orderRefunds = async (api: ToteApi, order: AccessHandle, signal?: AbortSignal) =>
  (await send<{ refunds: ShopperRefund[] }>(api, `/orders/${order.id}/refunds`, { headers: { [ACCESS_HEADER]: order.access }, signal })).refunds;
