/**
 * The checks `tote doctor` runs, each one verdict with the fix for a
 * failure. They read the same environment as the BFF and call the service
 * the way the BFF does; no secret is ever part of a verdict.
 */
import { bffConfigFromEnv, type BffConfig } from '../bff/config.js';
import { classifyServiceFailure } from '../bff/service-health.js';
import { connectRedis } from '../bff/stores/redis-connection.js';
import { DEFAULT_SERVICE_HEADER_PREFIX, normalizeServiceBaseUrl } from '../contract/client.js';
import { createRefreshingTokenProvider, jwtExpiryMs } from '../contract/token.js';
import { CONSUMED_WEBHOOK_TOPICS } from '../contract/webhook.js';
import type { Env } from './io.js';
import { clientFor } from './service.js';
import { webhookUrlProblem } from './webhooks.js';

export interface Verdict {
  status: 'ok' | 'warn' | 'fail' | 'skip';
  name: string;
  detail: string;
  fix?: string;
}

const REAL_PREFIX = 'X-Violet-';
const HOSTS = 'https://api.violet.io (live) or https://sandbox-api.violet.io (test)';

/** The base URL: set, without `/v1` twice, and answering like the service (any status but 404, a redirect or silence). */
export async function checkBaseUrl(env: Env): Promise<Verdict> {
  const name = 'base URL';
  const raw = env.SERVICE_BASE_URL?.trim();
  if (!raw) return { status: 'fail', name, detail: 'SERVICE_BASE_URL is not set', fix: `set SERVICE_BASE_URL to ${HOSTS}` };
  let base: string;
  try {
    base = normalizeServiceBaseUrl(raw);
    new URL(base);
  } catch (error) {
    return { status: 'fail', name, detail: `${raw} is not usable`, fix: (error as Error).message };
  }
  const dropped = base !== raw.replace(/\/+$/, '') ? ' (its trailing /v1 is dropped: Tote adds /v1 to every path)' : '';
  try {
    const res = await fetch(`${base}/v1/events/webhooks`, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await res.body?.cancel();
    if (res.status === 404 || (res.status >= 300 && res.status < 400)) {
      return { status: 'fail', name, detail: `${base} answers ${res.status} to /v1/events/webhooks: not the service's API root`, fix: `set SERVICE_BASE_URL to ${HOSTS}` };
    }
    return { status: 'ok', name, detail: `${base} answers${dropped}` };
  } catch (error) {
    return { status: 'fail', name, detail: `${base} cannot be reached (${(error as Error).name})`, fix: 'check SERVICE_BASE_URL, DNS and the network from this host' };
  }
}

/** The BFF's configuration parses (what `bffConfigFromEnv` would refuse at start). */
export function checkEnvironment(env: Env): { verdict: Verdict; config?: BffConfig } {
  try {
    return { verdict: { status: 'ok', name: 'environment', detail: 'the BFF would start with it' }, config: bffConfigFromEnv(env) };
  } catch (error) {
    return { verdict: { status: 'fail', name: 'environment', detail: 'the BFF would refuse to start', fix: (error as Error).message } };
  }
}

/** Whether the configured prefix is the one the service reads: a call under it is compared with the other known prefixes. */
export async function checkHeaderPrefix(env: Env, config: BffConfig): Promise<Verdict> {
  const name = 'header prefix';
  const configured = config.serviceHeaderPrefix ?? DEFAULT_SERVICE_HEADER_PREFIX;
  const attempt = async (prefix: string) => {
    try {
      await clientFor(bffConfigFromEnv({ ...env, SERVICE_HEADER_PREFIX: prefix }), prefix).listWebhooks();
      return 'ok';
    } catch (error) {
      return classifyServiceFailure(error).state;
    }
  };
  const mine = await attempt(configured);
  if (mine === 'ok') return { status: 'ok', name, detail: `the service reads ${configured}App-Id, ${configured}App-Secret, ${configured}Token` };
  for (const other of [REAL_PREFIX, DEFAULT_SERVICE_HEADER_PREFIX].filter((p) => p !== configured)) {
    const theirs = await attempt(other);
    // Accepted, or refused for another reason than ours (e.g. an expired token instead of missing headers): the service reads that prefix.
    if (theirs === 'ok' || (theirs !== mine && theirs !== 'unreachable')) {
      return { status: 'fail', name, detail: `the service does not read ${configured}… headers, it reads ${other}…`, fix: `set SERVICE_HEADER_PREFIX=${other}` };
    }
  }
  return { status: 'ok', name, detail: `${configured} (no other prefix fares better; see the credentials check)` };
}

/** The app id, secret and token are accepted on an authenticated route. */
export async function checkCredentials(config: BffConfig): Promise<Verdict> {
  const name = 'credentials';
  try {
    await clientFor(config).listWebhooks();
    return { status: 'ok', name, detail: `app ${config.appId} and its token are accepted` };
  } catch (error) {
    const { state, why } = classifyServiceFailure(error);
    if (state === 'token_expired') return { status: 'fail', name, detail: 'the token has expired', fix: 'run `tote login` and set SERVICE_REFRESH_TOKEN (it does not expire)' };
    if (state === 'ok') return { status: 'ok', name, detail: `app ${config.appId} is accepted` };
    return { status: 'fail', name, detail: why, fix: 'check SERVICE_APP_ID and SERVICE_APP_SECRET (dashboard: https://channel.violet.io) and the token (tote login)' };
  }
}

/** A token that renews itself: a refresh token or the owner's login that works; a short-lived token alone is a warning. */
export async function checkTokenRefresh(env: Env, config: BffConfig): Promise<Verdict> {
  const name = 'token refresh';
  const refreshToken = env.SERVICE_REFRESH_TOKEN?.trim();
  const username = env.SERVICE_USERNAME?.trim();
  if (!refreshToken && !username) {
    const exp = jwtExpiryMs(env.SERVICE_TOKEN?.trim() ?? '');
    const until = exp ? ` (it expires ${new Date(exp).toISOString()})` : '';
    return { status: 'warn', name, detail: `only a short-lived SERVICE_TOKEN is set${until}: the BFF stops when it expires`, fix: 'run `tote login` and set SERVICE_REFRESH_TOKEN' };
  }
  const provider = createRefreshingTokenProvider({
    baseUrl: config.serviceBaseUrl,
    appId: config.appId,
    appSecret: config.appSecret,
    headerPrefix: config.serviceHeaderPrefix,
    ...(refreshToken ? { refreshToken } : {}),
    ...(username ? { username, password: env.SERVICE_PASSWORD ?? '' } : {}),
  });
  try {
    await provider.getToken();
    return { status: 'ok', name, detail: refreshToken ? 'SERVICE_REFRESH_TOKEN renews the token' : 'SERVICE_USERNAME/SERVICE_PASSWORD log in' };
  } catch (error) {
    return { status: 'fail', name, detail: `renewing the token failed: ${classifyServiceFailure(error).why}`, fix: 'run `tote login` and set the SERVICE_REFRESH_TOKEN it prints' };
  }
}

/** Every consumed topic registered, active, at the BFF's webhook URL. */
export async function checkWebhooks(config: BffConfig, url: string | undefined, localSandbox: boolean): Promise<Verdict> {
  const name = 'webhooks';
  const fix = `tote webhooks sync --url ${url ?? 'https://<shop>/api/webhooks'}`;
  if (url) {
    const problem = webhookUrlProblem(url, localSandbox);
    if (problem) return { status: 'fail', name, detail: problem, fix: 'give the public https:// URL of the BFF\'s webhook path' };
  }
  let registrations;
  try {
    registrations = await clientFor(config).listWebhooks();
  } catch (error) {
    return { status: 'fail', name, detail: `cannot list registrations: ${classifyServiceFailure(error).why}`, fix: 'fix the credentials first' };
  }
  const byEvent = new Map(registrations.map((r) => [r.event, r]));
  const endpoints = new Set(CONSUMED_WEBHOOK_TOPICS.map((t) => byEvent.get(t)?.remote_endpoint).filter(Boolean));
  const wrong = CONSUMED_WEBHOOK_TOPICS.filter((t) => {
    const r = byEvent.get(t);
    return !r || (r.status ?? 'ACTIVE') !== 'ACTIVE' || (url ? r.remote_endpoint !== url : endpoints.size > 1);
  });
  if (wrong.length) {
    const missing = wrong.map((t) => `${t}${byEvent.get(t) ? ` (${byEvent.get(t)!.status ?? ''} at ${byEvent.get(t)!.remote_endpoint})` : ' (not registered)'}`);
    return { status: 'fail', name, detail: `${wrong.length} of ${CONSUMED_WEBHOOK_TOPICS.length} topics not delivered to ${url ?? 'one endpoint'}: ${missing.join(', ')}`, fix };
  }
  const where = url ?? [...endpoints][0];
  return { status: url ? 'ok' : 'warn', name, detail: `all ${CONSUMED_WEBHOOK_TOPICS.length} topics registered at ${where}`, ...(url ? {} : { fix: 'pass --url (or TOTE_WEBHOOK_URL) to check it is this BFF\'s' }) };
}

/** `TOTE_SIGNING_SECRET` set, long enough to sign quote tokens and access handles on its own. */
export function checkSigningSecret(env: Env): Verdict {
  const name = 'signing secret';
  const secret = env.TOTE_SIGNING_SECRET?.trim() ?? '';
  const fix = 'set TOTE_SIGNING_SECRET to 32 random bytes or more (openssl rand -base64 32), the same on every instance';
  if (!secret) return { status: 'fail', name, detail: 'TOTE_SIGNING_SECRET is not set: quotes and order handles are signed with a key derived from the app secret, so rotating it voids them all', fix };
  if (secret.length < 32) return { status: 'fail', name, detail: `TOTE_SIGNING_SECRET has ${secret.length} characters`, fix };
  return { status: 'ok', name, detail: 'TOTE_SIGNING_SECRET is set' };
}

/** The publishable Stripe key the widget needs, from the service. */
export async function checkStripeKey(config: BffConfig): Promise<Verdict> {
  const name = 'Stripe key';
  try {
    const key = (await clientFor(config).getPaymentToken()).stripe_token;
    const mode = key.startsWith('pk_live_') ? 'live' : key.startsWith('pk_test_') ? 'test' : 'unknown mode';
    return { status: 'ok', name, detail: `the service hands out a publishable key (${mode})` };
  } catch (error) {
    return { status: 'fail', name, detail: `GET /v1/checkout/payment/token failed: ${classifyServiceFailure(error).why || (error as Error).message}`, fix: 'enable payments for the app in the dashboard (https://channel.violet.io) and check the credentials' };
  }
}

/** Redis answers a PING when `REDIS_URL` is set. */
export async function checkRedis(env: Env): Promise<Verdict> {
  const name = 'Redis';
  const url = env.REDIS_URL?.trim();
  if (!url) return { status: 'skip', name, detail: 'REDIS_URL is not set: stores in memory, one instance only' };
  const redis = connectRedis({ url, commandTimeoutMs: 3_000 });
  try {
    const ok = await redis.ping();
    return ok ? { status: 'ok', name, detail: `${new URL(url).host} answers` } : { status: 'fail', name, detail: `${new URL(url).host} does not answer a PING`, fix: 'check REDIS_URL, the Redis host and its password' };
  } finally {
    await redis.close().catch(() => {});
  }
}
