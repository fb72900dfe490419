/**
 * schema.org `Product`/`Offer` for the offers a server-rendered page shows, so search engines can show
 * price and availability (Google's "Product snippet" structured data: name, image, offers.price,
 * offers.priceCurrency, offers.availability). Built from the same shopper offers the grid shows; every value
 * is data inside `application/ld+json`, escaped by `scriptJson`.
 */
import type { WidgetOffer } from '../contract/api.js';
import { isKnownCurrency, toDecimal } from '../contract/money.js';
import { offerImage, offerInStock, priceRange } from '../state/offer.js';
import { scriptJson } from './json.js';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/** One offer as a schema.org `Product`; undefined for an offer without a price we can state. */
export function productJsonLd(offer: WidgetOffer, pageUrl?: string): Record<string, unknown> | undefined {
  const range = priceRange(offer);
  if (!range || !isKnownCurrency(offer.currency)) return undefined;
  const currency = offer.currency.toUpperCase();
  const seller = offer.merchant_name || offer.seller;
  const common = {
    priceCurrency: currency,
    availability: offerInStock(offer) ? IN_STOCK : OUT_OF_STOCK,
    ...(seller ? { seller: { '@type': 'Organization', name: seller } } : {}),
    ...(pageUrl ? { url: pageUrl } : {}),
  };
  const offers =
    range.min === range.max
      ? { '@type': 'Offer', price: toDecimal(range.min, currency), ...common }
      : { '@type': 'AggregateOffer', lowPrice: toDecimal(range.min, currency), highPrice: toDecimal(range.max, currency), offerCount: offer.skus.length, ...common };
  const image = offerImage(offer)?.url;
  return {
    '@type': 'Product',
    name: offer.name,
    productID: String(offer.id),
    ...(image && /^https?:/i.test(image) ? { image } : {}),
    ...(offer.description ? { description: offer.description.slice(0, 5_000) } : {}),
    ...(seller ? { brand: { '@type': 'Brand', name: seller } } : {}),
    offers,
  };
}

/** `<script type="application/ld+json">` with the offers' products (an `ItemList` for several). */
export function offersJsonLd(offers: readonly WidgetOffer[], pageUrl?: string): string {
  const products = offers.map((o) => productJsonLd(o, pageUrl)).filter((p) => p !== undefined);
  if (!products.length) return '';
  const data =
    products.length === 1
      ? { '@context': 'https://schema.org', ...products[0] }
      : {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          itemListElement: products.map((item, i) => ({ '@type': 'ListItem', position: i + 1, item })),
        };
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}
