/** `run(args, io)`: dispatches one `tote` command; the exit code is its answer (the bin is main.ts). */
import { doctor } from './doctor.js';
import { i18n } from './i18n.js';
import type { CliIo } from './io.js';
import { login } from './login.js';
import { webhooks } from './webhooks.js';

const USAGE = `usage: tote <command>
  login                         exchange the app owner's login for SERVICE_REFRESH_TOKEN
  webhooks sync --url <https>   register every topic the BFF consumes at its webhook URL
  webhooks list                 list the app's webhook registrations
  doctor [--url <https>]        check base URL, header prefix, credentials, token refresh,
                                webhooks, signing secret, Stripe key and Redis
  i18n export <language>        every string as JSON for a translator (English beside the language)
  i18n check <file.json>        what a translated file still lacks or breaks`;

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'login') return await login(io, rest);
    if (command === 'webhooks') return await webhooks(io, rest);
    if (command === 'doctor') return await doctor(io, rest);
    if (command === 'i18n') return await i18n(io, rest);
    io.err(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  } catch (error) {
    // Our own messages (configuration, the service's refusal); never a stack, never a secret.
    io.err(`tote ${command}: ${(error as Error).message}`);
    return 1;
  }
}
