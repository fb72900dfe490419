/**
 * A shipping method's delivery window as dates: `min_days`–`max_days` are business days (Monday to Friday)
 * after the day the order is placed (docs/contract.md, "Delivery windows"), written in the shopper's locale
 * ("Tue, Dec 1 – Thu, Dec 3"). Public holidays differ by carrier and country and are not known here: the window
 * is an estimate, and says so ("Arrives …", "Estimated delivery …"). Zod-free: the widget's shipping step and
 * order page both use it, so it rides up front rather than in either's chunk.
 */

/** `from` plus `days` business days, Saturdays and Sundays skipped (day 0 is `from` itself). */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(from);
  for (let left = days; left > 0; ) {
    d.setDate(d.getDate() + 1);
    if (d.getDay() % 6) left--;
  }
  return d;
}

/** The window's first and last day as the shopper's locale writes them, one date when they are the same day. */
export function deliveryWindowText(minDays: number, maxDays: number, locale: string, from: Date): string {
  const f = new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric' });
  const first = addBusinessDays(from, minDays);
  const last = addBusinessDays(from, Math.max(minDays, maxDays));
  return first.toDateString() === last.toDateString() ? f.format(first) : f.formatRange(first, last);
}
