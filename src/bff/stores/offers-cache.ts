/** The offers cache: merchants' offer pages, with a per-merchant generation so a stale page never lands. */
import type { Offer } from '../../contract/catalog.js';
import { trim } from './bounded.js';

export interface CachedOffersPage {
  offers: Offer[];
  /** The upstream `next_page_cursor`; `null` on the merchant's last page. */
  next_cursor: string | null;
}

export interface OffersCache {
  /** A merchant's cache generation; bumped by `invalidate`. */
  version(merchantId: number): Promise<number>;
  get(merchantId: number, key: string): Promise<CachedOffersPage | undefined>;
  /** Stores unless the merchant was invalidated since `version` was read (a stale page never lands). */
  set(merchantId: number, key: string, page: CachedOffersPage, version: number): Promise<void>;
  invalidate(merchantId: number): Promise<void>;
  clear(): Promise<void>;
}

export function createMemoryOffersCache({ ttlMs = 10 * 60_000, maxPagesPerMerchant = 200, maxMerchants = 1000, now = Date.now } = {}): OffersCache {
  const merchants = new Map<number, { version: number; pages: Map<string, { page: CachedOffersPage; expires: number }> }>();
  const slot = (merchantId: number) => {
    let s = merchants.get(merchantId);
    if (!s) {
      s = { version: 0, pages: new Map() };
      merchants.set(merchantId, s);
      trim(merchants, maxMerchants);
    }
    return s;
  };
  let generation = 0;
  return {
    async version(merchantId) {
      return slot(merchantId).version;
    },
    async get(merchantId, key) {
      const hit = merchants.get(merchantId)?.pages.get(key);
      return hit && hit.expires > now() ? hit.page : undefined;
    },
    async set(merchantId, key, page, version) {
      const s = slot(merchantId);
      if (s.version !== version) return;
      s.pages.set(key, { page, expires: now() + ttlMs });
      trim(s.pages, maxPagesPerMerchant);
    },
    async invalidate(merchantId) {
      const s = slot(merchantId);
      s.version = ++generation;
      s.pages.clear();
    },
    async clear() {
      for (const s of merchants.values()) {
        s.version = ++generation;
        s.pages.clear();
      }
    },
  };
}
