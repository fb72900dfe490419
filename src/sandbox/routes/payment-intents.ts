import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { notFound, parseWith } from '../http.js';
import type { Route } from '../router.js';
import { confirmIntent, intentBody, SANDBOX_STRIPE_KEY } from '../stripe.js';

const ConfirmSchema = z
  .object({
    /** Default `succeeded`: the card was authorized (or the 3-D Secure challenge passed). */
    outcome: z.enum(['succeeded', 'declined', 'requires_authentication']).optional(),
    /** The decline code a declined card reports (default `generic_decline`). */
    decline_code: z.string().regex(/^[a-z_]{1,64}$/).optional(),
    /** When given, it must be the intent's client secret, as Stripe.js would send it. */
    client_secret: z.string().max(256).optional(),
  })
  .strict();

function intentOf(ctx: SandboxContext, id: string | undefined) {
  const intent = id ? ctx.store.paymentIntents.get(id) : undefined;
  if (!intent) throw notFound('PaymentIntent', id ?? '', 'payment_intent_id');
  return intent;
}

/** `GET /v1/checkout/payment/token`, and `/__sandbox/payment_intents/…`: the sandbox standing in for Stripe's servers (docs/payments.md). */
export function paymentIntentRoutes(): Route[] {
  return [
    {
      // The service's "Get Stripe Public Token": the publishable key to tokenize cards with (public API definition).
      method: 'GET',
      path: '/v1/checkout/payment/token',
      auth: 'access',
      handler: () => ({ body: { stripe_token: SANDBOX_STRIPE_KEY } }),
    },
    {
      method: 'GET',
      path: '/__sandbox/payment_intents/:payment_intent_id',
      auth: 'access',
      handler: ({ ctx, params }) => ({ body: intentBody(intentOf(ctx, params.payment_intent_id)) }),
    },
    {
      method: 'POST',
      path: '/__sandbox/payment_intents/:payment_intent_id/confirm',
      auth: 'access',
      handler({ ctx, params, body }) {
        const intent = intentOf(ctx, params.payment_intent_id);
        const input = parseWith(ConfirmSchema, body ?? {});
        if (input.client_secret !== undefined && input.client_secret !== intent.client_secret) {
          return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'The client secret does not match this PaymentIntent.' } } };
        }
        return confirmIntent(ctx, intent, input.outcome ?? 'succeeded', input.decline_code);
      },
    },
  ];
}
