/**
 * Which merchants a quote may price and a place may send to (issue 25.9): shoppability fails
 * closed. A merchant the catalog hides (needs attention, not connected, no shipping methods), or
 * one absent from the health report, is not shoppable, and without a report no merchant is.
 */
import type { QuoteBag } from '../contract/checkout-api.js';
import { ApiHttpError } from './errors.js';
import type { ConnectionHealthReport } from '../contract/operations.js';
import { isShoppable, type HealthDirectory } from './merchants.js';

export interface MerchantFacts {
  name?: string;
  shoppable: boolean;
}

/** The facts of each health snapshot, read once per snapshot rather than once per quote (issue 30); a new snapshot is a new array. */
const factsOfSnapshot = new WeakMap<readonly ConnectionHealthReport[], ReadonlyMap<number, MerchantFacts>>();

/** Merchant names and shoppability from the health snapshot the catalog keeps; `503` (Retry-After 2 s) when it cannot be read. */
export async function merchantFacts(health: HealthDirectory): Promise<ReadonlyMap<number, MerchantFacts>> {
  const reports = await health.reports().catch(() => {
    throw new ApiHttpError(503, 'upstream_unavailable', 'The shops cannot be checked right now; try again shortly', { retry_after: 2 }, { 'retry-after': '2' });
  });
  let facts = factsOfSnapshot.get(reports);
  if (!facts) {
    facts = new Map(reports.map((r) => [r.merchant_id, { name: r.merchant_name ?? undefined, shoppable: isShoppable(r) }]));
    factsOfSnapshot.set(reports, facts);
  }
  return facts;
}

/** The lines of merchants known to be hidden, as bags that say so (they never reach the service), and the rest. */
export function withholdHidden<L extends { sku_id: number; quantity: number }>(
  lines: readonly L[],
  merchants: ReadonlyMap<number, MerchantFacts>,
  merchantOf: (skuId: number) => number | undefined,
): { shown: L[]; hidden: QuoteBag[] } {
  const hidden = new Map<number, QuoteBag>();
  const shown = lines.filter((line) => {
    const owner = merchantOf(line.sku_id);
    if (owner === undefined || merchants.get(owner)?.shoppable) return true;
    const bag = hidden.get(owner) ?? { merchant_id: owner, merchant_name: merchants.get(owner)?.name ?? `Merchant ${owner}`, lines: [], shipping_methods: [], sub_total: 0, shipping_total: 0, tax_total: 0, total: 0, problems: [] };
    bag.lines.push({ sku_id: line.sku_id, name: `SKU ${line.sku_id}`, quantity: line.quantity, unit_price: 0, total: 0, available: false });
    bag.problems.push({ code: 'unavailable', sku_id: line.sku_id });
    hidden.set(owner, bag);
    return false;
  });
  return { shown, hidden: [...hidden.values()] };
}

/** Throws `409 quote_invalid` naming the first of `merchantIds` that is no longer shoppable. */
export async function assertShoppable(health: HealthDirectory, merchantIds: readonly number[]): Promise<void> {
  const merchants = await merchantFacts(health);
  const hidden = merchantIds.find((id) => !merchants.get(id)?.shoppable);
  if (hidden === undefined) return;
  throw new ApiHttpError(409, 'quote_invalid', 'A shop of this quote can no longer take orders; nothing was charged. Ask for a new quote', {
    merchant_id: hidden,
    fields: [{ path: 'quote_token', message: 'a merchant is no longer shoppable' }],
  });
}
