/**
 * The discount codes a sandbox merchant's platform knows (src/sandbox/discounts.ts applies them): their rules,
 * and the seeded three every reset brings back. A module of its own: the store holds them, and imports nothing
 * of what handles requests.
 */
export interface DiscountRule {
  /** As created; matched without regard to case, as the platforms do. */
  code: string;
  value_type: 'PERCENTAGE' | 'AMOUNT';
  /** Percent for PERCENTAGE; for AMOUNT, hundredths of one unit of the merchant's own currency (500 = 5.00 of it). */
  value: number;
  /** The merchants whose store has this code; absent: every merchant's. */
  merchant_ids?: number[];
  /** The SKUs it is for; absent: every item. */
  sku_ids?: number[];
  /** Hundredths of one unit of the merchant's own currency the items it is for must come to. */
  min_subtotal?: number;
  /** Epoch ms after which the code is expired. */
  expires_at?: number;
  /** How many orders may use it; counted when a bag carrying it is submitted. */
  usage_limit?: number;
  used: number;
}

/** Codes every sandbox merchant's platform knows after a reset. */
export const SEEDED_CODES: readonly Omit<DiscountRule, 'used'>[] = [
  { code: 'TOTE10', value_type: 'PERCENTAGE', value: 10 },
  { code: 'TOTE5OFF', value_type: 'AMOUNT', value: 500 },
  { code: 'SUMMER2025', value_type: 'PERCENTAGE', value: 20, expires_at: Date.UTC(2025, 8, 1) },
];

export const seededRules = () => new Map(SEEDED_CODES.map((r) => [r.code.toUpperCase(), { ...r, used: 0 }]));

