/**
 * Tags the code-split bundle (`dist/split/tote.js`) defines only when a shopper
 * needs them: the checkout flow once checking out starts, the variant picker
 * and the operator elements once one appears. `src/define-split.ts` registers
 * their loaders here; an element that hands over to such a tag (the provider's
 * `startCheckout()`, the cart's "Check out") loads it and waits. Every other
 * build defines the tags by import and registers nothing, so nothing waits.
 */
import type { ReactiveElement } from 'lit';

const loaders = new Map<string, () => Promise<unknown>>();
const loading = new Map<() => Promise<unknown>, Promise<void>>();

/** Makes `tags` load through `load` (one module that defines them all). */
export function loadsOnDemand(tags: readonly string[], load: () => Promise<unknown>): void {
  for (const tag of tags) loaders.set(tag, load);
}

/** Whether `tag` loads on demand and its load has not started yet. */
export function notRequested(tag: string): boolean {
  const load = loaders.get(tag);
  return !!load && !loading.has(load);
}

/**
 * Starts loading `tag` if it loads on demand. The promise settles once the
 * module ran and the tag's instances in the document rendered once (so they
 * listen to the provider), or rejects when it failed (reported on the
 * console here); undefined when `tag` does not load on demand.
 */
export function loadOnDemand(tag: string): Promise<void> | undefined {
  const load = loaders.get(tag);
  if (!load) return undefined;
  let done = loading.get(load);
  if (!done) {
    done = load().then(
      () => Promise.all([...document.querySelectorAll(tag)].map((el) => (el as Partial<ReactiveElement>).updateComplete)).then(() => {}),
      (e: unknown) => {
        // A failed fetch (offline) is retried by the next request for the tag.
        loading.delete(load);
        console.error(`tote: <${tag}> could not be loaded`, e);
        throw e;
      },
    );
    loading.set(load, done);
  }
  return done;
}
