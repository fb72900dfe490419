import type { OfferShippingMethod } from '../contract/catalog.js';

/** A shipping method of a merchant, with the id carts and estimates refer to. */
export type MerchantShippingMethod = OfferShippingMethod & {
  shipping_method_id: string;
  carrier: 'USPS' | 'UPS' | 'FEDEX' | 'DHL' | 'OTHER';
  type: 'FLAT_RATE_PRICE' | 'CALCULATED';
  /** Delivery window in business days after the order (our addition, docs/contract.md "Delivery windows"). */
  min_days: number;
  max_days: number;
};

/** The seeded facts about one merchant and its commerce platform. */
export interface MerchantProfile {
  id: number;
  name: string;
  email: string;
  platform: string;
  currency: string;
  currency_symbol: string;
  country: string;
  store_url: string;
  distribution_type: 'PUBLIC' | 'PRIVATE';
  /** Offers generated for this merchant. */
  offer_count: number;
  theme: 'apparel' | 'home' | 'stationery' | 'outdoor' | 'beauty' | 'kitchen' | 'toys';
  /** Simple tax rule: `rate` (a fraction) applies when the shipping country is listed. */
  /** `included`: prices are VAT-inclusive (UK and EU consumer prices), the tax is inside them, not added. */
  tax: { rate: number; countries: string[]; label: string; included?: boolean };
  shipping: MerchantShippingMethod[];
  /** Scopes the platform app lacks; non-empty makes the merchant need attention. */
  missing_scopes: string[];
  /** Payout account requirements still due; non-empty makes the merchant need attention. */
  payout_currently_due: string[];
  /** The platform's own limit: a token bucket of `burst` calls refilled at `per_second`. */
  rate_limit: { burst: number; per_second: number };
}

export const REQUIRED_SCOPES = ['read_products', 'read_inventory', 'write_orders', 'read_shipping', 'write_checkouts'];

const price = (amount: number, currency: string) => ({ amount, currency });

function methods(
  merchantId: number,
  currency: string,
  countries: string[],
  standard: number,
  express: number,
  freeOver: number,
): MerchantShippingMethod[] {
  return [
    {
      shipping_method_id: `${merchantId}-standard`,
      external_id: `ship_${merchantId}_std`,
      name: 'Standard shipping',
      carrier: 'USPS',
      type: 'FLAT_RATE_PRICE',
      // USPS Ground Advantage: 2–5 business days, plus a day to pack.
      min_days: 3,
      max_days: 6,
      price: price(standard, currency),
      regions: { countries },
      conditions: [],
    },
    {
      shipping_method_id: `${merchantId}-express`,
      external_id: `ship_${merchantId}_exp`,
      name: 'Express shipping',
      carrier: 'UPS',
      // Carrier-calculated rates: the SDK's `CALCULATED` (violet-swift `OrderShippingMethod.ModelType`).
      type: 'CALCULATED',
      // UPS 2nd Day Air once packed.
      min_days: 2,
      max_days: 3,
      price: price(express, currency),
      regions: { countries },
      conditions: [
        // Express is only offered for orders up to a limit (heavy carts go standard).
        { price: price(freeOver * 4, currency), type: 'TOTAL_PRICE', operator: 'LESS_THAN_OR_EQUAL_TO' },
      ],
    },
    {
      shipping_method_id: `${merchantId}-free`,
      external_id: `ship_${merchantId}_free`,
      name: 'Free shipping',
      carrier: 'OTHER',
      // A free method is a flat rate of 0, as the service sends one (test/conformance/fixtures/swift-demo.cart-74445.json, "Economy").
      type: 'FLAT_RATE_PRICE',
      // The slowest, consolidated service.
      min_days: 5,
      max_days: 9,
      price: price(0, currency),
      regions: { countries },
      conditions: [{ price: price(freeOver, currency), type: 'TOTAL_PRICE', operator: 'GREATER_THAN_OR_EQUAL_TO' }],
    },
  ];
}

const NORTH_AMERICA = ['US', 'CA'];
const EUROPE = ['FR', 'DE', 'NL', 'BE', 'ES', 'IT', 'GB', 'IE', 'US'];

export const MERCHANTS: readonly MerchantProfile[] = [
  {
    id: 1001,
    name: 'Aurora Outfitters',
    email: 'o****@aurora-outfitters.example',
    platform: 'SHOPIFY',
    currency: 'USD',
    currency_symbol: '$',
    country: 'US',
    store_url: 'https://aurora-outfitters.myshopify.example',
    distribution_type: 'PRIVATE',
    offer_count: 32,
    theme: 'apparel',
    tax: { rate: 0.0825, countries: ['US'], label: 'Sales tax' },
    shipping: methods(1001, 'USD', NORTH_AMERICA, 599, 1899, 7500),
    missing_scopes: [],
    payout_currently_due: [],
    rate_limit: { burst: 80, per_second: 40 },
  },
  {
    id: 1002,
    name: 'Kumo Goods',
    email: 's****@kumo-goods.example',
    platform: 'BIGCOMMERCE',
    currency: 'JPY',
    currency_symbol: '¥',
    country: 'JP',
    store_url: 'https://kumo-goods.bigcommerce.example',
    distribution_type: 'PRIVATE',
    offer_count: 26,
    theme: 'stationery',
    tax: { rate: 0.1, countries: ['JP'], label: 'Consumption tax' },
    shipping: methods(1002, 'JPY', ['JP', 'US', 'GB', 'FR', 'DE', 'CA', 'BR'], 800, 2400, 10000),
    missing_scopes: [],
    payout_currently_due: [],
    rate_limit: { burst: 60, per_second: 30 },
  },
  {
    id: 1003,
    name: 'Maison Lumière',
    email: 'b****@maison-lumiere.example',
    platform: 'WOOCOMMERCE',
    currency: 'EUR',
    currency_symbol: '€',
    country: 'FR',
    store_url: 'https://maison-lumiere.example',
    distribution_type: 'PRIVATE',
    offer_count: 24,
    theme: 'home',
    tax: { rate: 0.2, countries: ['FR', 'DE', 'NL', 'BE', 'ES', 'IT', 'IE'], label: 'VAT' },
    shipping: methods(1003, 'EUR', EUROPE, 690, 1490, 9000),
    missing_scopes: [],
    payout_currently_due: [],
    rate_limit: { burst: 60, per_second: 30 },
  },
  {
    id: 1004,
    name: 'Thistle & Co',
    email: 'h****@thistle-co.example',
    platform: 'MAGENTO',
    currency: 'GBP',
    currency_symbol: '£',
    country: 'GB',
    store_url: 'https://thistle-co.example',
    distribution_type: 'PRIVATE',
    offer_count: 22,
    theme: 'outdoor',
    // A UK shop prices for consumers with VAT inside (the sandbox's VAT-inclusive merchant, docs/sandbox.md).
    tax: { rate: 0.2, countries: ['GB'], label: 'VAT', included: true },
    shipping: methods(1004, 'GBP', ['GB', 'IE', 'FR', 'DE', 'US'], 495, 1295, 6000),
    missing_scopes: [],
    payout_currently_due: [],
    rate_limit: { burst: 60, per_second: 30 },
  },
  {
    id: 1005,
    name: 'Dune Atelier',
    email: 'c****@dune-atelier.example',
    platform: 'SALESFORCE',
    currency: 'KWD',
    currency_symbol: 'KD',
    country: 'KW',
    store_url: 'https://dune-atelier.example',
    distribution_type: 'PRIVATE',
    offer_count: 20,
    theme: 'beauty',
    tax: { rate: 0.05, countries: ['KW', 'AE', 'SA'], label: 'VAT' },
    // KWD has three minor digits: 1500 is 1.500 KD.
    shipping: methods(1005, 'KWD', ['KW', 'AE', 'SA', 'US', 'GB'], 1500, 4500, 30000),
    missing_scopes: [],
    payout_currently_due: [],
    rate_limit: { burst: 40, per_second: 20 },
  },
  {
    id: 1006,
    name: 'Cedar Lane Kitchen',
    email: 'k****@cedar-lane.example',
    platform: 'CUSTOM',
    currency: 'USD',
    currency_symbol: '$',
    country: 'US',
    store_url: 'https://cedar-lane.example',
    // Public distribution: listed by connection health only with exclude_public=false.
    distribution_type: 'PUBLIC',
    offer_count: 22,
    theme: 'kitchen',
    tax: { rate: 0.06, countries: ['US'], label: 'Sales tax' },
    shipping: methods(1006, 'USD', NORTH_AMERICA, 799, 2199, 10000),
    missing_scopes: [],
    payout_currently_due: [],
    rate_limit: { burst: 60, per_second: 30 },
  },
  {
    id: 1007,
    name: 'Pebble Works',
    email: 'p****@pebble-works.example',
    platform: 'OTHER',
    currency: 'USD',
    currency_symbol: '$',
    country: 'US',
    store_url: 'https://pebble-works.example',
    distribution_type: 'PRIVATE',
    offer_count: 12,
    theme: 'toys',
    tax: { rate: 0.07, countries: ['US'], label: 'Sales tax' },
    shipping: methods(1007, 'USD', NORTH_AMERICA, 650, 1650, 5000),
    missing_scopes: ['write_orders', 'read_shipping'],
    payout_currently_due: ['external_account', 'individual.verification.document', 'tos_acceptance.date'],
    rate_limit: { burst: 40, per_second: 20 },
  },
];

export const needsAttention = (m: Pick<MerchantProfile, 'missing_scopes' | 'payout_currently_due'>) =>
  m.missing_scopes.length > 0 || m.payout_currently_due.length > 0;

/**
 * The Merchant entity, as the service sends it as the body of merchant
 * webhooks (not `{ merchant_id }`); the reason travels in `X-Service-Reason`.
 */
export function merchantEntity(m: MerchantProfile) {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    platform: m.platform,
    store_url: m.store_url,
    status: 'ACTIVE',
    default_country_code: m.country,
    default_currency: m.currency,
    currency_symbol: m.currency_symbol,
    distribution_type: m.distribution_type,
    commission_rate: 15,
  };
}
