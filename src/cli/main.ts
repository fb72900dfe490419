#!/usr/bin/env node
/**
 * `tote`: the operator's command line, reading the same environment as the
 * BFF (docs/go-live.md walks through it).
 *   tote login                    the refresh token for SERVICE_REFRESH_TOKEN
 *   tote webhooks sync --url …    register every consumed topic at the BFF
 *   tote webhooks list            what the service delivers where
 *   tote doctor [--url …]         check the whole setup, one line per check
 *   tote i18n export|check        strings as JSON for a translator, and the check of a translated file
 * The bin runs always: npm links it as node_modules/.bin/tote, a path that is not this module's.
 */
import type { CliIo } from './io.js';
import { run } from './run.js';

const io: CliIo = {
  env: process.env,
  stdin: process.stdin,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};
process.exitCode = await run(process.argv.slice(2), io);
