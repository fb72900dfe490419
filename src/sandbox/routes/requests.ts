/** `GET /__sandbox/requests`: the latest service requests received, oldest first (`received.ts`). */
import type { Route } from '../router.js';

export const receivedRoutes = (): Route[] => [
  { method: 'GET', path: '/__sandbox/requests', auth: 'access', handler: ({ ctx }) => ({ body: { requests: ctx.received.list() } }) },
];
