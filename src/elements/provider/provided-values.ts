/**
 * How `<tote-provider>` answers the elements below: the context protocol of the Web Components Community Group
 * (`context-request` and `context-provider` events, github.com/webcomponents-cg/community-protocols,
 * proposals/context.md), which `@lit/context`'s `ContextProvider` implements for one context. The provider gives
 * six, and one listener for all of them does what six `ContextProvider`s did in less than half their code:
 * the catalogue's first load and the up-front file each carried 1.6 KB of it (minified).
 *
 * As `ContextProvider` does: a request for one of its contexts is answered (and stopped) even while the value
 * is undefined, but never one the provider sent itself; a subscriber keeps one `unsubscribe` for as long as it
 * is subscribed, and hears every change (`Object.is`); a provider that connects below this one
 * (`context-provider`) takes over the subscribers inside it, who ask again and find it first.
 */
import type { ReactiveController, ReactiveElement } from 'lit';
import { ContextEvent, type Context, type ContextCallback } from '@lit/context';

type Callback = ContextCallback<unknown>;
type Subscribers = Map<Callback, { consumer: EventTarget; unsubscribe: () => void }>;

/** A protocol event: its `context` and the element it is about (`contextTarget`). */
type ProtocolEvent = Event & { context: unknown; contextTarget?: EventTarget };

/** The protocol's `context-provider` (as @lit/context's `ContextProviderEvent`, which its index does not export). */
class ContextProviderEvent extends Event {
  constructor(
    readonly context: unknown,
    readonly contextTarget: EventTarget,
  ) {
    super('context-provider', { bubbles: true, composed: true });
  }
}

export class ProvidedValues implements ReactiveController {
  readonly #values = new Map<unknown, unknown>();
  readonly #subscribers = new Map<unknown, Subscribers>();

  /** Answers for each of `contexts`, starting with the value given (or undefined). */
  constructor(
    private readonly host: ReactiveElement,
    contexts: [Context<unknown, unknown>, unknown?][],
  ) {
    for (const [context, value] of contexts) {
      this.#values.set(context, value);
      this.#subscribers.set(context, new Map());
    }
    host.addEventListener('context-request', this.#handleRequest);
    host.addEventListener('context-provider', this.#handleProvider);
    host.addController(this);
  }

  get<T>(context: Context<unknown, T>): T {
    return this.#values.get(context) as T;
  }

  /** Sets the value of `context` and tells its subscribers when it changed. */
  set<T>(context: Context<unknown, T>, value: T): void {
    if (Object.is(value, this.#values.get(context))) return;
    this.#values.set(context, value);
    for (const [callback, { unsubscribe }] of this.#subscribers.get(context)!) callback(value, unsubscribe);
  }

  /** Tells providers above that the subscribers below this one are now its to answer. */
  hostConnected(): void {
    for (const context of this.#values.keys()) {
      this.host.dispatchEvent(new ContextProviderEvent(context, this.host));
    }
  }

  /** The element an event is about, unless it is this provider itself. */
  #other(e: ProtocolEvent): EventTarget | undefined {
    const target = e.contextTarget ?? e.composedPath()[0];
    return this.#values.has(e.context) && target !== this.host ? target : undefined;
  }

  readonly #handleRequest = (e: Event) => {
    const request = e as ContextEvent<Context<unknown, unknown>>;
    const consumer = this.#other(request);
    if (!consumer) return;
    e.stopPropagation();
    const value = this.#values.get(request.context);
    if (!request.subscribe) return request.callback(value);
    const subscribers = this.#subscribers.get(request.context)!;
    const callback = request.callback;
    let subscription = subscribers.get(callback);
    if (!subscription) {
      subscription = { consumer, unsubscribe: () => subscribers.delete(callback) };
      subscribers.set(callback, subscription);
    }
    callback(value, subscription.unsubscribe);
  };

  readonly #handleProvider = (e: Event) => {
    const { context } = e as ProtocolEvent;
    if (!this.#other(e as ProtocolEvent)) return;
    e.stopPropagation();
    // Each subscriber asks again: one inside the new provider is answered there and leaves this one.
    for (const [callback, { consumer }] of [...this.#subscribers.get(context)!]) {
      consumer.dispatchEvent(new ContextEvent(context as Context<unknown, unknown>, consumer as Element, callback, true));
    }
  };
}
