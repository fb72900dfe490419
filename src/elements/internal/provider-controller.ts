/**
 * The one way an element takes what `<tote-provider>` gives: each value under one name, the same on every
 * element, written into the element's reactive property of that name when the provider gives it and whenever
 * it changes (the property's setter asks for the update). `ToteElement` makes one for `locale`, `display`
 * and the names in the element's `static provided`.
 *
 * One controller per element rather than a `ContextConsumer` per value: a grid of a thousand cards sends its
 * requests from one place, and the shopper's bundles carry no consumer class at all.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import { ContextEvent, type Context, type ContextType } from '@lit/context';
import { apiContext, cartContext, currencyContext, displayCurrencyContext, hostContext, localeContext } from '../../state/context.js';

/** Each name an element uses, and the provider's context behind it (`state/context.ts`). */
const CONTEXTS = {
  /** The BFF client. */
  api: apiContext,
  /** The cart store. */
  store: cartContext,
  /** The provider itself, as the target of host-control events. */
  host: hostContext,
  /** The provider's preferred currency (`currency` attribute). */
  currency: currencyContext,
  /** BCP 47 locale for text, money and dates. */
  locale: localeContext,
  /** The currency prices are shown in, with its rates. */
  display: displayCurrencyContext,
};

/** What the provider gives, by the name every element uses for it. */
export type Provided = { [K in keyof typeof CONTEXTS]: ContextType<(typeof CONTEXTS)[K]> };
export type ProvidedName = keyof Provided;
/** The same map, typed so that a name's context gives that name's type. */
const contextOf: { [K in ProvidedName]: Context<unknown, Provided[K]> } = CONTEXTS;

export class ProviderController implements ReactiveController {
  /** The provider's unsubscribe per name, while subscribed. */
  readonly #unsubscribe = new Map<ProvidedName, () => void>();

  constructor(
    private readonly host: ReactiveElement,
    private readonly names: readonly ProvidedName[],
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    for (const name of this.names) this.#request(name);
  }

  #request<K extends ProvidedName>(name: K): void {
    const callback = (value: Provided[K], unsubscribe?: () => void) => {
      // A nearer provider (one defined later, or the element moved) answers now: the last one stops sending.
      const last = this.#unsubscribe.get(name);
      if (last && last !== unsubscribe) last();
      if (unsubscribe) this.#unsubscribe.set(name, unsubscribe);
      (this.host as unknown as Partial<Provided>)[name] = value;
    };
    this.host.dispatchEvent(new ContextEvent(contextOf[name], this.host, callback, true));
  }

  hostDisconnected(): void {
    for (const unsubscribe of this.#unsubscribe.values()) unsubscribe();
    this.#unsubscribe.clear();
  }
}
