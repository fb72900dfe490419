/**
 * Registers every topic the BFF consumes at its webhook URL, as the service
 * takes registrations: one per event and app (registering an event again
 * moves it to the new endpoint). Registrations at that URL of topics the BFF
 * no longer consumes are removed; others' registrations (other topics at
 * other URLs) are left alone. `tote webhooks sync` and `npm start` use it.
 */
import type { ServiceClient } from '../contract/client.js';
import { CONSUMED_WEBHOOK_TOPICS, type WebhookRegistration } from '../contract/webhook.js';

export const isConsumedTopic = (event: string) => (CONSUMED_WEBHOOK_TOPICS as readonly string[]).includes(event);

export interface WebhookSyncReport {
  registered: string[];
  /** Topics that were registered elsewhere, or inactive, with where they were. */
  moved: { event: string; from: WebhookRegistration }[];
  removed: string[];
}

export async function syncWebhooks(client: ServiceClient, url: string): Promise<WebhookSyncReport> {
  const before = await client.listWebhooks();
  const byEvent = new Map(before.map((r) => [r.event, r]));
  const report: WebhookSyncReport = { registered: [], moved: [], removed: [] };
  for (const topic of CONSUMED_WEBHOOK_TOPICS) {
    const current = byEvent.get(topic);
    if (current?.remote_endpoint === url && (current.status ?? 'ACTIVE') === 'ACTIVE') continue;
    await client.registerWebhook({ event: topic, remote_endpoint: url });
    if (current) report.moved.push({ event: topic, from: current });
    else report.registered.push(topic);
  }
  for (const stale of before.filter((r) => r.remote_endpoint === url && !isConsumedTopic(r.event))) {
    await client.deleteWebhook(stale.id);
    report.removed.push(stale.event);
  }
  return report;
}
