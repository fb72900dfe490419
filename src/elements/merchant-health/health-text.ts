/**
 * How `<tote-merchant-health>` words what the service reports: merchant names,
 * dates and numbers in the operator's locale, platform names, and upstream
 * constants such as `NOT_PUBLISHED`. Shared by the element and its row and
 * check renderers, so each says a thing the same way.
 */
import type { ConnectionHealthReport } from '../../contract/operations.js';
import type { MessageKey, Translate } from '../../i18n/localize.js';

export type { Translate };

/** The element's words for one render: its translations and its locale's formats. */
export interface HealthText {
  t: Translate;
  /** The merchant's name, or "Merchant <id>" when the report has none. */
  nameOf(report: Pick<ConnectionHealthReport, 'merchant_id' | 'merchant_name'>): string;
  /** A service timestamp as a medium date and short time; `undefined` when missing or unreadable. */
  date(iso: string | null | undefined): string | undefined;
  /** How long ago (or until) a timestamp, in minutes under an hour, else hours. */
  ago(iso: string): string;
  number(n: number): string;
}

export function healthText(t: Translate, locale: string): HealthText {
  return {
    t,
    nameOf: (report) => report.merchant_name || t('healthMerchantFallback', { id: report.merchant_id }),
    date(iso) {
      if (!iso) return undefined;
      // The service also writes offsets without a colon (`+0000`), which `Date` does not read everywhere.
      const date = new Date(iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
      if (Number.isNaN(date.getTime())) return undefined;
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    },
    ago(iso) {
      const minutes = Math.round((new Date(iso).getTime() - Date.now()) / 60_000);
      const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
      return Math.abs(minutes) < 60 ? rtf.format(minutes, 'minute') : rtf.format(Math.round(minutes / 60), 'hour');
    },
    number: (n) => new Intl.NumberFormat(locale).format(n),
  };
}

/** Platform names as their makers spell them; the service sends them as upper-case enum values. */
const PLATFORM_NAMES: Partial<Record<string, string>> = {
  SHOPIFY: 'Shopify',
  WOOCOMMERCE: 'WooCommerce',
  BIGCOMMERCE: 'BigCommerce',
  MAGENTO: 'Magento',
  SALESFORCE: 'Salesforce',
  SQUARESPACE: 'Squarespace',
  WIX: 'Wix',
  ECWID: 'Ecwid',
  SHOPWARE: 'Shopware',
  CUSTOM: 'Custom',
  OTHER: 'Other',
};

export const platformName = (p: string) => PLATFORM_NAMES[p.toUpperCase()] ?? codeText(p);

/** An upstream constant such as `NOT_PUBLISHED` as words ("Not published"); other text as it is. */
export function codeText(code: string): string {
  if (!/^[A-Z][A-Z0-9_]*$/.test(code)) return code;
  const words = code.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
