import type { Auth, Credentials } from './auth.js';
import type { Store } from './store.js';
import type { WebhookDispatcher } from './webhooks.js';
import type { ReceivedRequests } from './received.js';

/** What every route handler works with. */
export interface SandboxContext {
  store: Store;
  auth: Auth;
  webhooks: WebhookDispatcher;
  creds: Credentials;
  /** The sandbox's own URL (media and tracking links point here). */
  baseUrl: string;
  /** The service requests received lately, for tests (`GET /__sandbox/requests`). */
  received: ReceivedRequests;
}
