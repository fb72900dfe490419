/**
 * Money in minor units, end to end. The exponent of each currency comes from
 * our own ISO 4217 table, not from `Intl`, whose defaults disagree with ISO
 * for some codes (Node 20 formats IQD with 0 decimals; ISO says 3).
 */

/**
 * The active ISO 4217 codes by their number of minor-unit digits, grouped by first letter: `A ED FN` is AED AFN.
 * Written out, the list cost the shopper's bundles 70 B brotli more.
 */
const BY_EXPONENT: [number, string][] = [
  [0, 'B IF,C LP,D JF,G NF,I SK,J PY,K MF RW,P YG,R WF,U GX YI,V ND UV,X AF OF PF'],
  [
    2,
    'A ED FN LL MD NG OA RS UD WG ZN,B AM BD DT GN MD ND OB OV RL SD TN WP YN ZD,' +
    'C AD DF HE HF HW NY OP OU RC UC UP VE ZK,D KK OP ZD,E GP RN TB UR,F JD KP,' +
    'G BP EL HS IP MD TQ YD,H KD NL TG UF,I DR LS NR RR,J MD,K ES GS HR PW YD ZT,L AK BP KR RD SL,' +
    'M AD DL GA KD MK NT OP RU UR VR WK XN XV YR ZN,N AD GN IO OK PR ZD,P AB EN GK HP KR LN,Q AR,' +
    'R ON SD UB,S AR BD CR DG EK GD HP LE LL OS RD SP TN VC YP ZL,T HB JS MT OP RY TD WD ZS,' +
    'U AH SD SN YU ZS,V ED ES,W ST,X CD CG,Y ER,Z AR MW WG WL',
  ],
  [3, 'B HD,I QD,J OD,K WD,L YD,O MR,T ND'],
  [4, 'C LF,U YW'],
];

const EXPONENTS: ReadonlyMap<string, number> = new Map(
  BY_EXPONENT.flatMap(([e, codes]) =>
    codes.split(',').flatMap((group) => {
      const [first, ...rest] = group.split(' ');
      return rest.map((tail) => [first + tail, e] as const);
    }),
  ),
);

export class UnknownCurrencyError extends Error {
  override name = 'UnknownCurrencyError';
  constructor(readonly currency: string) {
    super(`Unknown currency code "${currency}": expected an active ISO 4217 code such as USD`);
  }
}

export class CurrencyMismatchError extends Error {
  override name = 'CurrencyMismatchError';
  constructor(
    readonly left: string,
    readonly right: string,
  ) {
    super(`Cannot add ${right} to ${left}: amounts in different currencies are never added`);
  }
}

export class UnsafeAmountError extends Error {
  override name = 'UnsafeAmountError';
  constructor(readonly amount: unknown) {
    super(`Amount ${String(amount)} is not a safe integer in minor units`);
  }
}

export interface Money {
  /** Integer in the currency's minor unit. */
  amount: number;
  /** ISO 4217 code. */
  currency: string;
}

/** The number of minor-unit digits of an ISO 4217 currency (JPY 0, USD 2, KWD 3, CLF 4). */
export function currencyExponent(currency: string): number {
  const e = EXPONENTS.get(currency.toUpperCase());
  if (e === undefined) throw new UnknownCurrencyError(currency);
  return e;
}

export function isKnownCurrency(currency: string): boolean {
  return EXPONENTS.has(currency.toUpperCase());
}

function assertSafe(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new UnsafeAmountError(amount);
}

/** The exact decimal string of a minor-unit amount: `toDecimal(4999, 'USD')` → `"49.99"`. */
export function toDecimal(amount: number, currency: string): string {
  assertSafe(amount);
  const e = currencyExponent(currency);
  const digits = String(Math.abs(amount)).padStart(e + 1, '0');
  const whole = digits.slice(0, digits.length - e);
  const frac = digits.slice(digits.length - e);
  const sign = amount < 0 ? '-' : '';
  return e ? `${sign}${whole}.${frac}` : `${sign}${whole}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string | undefined, e: number): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: e,
      maximumFractionDigits: e,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Formats a minor-unit amount with the currency's ISO exponent. The decimal is
 * handed to `Intl` as a string, so no float rounding ever touches it.
 */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const code = currency.toUpperCase();
  const e = currencyExponent(code);
  // -0 is not a debt: show it as zero.
  const decimal = toDecimal(amount === 0 ? 0 : amount, code);
  return formatter(code, locale, e).format(decimal as unknown as number);
}

/** Reads back what `formatMoney` wrote for the same currency and locale. */
export function parseMoney(text: string, currency: string, locale?: string): number {
  const code = currency.toUpperCase();
  const e = currencyExponent(code);
  const f = formatter(code, locale, e);
  const parts = f.formatToParts(-1234567.5);
  const decimalSep = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  // Locales such as ar-EG write their own digits (٠١٢…): read them back as 0–9.
  const nativeDigits = new Map<string, string>();
  for (let d = 0; d <= 9; d++) {
    const glyph = f.formatToParts(d).find((p) => p.type === 'integer')?.value;
    if (glyph) nativeDigits.set(glyph, String(d));
  }
  let negative = /[-\u2212]/.test(text) || /^\(.*\)$/.test(text.trim());
  let whole = '';
  let frac = '';
  let inFrac = false;
  for (const ch of text) {
    const digit = ch >= '0' && ch <= '9' ? ch : nativeDigits.get(ch);
    if (digit !== undefined) {
      if (inFrac) frac += digit;
      else whole += digit;
    } else if (e > 0 && ch === decimalSep) inFrac = true;
  }
  const minor = Number((whole || '0') + frac.padEnd(e, '0').slice(0, e));
  assertSafe(minor);
  if (minor === 0) negative = false;
  return negative ? -minor : minor;
}

/** Adds two amounts of one currency; refuses to mix currencies or leave the safe-integer range. */
export function addMoney(a: Money, b: Money): Money {
  if (a.currency.toUpperCase() !== b.currency.toUpperCase()) throw new CurrencyMismatchError(a.currency, b.currency);
  assertSafe(a.amount);
  assertSafe(b.amount);
  const amount = a.amount + b.amount;
  assertSafe(amount);
  return { amount, currency: a.currency.toUpperCase() };
}

/** Totals per currency, in first-seen order: amounts in different currencies stay apart. */
export function sumByCurrency(items: Iterable<Money>): Money[] {
  const totals = new Map<string, Money>();
  for (const item of items) {
    const code = item.currency.toUpperCase();
    currencyExponent(code);
    const prev = totals.get(code) ?? { amount: 0, currency: code };
    totals.set(code, addMoney(prev, { amount: item.amount, currency: code }));
  }
  return [...totals.values()];
}

/** `unit × quantity`, checked. */
export function multiplyMoney(m: Money, quantity: number): Money {
  if (!Number.isSafeInteger(quantity)) throw new UnsafeAmountError(quantity);
  const amount = m.amount * quantity;
  assertSafe(amount);
  return { amount, currency: m.currency.toUpperCase() };
}
