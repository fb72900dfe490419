import type { Album, Collection, Metadata, Offer, Sku, Variant } from '../contract/catalog.js';
import { currencyExponent } from '../contract/money.js';
import { SEED_EPOCH_MS, serviceDate } from './dates.js';
import type { MerchantProfile } from './merchants.js';
import { createRng, type Rng } from './prng.js';
import { seedHtmlDescription } from './seed-descriptions.js';

/** Colours used by variants; media for a colour is drawn in it. */
export const COLOURS: Readonly<Record<string, string>> = {
  Red: '#c0392b',
  Navy: '#1f3a5f',
  Forest: '#2e7d32',
  Sand: '#d8c3a5',
  Charcoal: '#36454f',
  Ivory: '#efe9dc',
  Mustard: '#d4a017',
  Sky: '#6fb7d9',
  Plum: '#8e4585',
  Coral: '#ff7f50',
};

interface Theme {
  adjectives: string[];
  nouns: string[];
  sizes: string[];
  /** Price range in major units. */
  price: [number, number];
  material: string[];
  collections: string[];
}

const THEMES: Record<MerchantProfile['theme'], Theme> = {
  apparel: {
    adjectives: ['Merino', 'Organic', 'Heritage', 'Coastal', 'Alpine', 'Everyday', 'Vintage', 'Lightweight'],
    nouns: ['Crew Sweater', 'Field Jacket', 'Linen Shirt', 'Chino Trousers', 'Rain Parka', 'Oxford Shirt', 'Hoodie', 'T-Shirt'],
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    price: [18, 180],
    material: ['Merino wool', 'Organic cotton', 'Linen', 'Recycled polyester'],
    collections: ['New arrivals', 'Best sellers', 'Winter layers', 'Basics'],
  },
  stationery: {
    adjectives: ['Washi', 'Kraft', 'Dot-grid', 'Pocket', 'Studio', 'Travel', 'Hinoki', 'Indigo'],
    nouns: ['Notebook', 'Fountain Pen', 'Sketchbook', 'Letter Set', 'Pencil Case', 'Desk Planner', 'Tape Set'],
    sizes: ['A6', 'A5', 'A4'],
    price: [600, 16000],
    material: ['Tomoe River paper', 'Kraft board', 'Hinoki wood', 'Brass'],
    collections: ['Desk essentials', 'Gift ideas', 'Limited editions'],
  },
  home: {
    adjectives: ['Provençal', 'Lin', 'Atelier', 'Rustique', 'Céleste', 'Sablé', 'Parisienne'],
    nouns: ['Table Lamp', 'Throw Blanket', 'Cushion Cover', 'Candle', 'Vase', 'Tablecloth', 'Mirror'],
    sizes: ['Small', 'Medium', 'Large'],
    price: [15, 240],
    material: ['Stoneware', 'French linen', 'Soy wax', 'Oak'],
    collections: ['Living room', 'Bedroom', 'Nouveautés'],
  },
  outdoor: {
    adjectives: ['Highland', 'Moorland', 'Loch', 'Cairn', 'Glen', 'Heather'],
    nouns: ['Walking Socks', 'Waxed Jacket', 'Flask', 'Rucksack', 'Gaiters', 'Fleece', 'Bobble Hat'],
    sizes: ['S', 'M', 'L', 'XL'],
    price: [9, 160],
    material: ['Waxed cotton', 'Harris tweed', 'Stainless steel', 'Ripstop nylon'],
    collections: ['Trail kit', 'Rainy days', 'Gifts under £30'],
  },
  beauty: {
    adjectives: ['Oud', 'Saffron', 'Amber', 'Rose', 'Desert', 'Musk'],
    nouns: ['Eau de Parfum', 'Body Oil', 'Face Serum', 'Hand Cream', 'Hair Mist', 'Bakhoor Set'],
    sizes: ['30 ml', '50 ml', '100 ml'],
    price: [4, 65],
    material: ['Agarwood', 'Argan oil', 'Damask rose', 'Shea butter'],
    collections: ['Signature scents', 'Skin care', 'Gift sets'],
  },
  kitchen: {
    adjectives: ['Cast-iron', 'Enamel', 'Walnut', 'Copper', 'Stoneware', 'Carbon-steel'],
    nouns: ['Skillet', 'Dutch Oven', 'Cutting Board', 'Chef Knife', 'Mixing Bowl', 'Saucepan', 'Apron'],
    sizes: ['20 cm', '24 cm', '28 cm'],
    price: [14, 260],
    material: ['Cast iron', 'Black walnut', 'Copper', 'Carbon steel'],
    collections: ['Cookware', 'Tools', 'Gifts for cooks'],
  },
  toys: {
    adjectives: ['Wooden', 'Stacking', 'Rainbow', 'Felt', 'Pebble', 'Tiny'],
    nouns: ['Blocks', 'Puzzle', 'Train Set', 'Doll House', 'Xylophone', 'Animal Set'],
    sizes: ['Mini', 'Classic'],
    price: [8, 90],
    material: ['Beech wood', 'Wool felt', 'Natural rubber'],
    collections: ['Toddlers', 'Classics'],
  },
};

/** Id ranges, far apart so an id says what it is. */
export const ID_BASE = {
  offer: 10_000,
  sku: 200_000,
  variant: 300_000,
  variantValue: 400_000,
  album: 500_000,
  media: 600_000,
  collection: 700_000,
} as const;

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-');

const DAY = 86_400_000;


/**
 * Generates every merchant's catalog from the seed. Media URLs point at the
 * sandbox itself (`${mediaBase}/media/...svg`), so nothing reaches outside.
 */
export function generateCatalog(seed: number | string, mediaBase: string, merchants: readonly MerchantProfile[]): Offer[] {
  const rng = createRng(seed);
  const next = { ...ID_BASE };
  const take = (k: keyof typeof next) => next[k]++;
  const offers: Offer[] = [];

  for (const merchant of merchants) {
    const theme = THEMES[merchant.theme];
    const own = theme.collections.map((name): Collection => {
      const id = take('collection');
      const created = SEED_EPOCH_MS - rng.int(200, 700) * DAY;
      return {
        id,
        external_id: `col_${merchant.id}_${slug(name)}`,
        merchant_id: merchant.id,
        parent_id: null,
        name,
        handle: slug(name),
        description: `${name} at ${merchant.name}`,
        status: 'ACTIVE',
        type: 'CUSTOM',
        media: { source_url: `${mediaBase}/media/collections/${id}.svg`, alt: name, height: 400, width: 400, date_created: serviceDate(created) },
        date_created: serviceDate(created),
        date_last_modified: serviceDate(created + rng.int(1, 100) * DAY),
      };
    });
    for (let i = 0; i < merchant.offer_count; i++) {
      offers.push(generateOffer(rng, merchant, theme, own, i, mediaBase, take));
    }
  }
  return offers;
}

/** What every part of one generated offer draws on. */
interface OfferSeed {
  rng: Rng;
  merchant: MerchantProfile;
  theme: Theme;
  take: (k: keyof typeof ID_BASE) => number;
  mediaBase: string;
  offerId: number;
  name: string;
  /** The currency's exponent, and its minor units in one major unit. */
  exp: number;
  unit: number;
  created: number;
  modified: number;
}

type Combo = { size?: string; colour?: string };
type OfferMedia = Album['media'][number];

const mediaUrlOf = (seed: OfferSeed, key: string) => `${seed.mediaBase}/media/offers/${seed.offerId}/${key}.svg`;

/** Sizes and colours the offer comes in, and every combination of them (one SKU each). */
function variantLayout(rng: Rng, merchant: MerchantProfile, theme: Theme): { sizes: string[]; colours: string[]; combos: Combo[] } {
  const layout = merchant.theme === 'toys' ? rng.pick(['single', 'single', 'size'] as const) : rng.next() < 0.62 ? 'grid' : rng.next() < 0.5 ? 'size' : 'single';
  const sizes = layout === 'single' ? [] : rng.sample(theme.sizes, Math.min(theme.sizes.length, rng.int(2, 4)));
  const colours = layout === 'grid' ? rng.sample(Object.keys(COLOURS), rng.int(2, 3)) : [];
  const combos: Combo[] = [];
  if (layout === 'single') combos.push({});
  else for (const size of sizes) for (const colour of colours.length ? colours : [undefined]) combos.push({ size, colour });
  return { sizes, colours, combos };
}

/** The offer's album: a main image, a detail, one image per colour. */
function offerAlbum(seed: OfferSeed, colours: string[]): Album {
  const { offerId, name } = seed;
  const albumId = seed.take('album');
  const media = ['main', 'detail', ...colours.map(slug)].map((key, n) => ({
    id: seed.take('media'),
    album_id: albumId,
    external_id: `img_${offerId}_${key}`,
    cloud_id: null,
    url: mediaUrlOf(seed, key),
    source_url: mediaUrlOf(seed, key),
    type: 'IMAGE',
    display_order: n,
    alt_text: key === 'main' ? name : key === 'detail' ? `${name}, detail` : `${name} in ${colours[n - 2]}`,
    primary: n === 0,
  }));
  return { id: albumId, parent_id: offerId, type: 'OFFER', name, media, primary_media: media[0] };
}

/** One SKU of the offer: its price from the size, its stock, its colour's image. */
function generateSku(seed: OfferSeed, combo: Combo, n: number, basePrice: number, onSale: boolean, offerMedia: OfferMedia[]): Sku {
  const { rng, merchant, theme, exp, unit, offerId, name } = seed;
  const skuId = seed.take('sku');
  const sizeIndex = combo.size ? theme.sizes.indexOf(combo.size) : 0;
  const sale = basePrice + (exp === 0 ? sizeIndex * 100 : sizeIndex * unit);
  const tracked = !rng.chance(0.08);
  const outOfStock = tracked && rng.chance(0.13);
  const qty = outOfStock ? 0 : rng.chance(0.15) ? rng.int(1, 3) : rng.int(4, 60);
  const label = [combo.size, combo.colour].filter(Boolean).join(' / ');
  const colourMedia = combo.colour ? offerMedia.find((m) => m.url === mediaUrlOf(seed, slug(combo.colour!))) : undefined;
  const skuAlbumId = seed.take('album');
  return {
    id: skuId,
    offer_id: offerId,
    merchant_id: merchant.id,
    external_id: `${merchant.platform.toLowerCase()}_${skuId}`,
    name: label ? `${name} — ${label}` : name,
    asin: null,
    gtin: String(4_000_000_000_000 + skuId * 7),
    upc: null,
    ean: null,
    isbn: null,
    in_stock: !outOfStock,
    qty_available: tracked ? qty : null,
    inventory_tracked: tracked,
    sale_price: sale,
    retail_price: onSale ? Math.round((sale * 1.25) / Math.max(1, unit / 100)) * Math.max(1, unit / 100) : sale,
    currency: merchant.currency,
    external_currency: merchant.currency,
    presented_currency: merchant.currency,
    taxable: true,
    tax_type: merchant.theme === 'apparel' ? 'APPAREL' : 'DEFAULT',
    albums: colourMedia
      ? [{ id: skuAlbumId, parent_id: skuId, type: 'SKU', name: label, media: [{ ...colourMedia, album_id: skuAlbumId }], primary_media: { ...colourMedia, album_id: skuAlbumId } }]
      : [],
    variant_values: [
      ...(combo.size ? [{ variant: sizeVariantName(merchant), value: combo.size }] : []),
      ...(combo.colour ? [{ variant: 'Colour', value: combo.colour }] : []),
    ],
    type: 'PHYSICAL',
    status: outOfStock ? 'UNAVAILABLE' : 'AVAILABLE',
    date_created: serviceDate(seed.created),
    date_last_modified: serviceDate(seed.modified),
    sku_dimensions: { sku_id: skuId, weight: rng.int(1, 40) / 10, height: rng.int(2, 40), width: rng.int(5, 40), length: rng.int(5, 60), type: 'SKU' },
    shipping_dimensions: { sku_id: skuId, weight: rng.int(2, 45) / 10, height: rng.int(5, 45), width: rng.int(10, 45), length: rng.int(10, 65), type: 'SHIPPING' },
    metadata: [
      { version: 1, type: 'STRING', external_type: 'string', key: 'barcode_format', value: 'GTIN-13', external_id: null, source: 'EXTERNAL' },
      { version: 1, type: 'INTEGER', external_type: 'number_integer', key: 'warehouse_bin', value: rng.int(1, 400), external_id: null, source: 'EXTERNAL' },
    ],
    display_order: n,
  };
}

/** The offer's variants (size, then colour), each value naming the SKUs that have it. */
function generateVariants(seed: OfferSeed, sizes: string[], colours: string[], combos: Combo[], skus: Sku[]): Variant[] {
  const variants: Variant[] = [];
  const addVariant = (variantName: string, values: string[], key: 'size' | 'colour', visual: boolean) => {
    const variantId = seed.take('variant');
    variants.push({
      id: variantId,
      product_variant_id: `pv_${variantId}`,
      external_id: `opt_${seed.offerId}_${key}`,
      name: variantName,
      visual,
      display_order: variants.length,
      values: values.map((value, n) => {
        const valueId = seed.take('variantValue');
        return {
          id: valueId,
          product_variant_value_id: `pvv_${valueId}`,
          external_id: `optv_${seed.offerId}_${slug(value)}`,
          name: value,
          sku_ids: skus.filter((_, i) => combos[i]![key] === value).map((s) => s.id),
          display_order: n,
        };
      }),
    });
  };
  if (sizes.length) addVariant(sizeVariantName(seed.merchant), sizes, 'size', false);
  if (colours.length) addVariant('Colour', colours, 'colour', true);
  return variants;
}

/** The merchant's metafields on the offer: material, origin, care. */
function offerMetadata({ rng, merchant, offerId }: OfferSeed, material: string): Metadata[] {
  return [
    { version: 1, type: 'STRING', external_type: 'single_line_text_field', key: 'material', value: material, external_id: `mf_${offerId}_1`, source: 'EXTERNAL' },
    { version: 1, type: 'STRING', external_type: 'single_line_text_field', key: 'origin', value: merchant.country, external_id: `mf_${offerId}_2`, source: 'EXTERNAL' },
    { version: 1, type: 'JSON', external_type: 'json', key: 'care', value: { wash: rng.pick(['cold', 'hand', 'dry clean', 'wipe clean']), tumble_dry: rng.chance(0.3) }, external_id: `mf_${offerId}_3`, source: 'EXTERNAL' },
  ];
}

/** The offer's own seed: its id, name, price level and dates, drawn in this order. */
function offerSeed(rng: Rng, merchant: MerchantProfile, theme: Theme, mediaBase: string, take: OfferSeed['take']): OfferSeed & { basePrice: number } {
  const offerId = take('offer');
  const name = `${rng.pick(theme.adjectives)} ${rng.pick(theme.nouns)}`;
  const exp = currencyExponent(merchant.currency);
  const unit = 10 ** exp;
  // Yen prices end in tens; others in .00/.50/.99-like minor units.
  const basePrice =
    exp === 0
      ? rng.int(theme.price[0] / 10, theme.price[1] / 10) * 10
      : rng.int(theme.price[0], theme.price[1]) * unit + rng.pick([0, unit / 2, unit - unit / 100]);
  const modified = SEED_EPOCH_MS - rng.int(0, 540) * DAY - rng.int(0, 86_399) * 1000;
  const created = modified - rng.int(5, 400) * DAY;
  return { rng, merchant, theme, take, mediaBase, offerId, name, exp, unit, created, modified, basePrice };
}

function generateOffer(
  rng: Rng,
  merchant: MerchantProfile,
  theme: Theme,
  collections: Collection[],
  index: number,
  mediaBase: string,
  take: (k: keyof typeof ID_BASE) => number,
): Offer {
  const seed = offerSeed(rng, merchant, theme, mediaBase, take);
  const { offerId, name, created, modified } = seed;
  const { sizes, colours, combos } = variantLayout(rng, merchant, theme);
  const album = offerAlbum(seed, colours);
  const onSale = rng.chance(0.25);
  const skus = combos.map((combo, n) => generateSku(seed, combo, n, seed.basePrice, onSale, album.media));
  const variants = generateVariants(seed, sizes, colours, combos, skus);
  const material = rng.pick(theme.material);
  const metadata = offerMetadata(seed, material);
  const description = `${name} from ${merchant.name}. Made of ${material.toLowerCase()}; ${rng.pick(['built to last', 'made in small batches', 'a customer favourite', 'new this season'])}.`;
  const withHtml = rng.chance(0.35);
  const inStock = skus.some((s) => s.in_stock);
  const published = !(index === 5 && [1001, 1003, 1006].includes(merchant.id));
  const prices = skus.map((s) => s.sale_price);

  return {
    id: offerId,
    product_id: `prod_${offerId}`,
    external_id: `${merchant.platform.toLowerCase()}_product_${offerId}`,
    external_url: `${merchant.store_url}/products/${slug(name)}-${offerId}`,
    name,
    description,
    html_description: withHtml
      ? seedHtmlDescription({ offerId, name, text: description, material, country: merchant.country, storeUrl: merchant.store_url })
      : null,
    source: merchant.platform === 'SHOPIFY' ? 'SHOPIFY' : 'OTHER',
    seller: merchant.name,
    vendor: merchant.name,
    merchant_id: merchant.id,
    available: inStock,
    visible: published,
    min_price: Math.min(...prices),
    max_price: Math.max(...prices),
    currency: merchant.currency,
    external_currency: merchant.currency,
    source_category_name: rng.pick(theme.collections),
    metadata,
    variants,
    skus,
    albums: [album],
    type: 'PHYSICAL',
    status: inStock ? 'AVAILABLE' : 'UNAVAILABLE',
    publishing_status: published ? 'PUBLISHED' : 'NOT_PUBLISHED',
    date_created: serviceDate(created),
    date_last_modified: serviceDate(modified),
    date_last_consolidated: serviceDate(modified),
    three_d_enabled: false,
    three_d_resource: null,
    commission_rate: 15,
    currency_symbol: merchant.currency_symbol,
    presented_currency: merchant.currency,
    default_image_url: album.media[0]!.url,
    subscription_status: 'NOT_SUBSCRIBED',
    external_data: { platform_handle: slug(name), sandbox_index: index },
    collections: rng.sample(collections, rng.int(1, 2)),
    shipping: {
      message: `Ships from ${merchant.country} within ${rng.int(1, 4)} business days.`,
      methods: merchant.shipping.map(({ external_id, name: methodName, price, regions, conditions }) => ({ external_id, name: methodName, price, regions, conditions })),
    },
    tags: [...rng.sample(['gift', 'bestseller', 'new', 'sustainable', 'limited', 'handmade'], rng.int(1, 3)), ...(onSale ? ['sale'] : [])],
  };
}

const sizeVariantName = (m: MerchantProfile) => (m.theme === 'beauty' ? 'Volume' : 'Size');
