/**
 * The shopper's cart in the browser: lines from many merchants, persisted in
 * `localStorage` and kept in step across tabs. Server carts are created from it
 * at checkout. Grouped into one bag per merchant with totals per currency by
 * `cart-bags.ts`, beside the cart that shows them.
 */
import { isKnownCurrency } from '../contract/money.js';

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
  #linesState: readonly CartLine[] = [];
  readonly #listeners = new Set<(store: CartStore) => void>();
  readonly #storage: Storage | null;
  readonly #eventTarget: EventTarget | null;
  readonly storageKey: string;

  constructor(options: CartStoreOptions) {
    this.storageKey = options.storageKey;
    this.#storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.#eventTarget =
      options.eventTarget === undefined ? (typeof window === 'undefined' ? null : window) : options.eventTarget;
    this.#linesState = this.#load();
    this.#eventTarget?.addEventListener('storage', this.#handleStorage);
  }

  get lines(): readonly CartLine[] {
    return this.#linesState;
  }

  /** Number of items (sum of quantities), for a badge. */
  get count(): number {
    return this.#linesState.reduce((n, l) => n + l.quantity, 0);
  }

  line(skuId: number): CartLine | undefined {
    return this.#linesState.find((l) => l.sku_id === skuId);
  }

  subscribe(fn: (store: CartStore) => void): () => void {
    this.#listeners.add(fn);
    return () => this.#listeners.delete(fn);
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
    this.#commit(existing ? this.#linesState.map((l) => (l === existing ? line : l)) : [...this.#linesState, line]);
    return line;
  }

  /** Sets a line's quantity within 1…stock; below 1 removes the line. */
  setQuantity(skuId: number, quantity: number): void {
    if (!Number.isInteger(quantity)) return;
    if (quantity < 1) return this.remove(skuId);
    this.#update(skuId, (l) => {
      const next: CartLine = { ...l, quantity: clampQuantity(quantity, l.max_quantity) };
      if (l.issue === 'quantity_reduced') delete next.issue;
      return next;
    });
  }

  remove(skuId: number): void {
    if (this.line(skuId)) this.#commit(this.#linesState.filter((l) => l.sku_id !== skuId));
  }

  clear(): void {
    if (this.#linesState.length) this.#commit([]);
  }

  /** Marks a line, e.g. from a checkout error's `skus[]` (out of stock at submit). */
  flag(skuId: number, issue: LineIssue): void {
    this.#update(skuId, (l) => ({ ...l, issue }));
  }

  /** The shopper has seen a `price_changed` or `quantity_reduced` note. */
  acknowledge(skuId: number): void {
    this.#update(skuId, (l) => {
      if (l.issue !== 'price_changed' && l.issue !== 'quantity_reduced') return l;
      const next = { ...l };
      delete next.issue;
      delete next.previous_unit_price;
      return next;
    });
  }

  /**
   * Replaces each line with `fn(line)` and commits once, when any changed: how the checks that live
   * beside the checkout or load on demand (`applyQuote` in `line-issues.ts`, `revalidateCart` in
   * `cart-revalidate.ts`) flag lines without every catalog page paying for them.
   */
  mapLines(fn: (line: CartLine) => CartLine): void {
    let changed = false;
    const next = this.#linesState.map((l) => {
      const updated = fn(l);
      changed ||= updated !== l;
      return updated;
    });
    if (changed) this.#commit(next);
  }

  /** Stops listening to other tabs. */
  dispose(): void {
    this.#eventTarget?.removeEventListener('storage', this.#handleStorage);
    this.#listeners.clear();
  }

  #update(skuId: number, fn: (line: CartLine) => CartLine): void {
    this.mapLines((l) => (l.sku_id === skuId ? fn(l) : l));
  }

  #commit(lines: readonly CartLine[]): void {
    this.#linesState = lines;
    try {
      if (lines.length) this.#storage?.setItem(this.storageKey, JSON.stringify({ v: 1, lines }));
      else this.#storage?.removeItem(this.storageKey);
    } catch {
      // Full or forbidden storage (private mode, quota): the cart still works for this page.
    }
    this.#notify();
  }

  #notify(): void {
    for (const fn of [...this.#listeners]) fn(this);
  }

  #load(): CartLine[] {
    let raw: string | null = null;
    try {
      raw = this.#storage?.getItem(this.storageKey) ?? null;
    } catch {
      return [];
    }
    return parseStoredLines(raw);
  }

  readonly #handleStorage = (e: Event) => {
    const { key, storageArea } = e as StorageEvent;
    // `key === null` means another tab cleared all of storage.
    if ((key !== this.storageKey && key !== null) || (storageArea && storageArea !== this.#storage)) return;
    this.#linesState = this.#load();
    this.#notify();
  };
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function clampQuantity(quantity: number, max: number | undefined): number {
  return Math.max(1, Math.min(quantity, max ?? MAX_QUANTITY, MAX_QUANTITY));
}

/** A safe integer of at least `min`: ids are ≥ 1, prices and stock ≥ 0. */
const isInt = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;
const isStr = (v: unknown, max = 2000): v is string => typeof v === 'string' && v.length <= max;

/** Hand-written check of one stored line: storage is user-editable, so anything odd is dropped. */
function validLine(v: unknown): CartLine | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (!isInt(o.sku_id, 1) || !isInt(o.offer_id, 1) || !isInt(o.merchant_id, 1)) return undefined;
  if (!isStr(o.name) || !isStr(o.merchant_name) || !isStr(o.currency, 3) || !isKnownCurrency(o.currency)) return undefined;
  if (!isInt(o.unit_price, 0) || !isInt(o.quantity, 1)) return undefined;
  if (o.max_quantity !== undefined && !isInt(o.max_quantity, 0)) return undefined;
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
    unit_price: o.unit_price,
    currency: o.currency.toUpperCase(),
    quantity: clampQuantity(o.quantity, o.max_quantity as number | undefined),
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
