/**
 * Server rendering of the catalogue: `<tote-provider>` with its grid's first page, or one product's card, as
 * HTML with declarative shadow DOM. Each rendered element carries its hydration data in a
 * `<script type="application/json" data-tote-ssr>`; the page gets schema.org JSON-LD for the products shown.
 * See docs/ssr.md.
 */
import { html, nothing } from 'lit';
import { OfferResponseSchema, OffersResponseSchema, type OffersResponse, type WidgetOffer } from '../contract/api.js';
import { loadMessages } from '../i18n/localize.js';
import '../elements/offer-grid/offer-grid.js';
import '../elements/offer-card/offer-card.js';
import { escapeAttribute } from './json.js';
import { offersJsonLd } from './json-ld.js';
import { dataScript, DEFAULT_STYLES_BASE, renderToString } from './render.js';

/** Where the server finds the offers: given, from the BFF handler in this process, or from the BFF over HTTP. */
export interface OfferSource {
  /**
   * The BFF in this process (`createBff(config)` of tote-checkout-server): asked with a `Request`, no network hop.
   * Typed by what is called rather than as `BffHandler`, whose declarations live in the server package: the widget's
   * types must not name a module it does not ship.
   */
  bff?: (request: Request) => Promise<Response>;
  /** The BFF's absolute base URL, fetched over HTTP (e.g. `http://127.0.0.1:8080/api`). */
  bffUrl?: string;
}

export interface RenderOptions {
  /** The BFF's base URL as the shopper's browser reaches it: the provider's `endpoint` (default `/api`). */
  endpoint?: string;
  /** BCP 47 locale of the text and prices (the provider's `locale`); default English. */
  locale?: string;
  /** URL prefix the elements' stylesheets are served under (`ssrStylesheets()`); default `/tote-ssr/`. */
  stylesBase?: string;
  /** The page's absolute URL, for the products' JSON-LD `offers.url`. */
  pageUrl?: string;
}

export interface RenderCatalogOptions extends RenderOptions, OfferSource {
  /** The first page itself (`GET /api/offers` answer); otherwise fetched from `bff` or `bffUrl`. */
  page?: OffersResponse;
  /** The grid's `merchant-id`: one merchant's offers. */
  merchantId?: number;
  /** The grid's `page-size` (default 24): the server renders this many; paging goes on from there. */
  pageSize?: number;
  /** The grid's `manual`: paging by "Load more" only. */
  manual?: boolean;
  /** More `<tote-provider>` attributes (`checkout-url`, `add-feedback`, `currency`, …), escaped. */
  providerAttributes?: Record<string, string>;
  /** The shop's own markup inside the provider around the grid (trusted: it is the shop's): gets the grid's HTML. */
  content?: (grid: string) => string;
}

export interface RenderOfferCardOptions extends RenderOptions, OfferSource {
  /** The offer to render, or its id to fetch from `bff`/`bffUrl`. */
  offer?: WidgetOffer;
  offerId?: number;
}

const DEFAULT_PAGE_SIZE = 24;

/** GET from the BFF (in process or over HTTP): the answer's JSON, or an error saying what failed. */
async function fromBff(source: OfferSource, endpoint: string, path: string): Promise<unknown> {
  let response: Response;
  if (source.bff) response = await source.bff(new Request(new URL(`${endpoint.replace(/\/+$/, '')}${path}`, 'http://localhost')));
  else if (source.bffUrl) response = await fetch(`${source.bffUrl.replace(/\/+$/, '')}${path}`, { headers: { accept: 'application/json' } });
  else throw new Error('tote-checkout/ssr: give the offers, `bff` or `bffUrl`');
  if (!response.ok) throw new Error(`tote-checkout/ssr: GET ${path} answered ${response.status}`);
  return response.json();
}

async function firstPage(options: RenderCatalogOptions, endpoint: string, size: number): Promise<OffersResponse> {
  if (options.page) return options.page;
  const query = new URLSearchParams({ size: String(size) });
  if (options.merchantId) query.set('merchant_id', String(options.merchantId));
  return OffersResponseSchema.parse(await fromBff(options, endpoint, `/offers?${query}`));
}

/** The strings of the catalogue in `locale` (a lazily loaded language), before anything renders in it. */
async function catalogStrings(locale: string | undefined): Promise<void> {
  await loadMessages(locale, 'catalog');
}

function attributes(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k.replace(/[^a-z0-9-]/gi, '')}="${escapeAttribute(v!)}"`)
    .join('');
}

/**
 * `<tote-offer-grid>` with its first page rendered, and the JSON-LD of the products on it. When the offers
 * cannot be had, the grid is sent empty and loads in the browser as it does without a server.
 */
export async function renderOfferGrid(options: RenderCatalogOptions): Promise<string> {
  const endpoint = options.endpoint ?? '/api';
  const size = options.pageSize ?? DEFAULT_PAGE_SIZE;
  let page: OffersResponse | undefined;
  try {
    page = await firstPage(options, endpoint, size);
  } catch (e) {
    console.warn(String(e), '— the grid loads in the browser');
  }
  await catalogStrings(options.locale);
  const grid = html`<tote-offer-grid
    locale=${options.locale ?? nothing}
    page-size=${size}
    merchant-id=${options.merchantId ?? nothing}
    ?manual=${options.manual ?? false}
    .initialPage=${page}
    >${page ? dataScript({ initialPage: page }) : nothing}</tote-offer-grid
  >`;
  const rendered = await renderToString(grid, options.stylesBase ?? DEFAULT_STYLES_BASE);
  return rendered + (page ? offersJsonLd(page.offers, options.pageUrl) : '');
}

/** `<tote-provider>` around the shop's content and the grid's first page (see `renderOfferGrid`). */
export async function renderCatalog(options: RenderCatalogOptions): Promise<string> {
  const grid = await renderOfferGrid(options);
  const provider = attributes({ ...options.providerAttributes, endpoint: options.endpoint ?? '/api', locale: options.locale });
  return `<tote-provider${provider}>${options.content ? options.content(grid) : grid}</tote-provider>`;
}

/** A product page's `<tote-offer-card>` (the offer rendered, its data for hydration) and its product's JSON-LD. */
export async function renderOfferCard(options: RenderOfferCardOptions): Promise<string> {
  const endpoint = options.endpoint ?? '/api';
  const offer =
    options.offer ?? OfferResponseSchema.parse(await fromBff(options, endpoint, `/offers/${encodeURIComponent(String(options.offerId))}`)).offer;
  await catalogStrings(options.locale);
  const card = html`<tote-offer-card locale=${options.locale ?? nothing} offer-id=${offer.id} .offer=${offer}
    >${dataScript({ offer })}</tote-offer-card
  >`;
  return (await renderToString(card, options.stylesBase ?? DEFAULT_STYLES_BASE)) + offersJsonLd([offer], options.pageUrl);
}
