import { z } from 'zod';
import { authError } from '../auth.js';
import { nowDate, serviceDate, SEED_EPOCH_MS } from '../dates.js';
import { parseWith } from '../http.js';
import type { Route } from '../router.js';

const LoginSchema = z.object({ username: z.string().min(1).max(256), password: z.string().min(1).max(256) });
/** The service's refresh tokens do not expire (service-shapes.md A.7b); a JWT still needs an `exp`: a century. */
const REFRESH_TTL_S = 100 * 365 * 86_400;

export function authRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/v1/login',
      auth: 'app',
      handler({ ctx, body }) {
        const { username, password } = parseWith(LoginSchema, body ?? null);
        if (username !== ctx.creds.username || password !== ctx.creds.password) {
          throw authError(401, 'invalid_login', 'Invalid username or password');
        }
        return {
          body: {
            id: 1,
            first_name: 'Sandbox',
            last_name: 'Owner',
            email: ctx.creds.username,
            type: 'DEVELOPER',
            verified: true,
            status: 'ACTIVE',
            date_created: serviceDate(SEED_EPOCH_MS),
            date_last_modified: nowDate(),
            roles: [{ name: 'APP_OWNER', permissions: [{ name: 'ALL' }] }],
            tos_accepted: true,
            token: ctx.auth.mint('access', ctx.creds.tokenTtlSeconds),
            refresh_token: ctx.auth.mint('refresh', REFRESH_TTL_S),
            merchant_id: null,
            store_url: null,
          },
        };
      },
    },
    {
      method: 'GET',
      path: '/v1/auth/token',
      auth: 'refresh',
      handler({ ctx }) {
        return { body: { token: ctx.auth.mint('access', ctx.creds.tokenTtlSeconds) } };
      },
    },
  ];
}
