import type { Offer, Sku } from '../contract/catalog.js';
import type { ConnectionHealthReport, MerchantOnboarding } from '../contract/operations.js';
import type { Order } from '../contract/order.js';
import { MERCHANTS, type MerchantProfile } from './merchants.js';
import type { PaymentIntentRecord } from './payment-intent.js';
import { Platform } from './platform.js';
import { generateCatalog } from './seed.js';
import { seededRules } from './discount-rules.js';

export interface MerchantState {
  /** A copy of the seeded profile; onboarding and control routes change it. */
  profile: MerchantProfile;
  platform: Platform;
  /** The connection health report as last computed: stale until refreshed, like the real cache. */
  health?: ConnectionHealthReport;
  healthCheckedAt?: string;
  payoutAccountId?: string;
}

/** An offer as stored: parsed, or (injected with `?raw=true`) kept verbatim for hostile tests. */
export interface StoredOffer {
  offer: Offer;
  raw?: Record<string, unknown>;
}

export interface OrderRecord {
  order: Order;
  /** The payment token applied (never answered back). */
  paymentToken?: string;
  /** The cart's Stripe PaymentIntent (intent-based capture or a wallet cart), in `Store.paymentIntents`. */
  paymentIntentId?: string;
  submitted: boolean;
  /** A submit is running: other changes and a second submit wait for its outcome by answering 409. */
  submitting?: boolean;
}

const ID_START = { order: 50_000, bag: 60_000, orderSku: 70_000, fulfillment: 80_000, error: 90_000, transaction: 95_000, discount: 97_000, onboarding: 98_000, refund: 99_000, refundSku: 99_500 };

/** All state of one sandbox; `load` puts it back to what the seed gives. */
export class Store {
  merchants = new Map<number, MerchantState>();
  offers = new Map<number, StoredOffer>();
  skus = new Map<number, { sku: Sku; offer: Offer }>();
  orders = new Map<number, OrderRecord>();
  onboardings = new Map<number, MerchantOnboarding>();
  /** The merchants' platforms' discount codes, by upper-cased code (src/sandbox/discounts.ts). */
  discountCodes = seededRules();
  /** Stripe's side: PaymentIntents by id (src/sandbox/stripe.ts). */
  paymentIntents = new Map<string, PaymentIntentRecord>();
  /** Idempotency-Key → the stored answer of a non-idempotent call. */
  idempotent = new Map<string, { status: number; body: unknown }>();
  /** Idempotency keys whose first request is still running. */
  inFlight = new Map<string, Promise<unknown>>();
  private ids = { ...ID_START };

  constructor(
    public seed: number | string,
    readonly mediaBase: string,
  ) {
    this.load(seed);
  }

  load(seed: number | string): void {
    this.seed = seed;
    for (const m of this.merchants.values()) m.platform.clearFaults();
    this.merchants.clear();
    for (const profile of MERCHANTS) {
      const copy: MerchantProfile = structuredClone(profile);
      this.merchants.set(profile.id, { profile: copy, platform: new Platform(copy) });
    }
    this.offers.clear();
    this.skus.clear();
    for (const offer of generateCatalog(seed, this.mediaBase, MERCHANTS)) this.putOffer({ offer });
    this.orders.clear();
    this.onboardings.clear();
    this.discountCodes = seededRules();
    this.paymentIntents.clear();
    this.idempotent.clear();
    this.inFlight.clear();
    // Ids run on across resets: a real service never reuses one, and the BFF's
    // per-bag event ranks and caches rightly assume it does not.
  }

  nextId(kind: keyof typeof ID_START): number {
    return ++this.ids[kind];
  }

  putOffer(stored: StoredOffer): void {
    const previous = this.offers.get(stored.offer.id);
    for (const sku of previous?.offer.skus ?? []) this.skus.delete(sku.id);
    this.offers.set(stored.offer.id, stored);
    for (const sku of stored.offer.skus) this.skus.set(sku.id, { sku, offer: stored.offer });
  }

  merchant(id: number): MerchantState | undefined {
    return this.merchants.get(id);
  }
}
