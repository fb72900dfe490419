/**
 * Spends the per-merchant budget before an upstream call leaves: which
 * merchants' platforms a call reaches is read from the call itself (the
 * merchant it names, the bags of a direct order) and from the SKUs it
 * carries (an estimate, a quote, a cart), whose merchants the BFF learnt
 * from the offers it served. A merchant without budget left is answered
 * `429 merchant_busy` with `Retry-After`, and the call is never sent.
 * A shopper's call spends from that shopper's share first (`RequestScope.client`).
 */
import type { CallInfo } from '../contract/client.js';
import type { Offer } from '../contract/catalog.js';
import { rateLimited } from './errors.js';
import { requestScope } from './observability/scope.js';
import { trim } from './stores/bounded.js';
import type { MerchantBudget } from './stores/index.js';

/** SKU id → merchant id, learnt from served offers (bounded: the oldest are forgotten). */
export function createSkuDirectory(maxSkus = 200_000) {
  const owners = new Map<number, number>();
  return {
    learn(offer: Offer) {
      for (const sku of offer.skus) {
        owners.delete(sku.id);
        owners.set(sku.id, offer.merchant_id);
      }
      trim(owners, maxSkus);
    },
    merchantOf: (skuId: unknown) => (typeof skuId === 'number' ? owners.get(skuId) : undefined),
  };
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** The merchants an upstream call concerns, as far as the BFF can tell before sending it. */
export function merchantsOfCall(call: CallInfo & { body?: unknown }, merchantOfSku: (skuId: unknown) => number | undefined): Set<number> {
  const ids = new Set<number>();
  if (isId(call.merchantId)) ids.add(call.merchantId);
  const body = (call.body ?? {}) as { order?: { bags?: { merchant_id?: unknown }[] }; skus?: { sku_id?: unknown }[]; sku_id?: unknown };
  for (const bag of Array.isArray(body.order?.bags) ? body.order.bags : []) if (isId(bag?.merchant_id)) ids.add(bag.merchant_id);
  for (const sku of Array.isArray(body.skus) ? body.skus : [body]) {
    const owner = merchantOfSku(sku?.sku_id);
    if (owner !== undefined) ids.add(owner);
  }
  return ids;
}

export function createMerchantGate(budget: MerchantBudget, merchantOfSku: (skuId: unknown) => number | undefined, now: () => number = Date.now) {
  return async (call: CallInfo & { body?: unknown }): Promise<void> => {
    const client = requestScope.getStore()?.client;
    for (const merchantId of merchantsOfCall(call, merchantOfSku)) {
      const verdict = await budget.take(merchantId, 1, now(), client);
      if (!verdict.ok) {
        throw rateLimited('merchant_busy', `Merchant ${merchantId} is busy; try again shortly`, verdict.retryAfterSeconds, merchantId);
      }
    }
  };
}
