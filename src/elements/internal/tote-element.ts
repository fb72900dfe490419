import { LitElement, type PropertyDeclarations } from 'lit';
import { ProviderController, type ProvidedName } from './provider-controller.js';
import type { DisplayCurrency } from '../../state/display-money.js';
import { loadMessages, msg, usableLocale, type MessageArea, type MessageKey } from '../../i18n/localize.js';
import { dispatchToteEvent } from '../../events/dispatch.js';
import type { ToteEventDetail, ToteEventInit, ToteEventName } from '../../events/registry.js';

/** Base of every Tote element: typed events, and what the nearest provider gives. */
export class ToteElement extends LitElement {
  // Reactive properties are declared in `static properties` and the provider's values taken by one controller,
  // not with lit's decorators, to keep the shopper's bundles small (README, "Contributing").
  static override properties: PropertyDeclarations = { locale: {}, display: { attribute: false } };

  /**
   * What the element takes from the nearest `<tote-provider>` beside `locale` and `display`: each is written
   * into the element's reactive property of the same name when the provider gives it and whenever it changes.
   */
  static provided: readonly ProvidedName[] = [];

  /** BCP 47 locale for text and money; taken from `<tote-provider>` when there is one. */
  declare locale?: string;

  /** The currency prices are shown in and its rates, from the nearest provider (`display-money.ts`). */
  declare display?: DisplayCurrency;

  constructor() {
    super();
    new ProviderController(this, ['locale', 'display', ...(this.constructor as typeof ToteElement).provided]);
  }

  /**
   * Whose strings the element shows: in a language that loads lazily, its
   * area's strings load before it renders in that language. The checkout
   * flow's elements keep the default.
   */
  static messageArea: MessageArea = 'checkout';

  /** The locale in use: own or provider's, else the page's `lang`, else English (skipping any tag Intl rejects). */
  protected get effectiveLocale(): string {
    return usableLocale(this.locale, typeof document === 'undefined' ? '' : document.documentElement.lang);
  }

  /** A user-visible string in the element's locale. */
  protected t(key: MessageKey, params?: Record<string, string | number>): string {
    return msg(this.effectiveLocale, key, params);
  }

  /** Renders once the strings of the element's area are in for its locale (at once when they are, or in English). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const strings = loadMessages(this.effectiveLocale, (this.constructor as typeof ToteElement).messageArea);
    return strings ? strings.then(() => super.scheduleUpdate()) : super.scheduleUpdate();
  }

  /**
   * Dispatches a Tote event (one of src/events/registry.ts, with its detail type). Returns the
   * event so a cancelable one can be checked with `defaultPrevented`.
   */
  emit<K extends ToteEventName>(name: K, detail: ToteEventDetail<K>, ...init: ToteEventInit<K>): CustomEvent<ToteEventDetail<K>> {
    return dispatchToteEvent(this, name, detail, ...init);
  }
}
