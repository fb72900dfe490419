#!/usr/bin/env node
/**
 * `tote`: the operator's command line, reading the same environment as the
 * BFF (docs/go-live.md walks through it).
 *   tote login                    the refresh token for SERVICE_REFRESH_TOKEN
 *   tote webhooks sync --url …    register every consumed topic at the BFF
 *   tote webhooks list            what the service delivers where
 *   tote doctor [--url …]         check the whole setup, one line per check
 */
import { fileURLToPath } from 'node:url';
import { doctor } from './doctor.js';
import type { CliIo } from './io.js';
import { login } from './login.js';
import { webhooks } from './webhooks.js';

const USAGE = `usage: tote <command>
  login                         exchange the app owner's login for SERVICE_REFRESH_TOKEN
  webhooks sync --url <https>   register every topic the BFF consumes at its webhook URL
  webhooks list                 list the app's webhook registrations
  doctor [--url <https>]        check base URL, header prefix, credentials, token refresh,
                                webhooks, signing secret, Stripe key and Redis`;

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'login') return await login(io, rest);
    if (command === 'webhooks') return await webhooks(io, rest);
    if (command === 'doctor') return await doctor(io, rest);
    io.err(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  } catch (error) {
    // Our own messages (configuration, the service's refusal); never a stack, never a secret.
    io.err(`tote ${command}: ${(error as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const io: CliIo = {
    env: process.env,
    stdin: process.stdin,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
  process.exitCode = await run(process.argv.slice(2), io);
}
