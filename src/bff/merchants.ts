/**
 * Which merchants a shopper may buy from, from the service's connection
 * health. A merchant is shoppable only when it is connected, has shipping
 * methods and needs no attention: missing scopes, an incomplete payout
 * account or a failed check all hide its offers.
 */
import type { ServiceClient } from '../contract/client.js';
import type { ConnectionHealthReport } from '../contract/operations.js';
import { isFailingCheckStatus } from '../contract/statuses.js';

const CHECKS = ['connection', 'scope_validation', 'sync_status', 'invalid_products', 'offers_published', 'payout_account', 'migration'] as const;

export function isShoppable(report: ConnectionHealthReport): boolean {
  if (report.merchant_status != null && report.merchant_status !== 'ACTIVE') return false;
  const conn = report.connection?.results;
  if (!conn || conn.isConnected === false || conn.connected === false || (conn.isConnected ?? conn.connected) !== true) return false;
  if (conn.hasShippingMethods === false || conn.hasActivePlatformPlan === false) return false;
  return !needsAttention(report);
}

export function needsAttention(report: ConnectionHealthReport): boolean {
  const scopes = report.scope_validation?.results;
  const storeScopes = report.connection?.results?.storeScopes;
  if (scopes?.valid === false || (scopes?.missing_scopes.length ?? 0) > 0) return true;
  if (storeScopes?.hasValidScopes === false || (storeScopes?.missingScopes.length ?? 0) > 0) return true;
  const payout = report.payout_account?.results;
  if (payout) {
    const due = payout.details;
    if (payout.status === 'INCOMPLETE' || payout.payouts_enabled === false) return true;
    if ((due?.currentlyDue.length ?? 0) > 0 || (due?.pastDue.length ?? 0) > 0) return true;
    if (payout.errors.some((e) => e.resolved !== true)) return true;
  }
  if (report.migration?.results === 'MIGRATION_REQUIRED') return true;
  if (CHECKS.some((check) => report[check]?.error != null || isFailingCheckStatus(report[check]?.status))) return true;
  return report.commission_rate?.error != null;
}

export interface HealthDirectory {
  /**
   * Every report, reused for `ttlMs`; concurrent callers share one upstream call. A failed read
   * rejects (shoppability fails closed: no merchant counts as shoppable), and is tried again
   * after `retryMs` rather than on every request meanwhile.
   */
  reports(): Promise<ConnectionHealthReport[]>;
  find(merchantId: number): Promise<ConnectionHealthReport | undefined>;
  invalidate(): void;
}

/** How soon a failed health read is tried again (the client has already retried it within its own budget). */
export const HEALTH_RETRY_MS = 2_000;

export function createHealthDirectory(client: ServiceClient, ttlMs: number, now = Date.now, retryMs = HEALTH_RETRY_MS): HealthDirectory {
  let cached: { at: number; reports: ConnectionHealthReport[] } | undefined;
  let failed: { at: number; error: unknown } | undefined;
  let inFlight: Promise<ConnectionHealthReport[]> | undefined;
  let generation = 0;
  const reports = async () => {
    if (cached && now() - cached.at < ttlMs) return cached.reports;
    if (failed && now() - failed.at < retryMs) throw failed.error;
    if (!inFlight) {
      const started = generation;
      inFlight = client
        .connectionHealth()
        .then(
          (r) => {
            if (started === generation) cached = { at: now(), reports: r };
            failed = undefined;
            return r;
          },
          (error: unknown) => {
            failed = { at: now(), error };
            throw error;
          },
        )
        .finally(() => (inFlight = undefined));
    }
    return inFlight;
  };
  return {
    reports,
    async find(merchantId) {
      return (await reports()).find((r) => r.merchant_id === merchantId);
    },
    invalidate() {
      generation++;
      cached = undefined;
      failed = undefined;
    },
  };
}
