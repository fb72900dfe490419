/**
 * The shopper's cart in the browser: lines from many merchants, grouped into
 * one bag per merchant, persisted in `localStorage` and kept in step across
 * tabs. Server carts are created from it at checkout.
 */
import { sumByCurrency, isKnownCurrency, multiplyMoney, type Money } from '../contract/money.js';
import type { WidgetOffer } from '../contract/api.js';
import type { ShopperSku as Sku } from '../contract/shopper-offer.js';
import type { QuoteResponse } from '../contract/checkout-api.js';
import { isAbortError, type ToteApi } from './api-client.js';
import { lineIssues } from './line-issues.js';
import { skuInStock } from './offer.js';

/** Why a line cannot be bought as it stands. Flagged in place, never silently dropped. */
export type LineIssue = 'unavailable' | 'out_of_stock' | 'price_changed' | 'quantity_reduced';
const LINE_ISSUES: readonly string[] = ['unavailable', 'out_of_stock', 'price_changed', 'quantity_reduced'];

export interface CartLine {
  sku_id: number;
  offer_id: number;
  merchant_id: number;
  merchant_name: string;
  name: string;
  image?: string;
  variant_values: { variant: string; value: string }[];
  /** Minor units of `currency`. */
  unit_price: number;
  currency: string;
  quantity: number;
  /** Stock when the merchant tracks it: the quantity never goes above it. */
  max_quantity?: number;
  issue?: LineIssue;
  /** The price the shopper saw before a `price_changed` revalidation. */
  previous_unit_price?: number;
}

export type CartLineInput = Omit<CartLine, 'quantity' | 'issue' | 'previous_unit_price'> & { quantity?: number };

export interface CartBag {
  merchant_id: number;
  merchant_name: string;
  lines: readonly CartLine[];
  /** Per currency; lines that cannot be bought (unavailable, out of stock) are left out. */
  totals: Money[];
}

/** Lines flagged like this are shown but not bought. */
export const isBuyable = (line: CartLine) => line.issue !== 'unavailable' && line.issue !== 'out_of_stock';

const MAX_QUANTITY = 1000;

export interface CartStoreOptions {
  /** The localStorage key; namespace it per endpoint so two providers stay apart. */
  storageKey: string;
  /** Defaults to `localStorage`; `null` keeps the cart in memory only. */
  storage?: Storage | null;
  /** Where `storage` events arrive (defaults to `window` when there is one). */
  eventTarget?: EventTarget | null;
}

/** The localStorage key of a provider's cart. */
export const cartStorageKey = (endpoint: string) => `tote:cart:v1:${endpoint}`;

export class CartStore {
  private linesState: readonly CartLine[] = [];
  private readonly listeners = new Set<(store: CartStore) => void>();
  private readonly storage: Storage | null;
  private readonly eventTarget: EventTarget | null;
  readonly storageKey: string;

  constructor(options: CartStoreOptions) {
    this.storageKey = options.storageKey;
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.eventTarget =
      options.eventTarget === undefined ? (typeof window === 'undefined' ? null : window) : options.eventTarget;
    this.linesState = this.load();
    this.eventTarget?.addEventListener('storage', this.handleStorage);
  }

  get lines(): readonly CartLine[] {
    return this.linesState;
  }

  /** Number of items (sum of quantities), for a badge. */
  get count(): number {
    return this.linesState.reduce((n, l) => n + l.quantity, 0);
  }

  /** Lines grouped per merchant, in the order merchants were first added. */
  get bags(): CartBag[] {
    const byMerchant = new Map<number, CartLine[]>();
    for (const line of this.linesState) {
      const list = byMerchant.get(line.merchant_id) ?? [];
      list.push(line);
      byMerchant.set(line.merchant_id, list);
    }
    return [...byMerchant].map(([merchant_id, lines]) => ({
      merchant_id,
      merchant_name: lines[0]!.merchant_name,
      lines,
      totals: lineTotals(lines),
    }));
  }

  /** Totals per currency: amounts in different currencies are never added. */
  get totals(): Money[] {
    return lineTotals(this.linesState);
  }

  line(skuId: number): CartLine | undefined {
    return this.linesState.find((l) => l.sku_id === skuId);
  }

  subscribe(fn: (store: CartStore) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Adds a SKU or raises the quantity of its line, bounded by stock. Returns the line. */
  add(input: CartLineInput): CartLine {
    const candidate = validLine({ ...input, quantity: input.quantity ?? 1 });
    if (!candidate) throw new TypeError('tote: not a valid cart line');
    const existing = this.line(candidate.sku_id);
    const quantity = clampQuantity((existing?.quantity ?? 0) + candidate.quantity, candidate.max_quantity);
    const line: CartLine = { ...existing, ...candidate, quantity };
    delete line.issue;
    delete line.previous_unit_price;
    this.commit(existing ? this.linesState.map((l) => (l === existing ? line : l)) : [...this.linesState, line]);
    return line;
  }

  /** Sets a line's quantity within 1…stock; below 1 removes the line. */
  setQuantity(skuId: number, quantity: number): void {
    if (!Number.isInteger(quantity)) return;
    if (quantity < 1) return this.remove(skuId);
    this.update(skuId, (l) => {
      const next: CartLine = { ...l, quantity: clampQuantity(quantity, l.max_quantity) };
      if (l.issue === 'quantity_reduced') delete next.issue;
      return next;
    });
  }

  remove(skuId: number): void {
    if (this.line(skuId)) this.commit(this.linesState.filter((l) => l.sku_id !== skuId));
  }

  clear(): void {
    if (this.linesState.length) this.commit([]);
  }

  /** Marks a line, e.g. from a checkout error's `skus[]` (out of stock at submit). */
  flag(skuId: number, issue: LineIssue): void {
    this.update(skuId, (l) => ({ ...l, issue }));
  }

  /** The shopper has seen a `price_changed` or `quantity_reduced` note. */
  acknowledge(skuId: number): void {
    this.update(skuId, (l) => {
      if (l.issue !== 'price_changed' && l.issue !== 'quantity_reduced') return l;
      const next = { ...l };
      delete next.issue;
      delete next.previous_unit_price;
      return next;
    });
  }

  /**
   * Brings the lines in step with a checkout quote, without a request per
   * offer: a line the quote reports unavailable or out of stock is flagged; a
   * line quoted in its own currency at another price takes the new price,
   * flagged `price_changed` so the shopper sees the old one beside it.
   */
  applyQuote(quote: QuoteResponse): void {
    const problems = new Map<number, LineIssue>(lineIssues(quote).map((p) => [p.sku_id, p.issue]));
    const prices = new Map(quote.bags.flatMap((b) => b.lines.map((l) => [l.sku_id, l.unit_price] as const)));
    let changed = false;
    const next = this.linesState.map((line) => {
      const issue = problems.get(line.sku_id);
      if (issue && line.issue !== issue) {
        changed = true;
        return { ...line, issue };
      }
      const price = prices.get(line.sku_id);
      if (!issue && price !== undefined && line.currency === quote.currency && price !== line.unit_price) {
        changed = true;
        return { ...line, unit_price: price, previous_unit_price: line.unit_price, issue: 'price_changed' as const };
      }
      return line;
    });
    if (changed) this.commit(next);
  }

  /**
   * Fetches the current offer of every line and flags lines whose SKU vanished,
   * went out of stock, changed price or has less stock than the quantity.
   * A line whose offer could not be checked (network, busy merchant) keeps its state.
   */
  async revalidate(api: ToteApi, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
    const offerIds = [...new Set(this.linesState.map((l) => l.offer_id))];
    const offers = new Map<number, WidgetOffer | null>();
    await Promise.all(
      offerIds.map(async (id) => {
        try {
          offers.set(id, await api.getOffer(id, { signal }));
        } catch (e) {
          if (isAbortError(e)) throw e;
          if ((e as { status?: number }).status === 404) offers.set(id, null);
        }
      }),
    );
    signal?.throwIfAborted();
    this.commit(
      this.linesState.map((line) => {
        const offer = offers.get(line.offer_id);
        if (offer === undefined) return line;
        const sku = offer?.skus.find((s) => s.id === line.sku_id);
        return checkedLine(line, offer, sku);
      }),
    );
  }

  /** Stops listening to other tabs. */
  dispose(): void {
    this.eventTarget?.removeEventListener('storage', this.handleStorage);
    this.listeners.clear();
  }

  private update(skuId: number, fn: (line: CartLine) => CartLine): void {
    let changed = false;
    const next = this.linesState.map((l) => {
      if (l.sku_id !== skuId) return l;
      const updated = fn(l);
      changed ||= updated !== l;
      return updated;
    });
    if (changed) this.commit(next);
  }

  private commit(lines: readonly CartLine[]): void {
    this.linesState = lines;
    try {
      if (lines.length) this.storage?.setItem(this.storageKey, JSON.stringify({ v: 1, lines }));
      else this.storage?.removeItem(this.storageKey);
    } catch {
      // Full or forbidden storage (private mode, quota): the cart still works for this page.
    }
    this.notify();
  }

  private notify(): void {
    for (const fn of [...this.listeners]) fn(this);
  }

  private load(): CartLine[] {
    let raw: string | null = null;
    try {
      raw = this.storage?.getItem(this.storageKey) ?? null;
    } catch {
      return [];
    }
    return parseStoredLines(raw);
  }

  private readonly handleStorage = (e: Event) => {
    const { key, storageArea } = e as StorageEvent;
    // `key === null` means another tab cleared all of storage.
    if ((key !== this.storageKey && key !== null) || (storageArea && storageArea !== this.storage)) return;
    this.linesState = this.load();
    this.notify();
  };
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function lineTotals(lines: readonly CartLine[]): Money[] {
  return sumByCurrency(
    lines.filter(isBuyable).map((l) => multiplyMoney({ amount: l.unit_price, currency: l.currency }, l.quantity)),
  );
}

function clampQuantity(quantity: number, max: number | undefined): number {
  return Math.max(1, Math.min(quantity, max ?? MAX_QUANTITY, MAX_QUANTITY));
}

function checkedLine(line: CartLine, offer: WidgetOffer | null, sku: Sku | undefined): CartLine {
  const next: CartLine = { ...line };
  delete next.issue;
  delete next.previous_unit_price;
  if (!offer || !sku || offer.available === false) return { ...next, issue: 'unavailable' };
  if (!skuInStock(sku)) return { ...next, issue: 'out_of_stock' };
  if (sku.inventory_tracked && sku.qty_available != null) {
    next.max_quantity = sku.qty_available;
    if (line.quantity > sku.qty_available) return { ...next, quantity: sku.qty_available, issue: 'quantity_reduced' };
  } else delete next.max_quantity;
  const currency = sku.currency ?? offer.currency;
  if (sku.sale_price !== line.unit_price || currency !== line.currency) {
    return { ...next, unit_price: sku.sale_price, currency, previous_unit_price: line.unit_price, issue: 'price_changed' };
  }
  // A price change the shopper has not acknowledged yet stays flagged.
  if (line.issue === 'price_changed') return { ...next, issue: line.issue, previous_unit_price: line.previous_unit_price };
  return next;
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const isStr = (v: unknown, max = 2000): v is string => typeof v === 'string' && v.length <= max;

/** Hand-written check of one stored line: storage is user-editable, so anything odd is dropped. */
function validLine(v: unknown): CartLine | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (!isId(o.sku_id) || !isId(o.offer_id) || !isId(o.merchant_id)) return undefined;
  if (!isStr(o.name) || !isStr(o.merchant_name) || !isStr(o.currency, 3) || !isKnownCurrency(o.currency)) return undefined;
  if (!Number.isSafeInteger(o.unit_price) || (o.unit_price as number) < 0) return undefined;
  if (!Number.isSafeInteger(o.quantity) || (o.quantity as number) < 1) return undefined;
  if (o.max_quantity !== undefined && (!Number.isSafeInteger(o.max_quantity) || (o.max_quantity as number) < 0)) return undefined;
  if (o.image !== undefined && !isStr(o.image)) return undefined;
  const values = Array.isArray(o.variant_values) ? o.variant_values : [];
  if (!values.every((x) => x && typeof x === 'object' && isStr(x.variant, 200) && isStr(x.value, 200))) return undefined;
  const line: CartLine = {
    sku_id: o.sku_id,
    offer_id: o.offer_id,
    merchant_id: o.merchant_id,
    merchant_name: o.merchant_name,
    name: o.name,
    variant_values: values.map((x: { variant: string; value: string }) => ({ variant: x.variant, value: x.value })),
    unit_price: o.unit_price as number,
    currency: o.currency.toUpperCase(),
    quantity: clampQuantity(o.quantity as number, o.max_quantity as number | undefined),
  };
  if (o.image !== undefined) line.image = o.image;
  if (o.max_quantity !== undefined) line.max_quantity = o.max_quantity as number;
  if (typeof o.issue === 'string' && LINE_ISSUES.includes(o.issue)) line.issue = o.issue as LineIssue;
  if (Number.isSafeInteger(o.previous_unit_price)) line.previous_unit_price = o.previous_unit_price as number;
  return line;
}

/** Reads what `commit` wrote; tampered or foreign data yields the lines that still make sense. */
export function parseStoredLines(raw: string | null): CartLine[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  const lines = (data as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) return [];
  const seen = new Set<number>();
  const out: CartLine[] = [];
  for (const item of lines.slice(0, 500)) {
    const line = validLine(item);
    if (line && !seen.has(line.sku_id)) {
      seen.add(line.sku_id);
      out.push(line);
    }
  }
  return out;
}
