/**
 * `GET /v1/checkout/payment/token` ("Get Stripe Public Token" in the service's
 * public OpenAPI definition): the publishable key of the Stripe account the
 * service charges through, to tokenize cards with Stripe.js (docs/contract.md).
 */
import { z } from 'zod';

export const PaymentTokenSchema = z.object({ stripe_token: z.string().regex(/^pk_(test|live)_\w+$/) });
export type PaymentToken = z.infer<typeof PaymentTokenSchema>;
