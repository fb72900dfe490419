import { html, nothing, type PropertyValues } from 'lit';
import type { OffersResponse, WidgetOffer } from '../../contract/api.js';
import { ApiRequestError, type ToteApi } from '../../state/api-client.js';
import { Loader } from '../../state/loader.js';
import type { ProvidedName } from '../internal/provider-controller.js';
import type { MessageArea } from '../../i18n/localize.js';
import { ToteElement } from '../internal/tote-element.js';
import { baseStyles, tokens } from '../internal/styles.js';
import { BusyWait, renderBusyText } from '../internal/busy-wait.js';
import { offerStatusStyles, skeletonCard } from '../internal/offer-status.js';
import { offerGridStyles } from './offer-grid.styles.js';
import '../../i18n/areas/catalog.js';

const SKELETON_CARDS = 8;
/**
 * Cards rendered at first, and added each time the shopper scrolls near the last: a host's 10,000 offers cost
 * what is on screen, not what was given. Pages the grid loads itself are shown whole (the shopper paged to them).
 */
const RENDER_STEP = 48;

type Status = 'idle' | 'loading' | 'ready' | 'error' | 'busy';

let instances = 0;

/**
 * @summary The offers of one merchant (`merchant-id`) or of every shoppable
 * merchant, page by page: "Load more" and loading on scroll, a skeleton while
 * loading, an empty state, an error state with retry, and a "<merchant> is
 * busy" state that retries by itself when the BFF answers 429.
 *
 * @event tote-cart-add - From a card or its variant picker (cancelable).
 * @event tote-sku-select - From a variant picker.
 * @event tote-offer-list-view - Offers came into view (`detail.offers`), each once per grid.
 * @event tote-offer-view - From a variant picker opened by a card.
 *
 * @csspart base - The grid section.
 * @csspart list - The list of cards.
 * @csspart card - Each `<tote-offer-card>` (its own parts are exported as `card-*`).
 * @csspart notice - The error, empty and busy messages.
 * @csspart retry-button - "Try again".
 * @csspart load-more - "Load more".
 *
 * @cssproperty --tote-offer-grid-min-column-width - Narrowest column before the grid wraps (default 15rem).
 * @cssproperty --tote-offer-grid-gap - Space between cards.
 * @cssproperty --tote-offer-grid-background - Behind the cards and messages (default: the surface colour).
 */
export class ToteOfferGrid extends ToteElement {
  static override messageArea: MessageArea = 'catalog';

  static override styles = [tokens, baseStyles, offerStatusStyles, offerGridStyles];

  static override properties = {
    api: { state: true },
    loaded: { state: true },
    shown: { state: true },
    merchantId: { attribute: 'merchant-id', type: Number },
    pageSize: { attribute: 'page-size', type: Number },
    manual: { type: Boolean },
    offers: { attribute: false },
    initialPage: { attribute: false },
  };

  static override provided: readonly ProvidedName[] = ['api'];

  declare private api?: ToteApi;

  private loaded: WidgetOffer[] = [];
  /** A page is shown: later loads add pages to it. */
  #ready = false;
  /** Whether the page loading (or last loaded) is the first. */
  #reset = true;
  /** One page: the first (`reset`, the list starts again) or the next, added to the list. */
  readonly #pages = new Loader<readonly [ToteApi, boolean], OffersResponse>(this, {
    autoRun: false,
    task: ([api, reset], { signal }) =>
      api.listOffers(
        { merchant_id: this.merchantId || undefined, cursor: reset ? undefined : (this.#nextCursor ?? undefined), size: this.pageSize },
        { key: this.#flightKey, signal },
      ),
    onComplete: (page) => this.#show(page),
    onError: (e) => {
      if (e instanceof ApiRequestError && e.rateLimited && this.api) this.#startBusy(e, this.api, this.#reset);
    },
  });
  /** How many of the offers are rendered (see RENDER_STEP). */
  private shown = RENDER_STEP;
  /** A busy shop's wait (429): the grid retries by itself when it is over. */
  readonly #wait = new BusyWait(this);

  // A getter, not lit's `@query`: the shopper's bundles then carry no query decorator at all.
  get #sentinel(): HTMLElement | null {
    return this.renderRoot.querySelector('.sentinel');
  }

  readonly #flightKey = `tote-offer-grid-${++instances}`;
  readonly #seen = new Set<number>();
  readonly #merchantNames = new Map<number, string>();
  #nextCursor: string | null | undefined;
  #observer?: IntersectionObserver;
  #revealer?: IntersectionObserver;
  /** Offers already announced with `tote-offer-list-view`, and whether the list is in view. */
  readonly #viewed = new Set<number>();
  #listVisible = false;
  #listObserver?: IntersectionObserver;

  /** Show one merchant's offers; absent, every shoppable merchant's. */
  declare merchantId?: number;

  /** Offers per page (1–100). */
  pageSize = 24;

  /** Only the "Load more" button pages; no loading on scroll. */
  manual = false;

  /** Offers given by the host: shown as they are, nothing is fetched. */
  declare offers?: WidgetOffer[];

  /**
   * The first page as the server rendered it (`tote-checkout/ssr`): shown without a request, and paging goes on
   * from its `next_cursor`. Set before the grid first renders (the server's hydration data does).
   */
  declare initialPage?: OffersResponse;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated && this.status === 'idle') void this.#load(true);
    // Offers are announced (`tote-offer-list-view`) once any of the grid is in view; a later page's as it comes while it is.
    this.#listObserver ??= new IntersectionObserver((entries) => {
      this.#listVisible = entries.at(-1)!.isIntersecting;
      this.#announceViewed();
    });
    this.#listObserver.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#listObserver?.disconnect();
    this.#revealer?.disconnect();
    this.#revealer = undefined;
  }

  /** Where the first page stands (the Loader's status; a page shown is `ready`, a busy shop's wait `busy`). */
  private get status(): Status {
    if (this.#ready) return 'ready';
    if (this.#wait.active) return 'busy';
    return (['idle', 'loading', 'idle', 'error'] as const)[this.#pages.status];
  }

  /** A next page is loading. */
  private get loadingMore(): boolean {
    return this.#pages.status === 1 && !this.#reset;
  }

  /** The next page failed (a busy shop's wait is not a failure: it retries by itself). */
  private get moreFailed(): boolean {
    return this.#pages.status === 3 && !this.#reset && !this.#wait.active;
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('offers')) this.shown = RENDER_STEP;
    if (changed.has('initialPage') && this.initialPage && this.status === 'idle') this.#show(this.initialPage);
    // A first value (attributes, the provider's client) loads what is idle; only a later change reloads.
    const source = (changed.has('api') && changed.get('api')) || (this.hasUpdated && (changed.has('merchantId') || changed.has('pageSize')));
    if (!this.offers && this.api && (source || this.status === 'idle')) void this.#load(true);
  }

  /**
   * A card off screen is not drawn (`content-visibility: auto` on the items) and holds a size until it is: a real
   * card's height, not a guess (its width is its grid column's). Cards shorter than real ones would pull the grid's
   * end into view and page on with no shopper scrolling (WebKit, a server-rendered grid), and a card scrolled to would
   * change size under a tap. Until measured they hold 38rem (the styles), a card's height at 1280 px, the tallest usual.
   */
  protected override firstUpdated(): void {
    // Measured whenever the grid changes size (cards drawn or added, a new width), in the next frame (a layout read or
    // a size changed in the observer's callback is a "loop" error in WebKit): the first card's height (read even when
    // it is not drawn), set in a stylesheet of the grid's own (the CSSOM, which a strict CSP allows; the shop's
    // element gets no style attribute). The sentinel's observer sees the grid's end move by itself. Never
    // disconnected: it watches this grid only, and watches on if the grid is moved (the client only: a server renders
    // no `firstUpdated`).
    const sheet = new CSSStyleSheet();
    const root = this.shadowRoot!;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    new ResizeObserver(() =>
      requestAnimationFrame(() => {
        const height = root.querySelector('tote-offer-card')?.offsetHeight;
        if (height) sheet.replaceSync(`:host{--_item-block-size:${height}px}`);
      }),
    ).observe(this);
  }

  protected override updated(): void {
    this.#watchSentinel();
    this.#announceViewed();
    this.#watchReveal();
  }

  #announceViewed(): void {
    if (!this.#listVisible) return;
    // `add` answers the set (truthy): each offer not seen yet is kept and marked seen in one pass.
    const offers = (this.offers ?? this.loaded).filter((o) => !this.#viewed.has(o.id) && this.#viewed.add(o.id));
    if (offers.length) this.emit('tote-offer-list-view', { offers });
  }

  /** Reloads from the first page. */
  async reload(): Promise<void> {
    await this.#load(true);
  }

  /** Loads the next page, if there is one. */
  async loadMore(): Promise<void> {
    await this.#load(false);
  }

  async #load(reset: boolean): Promise<void> {
    const api = this.api;
    if (!api || this.offers) return;
    if (!reset && (!this.#nextCursor || this.loadingMore || this.#wait.active || this.status !== 'ready')) return;
    this.#wait.stop();
    if (reset) {
      this.loaded = [];
      this.#seen.clear();
      this.#viewed.clear();
      this.#nextCursor = undefined;
      this.#ready = false;
    }
    this.#reset = reset;
    await this.#pages.run([api, reset]);
  }

  /** Appends a page's offers not shown yet; the next page starts at its cursor. */
  #show(page: OffersResponse): void {
    const fresh = page.offers.filter((o) => !this.#seen.has(o.id));
    for (const o of fresh) {
      this.#seen.add(o.id);
      if (o.merchant_name) this.#merchantNames.set(o.merchant_id, o.merchant_name);
    }
    this.loaded = [...this.loaded, ...fresh];
    this.shown = Math.max(this.shown, this.loaded.length);
    this.#nextCursor = page.next_cursor;
    this.#ready = true;
  }

  #startBusy(error: ApiRequestError, api: ToteApi, reset: boolean): void {
    this.#wait.start(error, api, () => void this.#load(reset), (id) => this.#merchantNames.get(id));
  }

  /** Near the last rendered card (and again while it stays near), the next RENDER_STEP cards render. */
  #watchReveal(): void {
    const reveal = this.renderRoot.querySelector('.reveal');
    this.#revealer?.disconnect();
    if (!reveal) return;
    this.#revealer ??= new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) this.shown += RENDER_STEP;
      },
      { rootMargin: '0px 0px 800px 0px' },
    );
    this.#revealer.observe(reveal);
  }

  #watchSentinel(): void {
    const sentinel = this.#sentinel;
    if (!sentinel || this.manual) {
      this.#observer?.disconnect();
      return;
    }
    this.#observer ??= new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void this.#load(false);
      },
      // From the viewport's middle to 600 px below it: the next page comes while the shopper scrolls toward the
      // grid's end, not once they are past it. Pages often go on after the grid (a checkout, a footer); a page
      // added above what the shopper reads would push it away where there is no scroll anchoring (Safari).
      { rootMargin: '-50% 0px 600px 0px' },
    );
    // Observing afresh reports the current intersection, so a page that left the sentinel in view loads the next.
    this.#observer.disconnect();
    if (!this.loadingMore && this.status === 'ready') this.#observer.observe(sentinel);
  }

  protected override render() {
    const offers = this.offers ?? this.loaded;
    const initial = !this.offers && (this.status === 'loading' || this.status === 'idle');
    const more = offers.length > this.shown;
    return html`<section part="base" aria-busy=${initial || this.loadingMore ? 'true' : 'false'}>
      ${this.#renderNotice(offers.length)}
      ${initial
        ? this.#renderSkeleton()
        : offers.length
          ? html`<ul part="list" class="list" aria-label=${this.t('products')}>
              ${(more ? offers.slice(0, this.shown) : offers).map(
                (o) => html`<li>
                  <tote-offer-card
                    part="card"
                    .offer=${o}
                    .locale=${this.locale}
                    exportparts="base: card-base, image: card-image, title: card-title, price: card-price, merchant: card-merchant, add-button: card-add-button"
                  ></tote-offer-card>
                </li>`,
              )}
            </ul>`
          : nothing}
      ${more ? html`<div class="reveal"></div>` : this.#renderFooter(offers.length)}
    </section>`;
  }

  #renderSkeleton() {
    return html`<p class="sr-only" role="status">${this.t('loading')}</p>
      <ul class="list" aria-hidden="true">
        ${Array.from(
          { length: SKELETON_CARDS },
          () => html`<li class="skeleton-card">${skeletonCard}</li>`,
        )}
      </ul>`;
  }

  #renderNotice(count: number) {
    if (this.#wait.active) {
      return html`<div part="notice" class="offer-status notice busy">${renderBusyText(this.#wait, (key, params) => this.t(key, params))}</div>`;
    }
    if (this.status === 'error') {
      return html`<div part="notice" class="offer-status notice error" role="alert">
        <p class="title">${this.t('loadError')}</p>
        <button part="retry-button" class="button secondary" type="button" @click=${() => this.#load(true)}>
          ${this.t('retry')}
        </button>
      </div>`;
    }
    if ((this.offers || this.status === 'ready') && count === 0) {
      return html`<div part="notice" class="offer-status notice empty">
        <p class="title">${this.t('empty')}</p>
        <p>${this.t('emptyHint')}</p>
      </div>`;
    }
    return nothing;
  }

  #renderFooter(count: number) {
    if (this.offers || this.status !== 'ready' || !count || this.#wait.active) return nothing;
    if (this.moreFailed) {
      return html`<div class="footer" role="alert">
        <p>${this.t('loadError')}</p>
        <button part="retry-button" class="button secondary" type="button" @click=${() => this.#load(false)}>
          ${this.t('retry')}
        </button>
      </div>`;
    }
    if (!this.#nextCursor) return html`<div class="footer"><p>${this.t('endOfList')}</p></div>`;
    return html`<div class="footer">
      <div class="sentinel"></div>
      <button
        part="load-more"
        class="button secondary"
        type="button"
        ?disabled=${this.loadingMore}
        @click=${() => this.#load(false)}
      >
        ${this.loadingMore ? this.t('loadingMore') : this.t('loadMore')}
      </button>
    </div>`;
  }
}


declare global {
  interface HTMLElementTagNameMap {
    'tote-offer-grid': ToteOfferGrid;
  }
}
