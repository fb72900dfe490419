/**
 * The browser's `device_id`, sent with every quote: a random id kept in
 * `localStorage` (shared by the tabs of one browser, unlike the checkout's
 * `sessionStorage`), so the BFF can tell two tabs of one shopper placing the
 * same lines (409 `duplicate_order`) from two shoppers. It names no one: it is
 * made here, never derived from anything about the shopper.
 */
import { type MaybeStorage, newKey } from '../rules/checkout-session.js';

const KEY = 'tote:device';
/** The contract's shape of `device_id` (`QuoteRequestSchema`); a stored value that does not match is replaced. */
const SHAPE = /^[\w-]{16,64}$/;
let inMemory: string | undefined;

function localStore(): MaybeStorage {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

/** This browser's id; without working storage, one per page load (duplicates across tabs then go unnoticed). */
export function deviceId(storage: MaybeStorage = localStore()): string {
  try {
    const stored = storage?.getItem(KEY);
    if (stored && SHAPE.test(stored)) return stored;
  } catch {
    // Storage that throws: the id lives in memory.
  }
  // A UUID (36 characters) or 32 hex digits: within the contract's 16–64 of [A-Za-z0-9_-].
  inMemory ??= newKey();
  try {
    storage?.setItem(KEY, inMemory);
  } catch {
    // As above.
  }
  return inMemory;
}
