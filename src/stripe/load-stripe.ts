/**
 * Stripe.js, fetched from js.stripe.com when the payment step first needs it, once per page. Stripe requires it
 * be loaded from there, never bundled or self-hosted (https://docs.stripe.com/js/including), at a versioned URL
 * (https://docs.stripe.com/sdks/stripejs-versioning). The release is the one the installed @stripe/stripe-js
 * types describe (test/stripe/load-stripe.test.ts holds the two together); Tote uses that package for its
 * types only: its loader cost the shopper's journey 903 B brotli for a version warning and Stripe's own telemetry.
 */
import type { Stripe, StripeConstructor } from '@stripe/stripe-js';

export const STRIPE_JS_URL = 'https://js.stripe.com/endive/stripe.js';

/** A Stripe.js the page already has: the versioned `…/<release>/stripe.js`, or the unversioned `/v3`. */
const STRIPE_JS = /^https:\/\/js\.stripe\.com\/(v3\/?|[a-z]+\/stripe\.js)(\?.*)?$/;

let loading: Promise<StripeConstructor> | undefined;

function stripeJs(): Promise<StripeConstructor> {
  return (loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const stripe = () => (window as { Stripe?: StripeConstructor }).Stripe;
    const failed = () => {
      // A later payment step tries again, with a script of its own: a failed one never fires `load` again.
      loading = undefined;
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    const ready = () => {
      const constructor = stripe();
      if (constructor) resolve(constructor);
      else failed();
    };
    if (stripe()) return ready();
    // The page's own Stripe.js if it has one (still loading), else ours.
    const script: HTMLScriptElement =
      [...document.querySelectorAll<HTMLScriptElement>('script[src^="https://js.stripe.com/"]')].find((s) => STRIPE_JS.test(s.src)) ??
      document.head.appendChild(Object.assign(document.createElement('script'), { src: STRIPE_JS_URL }));
    script.addEventListener('load', ready, { once: true });
    script.addEventListener('error', failed, { once: true });
  }));
}

/** `Stripe(publishableKey)` once Stripe.js is there. */
export async function loadStripe(publishableKey: string): Promise<Stripe> {
  return (await stripeJs())(publishableKey);
}
