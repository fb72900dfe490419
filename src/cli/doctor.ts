/**
 * `tote doctor [--url https://…/api/webhooks]`: one line per check, the fix
 * after each failure, and a non-zero exit when any check fails (warnings
 * alone exit 0). Checks that need what an earlier one found broken are
 * skipped, and say so.
 */
import {
  checkBaseUrl,
  checkCredentials,
  checkEnvironment,
  checkHeaderPrefix,
  checkRedis,
  checkSigningSecret,
  checkStripeKey,
  checkTokenRefresh,
  checkWebhooks,
  type Verdict,
} from './checks.js';
import { option, type CliIo } from './io.js';
import { isLocalSandbox } from './service.js';

const MARK: Record<Verdict['status'], string> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL', skip: 'skip' };

export const formatVerdict = (v: Verdict) => `${MARK[v.status]}  ${v.name}: ${v.detail}${v.fix ? ` — fix: ${v.fix}` : ''}`;

async function runChecks(io: CliIo, url: string | undefined, report: (v: Verdict) => void) {
  const base = await checkBaseUrl(io.env);
  report(base);
  const { verdict, config } = checkEnvironment(io.env);
  report(verdict);
  const serviceNames = ['header prefix', 'credentials', 'token refresh', 'webhooks', 'Stripe key'];
  if (!config || base.status === 'fail') {
    for (const name of serviceNames) report({ status: 'skip', name, detail: 'needs a reachable service and a valid environment' });
  } else {
    const prefix = await checkHeaderPrefix(io.env, config);
    report(prefix);
    const credentials = await checkCredentials(config);
    report(credentials);
    report(await checkTokenRefresh(io.env, config));
    const usable = prefix.status !== 'fail' && credentials.status !== 'fail';
    for (const [name, check] of [
      ['webhooks', () => checkWebhooks(config, url, isLocalSandbox(config))],
      ['Stripe key', () => checkStripeKey(config)],
    ] as const) {
      report(usable ? await check() : { status: 'skip', name, detail: 'needs the service to accept the credentials' });
    }
  }
  report(checkSigningSecret(io.env));
  report(await checkRedis(io.env));
}

export async function doctor(io: CliIo, args: readonly string[]): Promise<number> {
  const url = option(args, 'url') ?? io.env.TOTE_WEBHOOK_URL?.trim();
  let failed = 0;
  await runChecks(io, url, (v) => {
    if (v.status === 'fail') failed++;
    io.out(formatVerdict(v));
  });
  io.out(failed ? `${failed} check${failed > 1 ? 's' : ''} failed.` : 'All checks passed.');
  return failed ? 1 : 0;
}
