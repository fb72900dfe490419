/**
 * Timing controls of the sandbox (issue 25.3), for tests only: hold a service
 * operation at a named point until the test releases it, so a race the real
 * service allows (a merchant's price rising between the BFF's price check and
 * the submit; another tab editing the cart meanwhile) happens every time, in
 * the order the test chooses, without guessing delays.
 *
 * - `POST /__sandbox/timing { "at": "cart_submit" }` arms a hold: the next
 *   request reaching that point waits there.
 * - `GET /__sandbox/timing` lists the holds and how many requests wait at each.
 * - `POST /__sandbox/timing/release` lets every waiting request go on; `DELETE`
 *   releases them and disarms every hold (so does `/__sandbox/reset`).
 *
 * Points: `cart_submit`, at the start of `POST /v1/checkout/cart/:id/submit`,
 * before the cart is read and priced for the order; `order_create`, at the
 * start of `POST /v1/orders` (a direct order), before anything is checked.
 */
import { z } from 'zod';
import type { SandboxContext } from './context.js';
import { parseWith } from './http.js';
import type { Route } from './router.js';

export const TIMING_POINTS = ['cart_submit', 'order_create'] as const;
type Point = (typeof TIMING_POINTS)[number];

interface Hold {
  at: Point;
  /** Requests held so far (each hold catches one). */
  caught: number;
  waiting: (() => void)[];
}

const holds = new WeakMap<SandboxContext, Hold[]>();
const holdsOf = (ctx: SandboxContext) => holds.get(ctx) ?? (holds.set(ctx, []), holds.get(ctx)!);

const HoldSchema = z.object({ at: z.enum(TIMING_POINTS) });

/** Called by a route at `at`: waits there while an armed hold catches it. */
export async function reach(ctx: SandboxContext, at: Point): Promise<void> {
  const hold = holdsOf(ctx).find((h) => h.at === at && h.caught === 0);
  if (!hold) return;
  hold.caught++;
  await new Promise<void>((resolve) => hold.waiting.push(resolve));
}

function releaseAll(ctx: SandboxContext): number {
  let released = 0;
  for (const h of holdsOf(ctx)) {
    for (const go of h.waiting.splice(0)) go();
    released += h.caught;
  }
  return released;
}

/** Disarms every hold and lets whatever waits go on (the sandbox's reset). */
export function resetTiming(ctx: SandboxContext): void {
  releaseAll(ctx);
  holds.delete(ctx);
}

const view = (ctx: SandboxContext) => ({ holds: holdsOf(ctx).map((h) => ({ at: h.at, caught: h.caught, waiting: h.waiting.length })) });

export function timingRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/__sandbox/timing',
      auth: 'access',
      handler({ ctx, body }) {
        const { at } = parseWith(HoldSchema, body ?? null);
        holdsOf(ctx).push({ at, caught: 0, waiting: [] });
        return { status: 201, body: view(ctx) };
      },
    },
    { method: 'GET', path: '/__sandbox/timing', auth: 'access', handler: ({ ctx }) => ({ body: view(ctx) }) },
    {
      method: 'POST',
      path: '/__sandbox/timing/release',
      auth: 'access',
      handler({ ctx }) {
        releaseAll(ctx);
        return { body: view(ctx) };
      },
    },
    {
      method: 'DELETE',
      path: '/__sandbox/timing',
      auth: 'access',
      handler({ ctx }) {
        resetTiming(ctx);
        return { body: view(ctx) };
      },
    },
  ];
}
