/** A shipping method's delivery window as the quote carries it: both ends, in order, or none (docs/contract.md, "Delivery windows"). */
export function deliveryWindowOf(m: { min_days?: number | null; max_days?: number | null }): { min_days?: number; max_days?: number } {
  return m.min_days != null && m.max_days != null && m.min_days <= m.max_days ? { min_days: m.min_days, max_days: m.max_days } : {};
}
