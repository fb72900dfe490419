/**
 * The shopper's consent as Google Consent Mode records it: gtag's `consent` commands on the data layer,
 * `gtag('consent', 'default', { analytics_storage: 'denied' })` then `gtag('consent', 'update',
 * { analytics_storage: 'granted' })` once the shopper agrees (developers.google.com/tag-platform/security/
 * guides/consent). The last command that names `analytics_storage` decides; with none, there is no consent.
 * A consent banner that gives its answer another way is passed to `connectAnalytics` as `consent`.
 */

/** One `gtag(...)` call as it sits on the data layer: its `arguments`, array-like. */
interface GtagCommand {
  0?: unknown;
  1?: unknown;
  2?: { analytics_storage?: unknown };
}

/** Whether the data layer's Consent Mode commands leave `analytics_storage` granted. */
export function consentModeGranted(dataLayer: readonly unknown[]): boolean {
  let granted = false;
  for (const entry of dataLayer) {
    const command = entry as GtagCommand | null;
    if (typeof command !== 'object' || !command || command[0] !== 'consent') continue;
    if (command[1] !== 'default' && command[1] !== 'update') continue;
    const state = command[2]?.analytics_storage;
    if (state === 'granted' || state === 'denied') granted = state === 'granted';
  }
  return granted;
}
