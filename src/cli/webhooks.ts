/**
 * `tote webhooks sync --url https://…`: registers every topic the BFF
 * consumes at that URL (see `syncWebhooks`) and lists what is registered;
 * `tote webhooks list` only lists.
 */
import { isConsumedTopic, syncWebhooks } from '../bff/webhook-sync.js';
import type { WebhookRegistration } from '../contract/webhook.js';
import type { ServiceClient } from '../contract/client.js';
import { option, type CliIo } from './io.js';
import { isLocalSandbox, serviceFromBffEnv } from './service.js';

/** Why `url` cannot receive the service's webhooks, or undefined when it can. */
export function webhookUrlProblem(url: string, localSandbox: boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url} is not a URL`;
  }
  if (parsed.protocol === 'https:') return undefined;
  if (parsed.protocol === 'http:' && localSandbox) return undefined;
  return `${url} is not HTTPS: the service delivers webhooks to HTTPS endpoints only (plain http is taken by the local sandbox alone)`;
}

function printRegistrations(io: CliIo, registrations: readonly WebhookRegistration[]) {
  io.out(`${registrations.length} registered:`);
  for (const r of [...registrations].sort((a, b) => a.event.localeCompare(b.event))) {
    io.out(`  ${r.event.padEnd(26)} ${r.status ?? ''}\t${r.remote_endpoint}${isConsumedTopic(r.event) ? '' : '  (not consumed by Tote)'}`);
  }
}

async function sync(io: CliIo, client: ServiceClient, url: string) {
  const report = await syncWebhooks(client, url);
  for (const event of report.registered) io.out(`registered ${event}`);
  for (const { event, from } of report.moved) io.out(`moved      ${event} (was ${from.remote_endpoint}, ${from.status ?? 'no status'})`);
  for (const event of report.removed) io.out(`removed    ${event} (Tote does not consume it)`);
}

export async function webhooks(io: CliIo, args: readonly string[]): Promise<number> {
  const sub = args[0];
  if (sub !== 'sync' && sub !== 'list') {
    io.err('usage: tote webhooks sync --url https://shop.example/api/webhooks | tote webhooks list');
    return 2;
  }
  const { config, client } = serviceFromBffEnv(io.env);
  if (sub === 'sync') {
    const url = option(args, 'url') ?? io.env.TOTE_WEBHOOK_URL?.trim();
    if (!url) {
      io.err('tote webhooks sync: --url is needed (the public URL of the BFF\'s webhook path, e.g. https://shop.example/api/webhooks)');
      return 2;
    }
    const problem = webhookUrlProblem(url, isLocalSandbox(config));
    if (problem) {
      io.err(`tote webhooks sync: refusing ${problem}`);
      return 2;
    }
    await sync(io, client, url);
  }
  printRegistrations(io, await client.listWebhooks());
  return 0;
}
