/**
 * What a connection health report means for an operator: the checks that
 * need their attention, how bad each is, and in which order merchants are
 * listed. Pure functions over the service's report, so the element only
 * renders and the rules are tested in Node.
 */
import type { ConnectionHealthReport } from '../../contract/operations.js';
import type { ErrorSku } from '../../contract/errors.js';
import { isFailingCheckStatus } from '../../contract/statuses.js';

/** The checks of a report, in the order the element shows them. */
export const CHECKS = [
  'connection',
  'scope_validation',
  'sync_status',
  'invalid_products',
  'offers_published',
  'payout_account',
  'commission_rate',
  'migration',
] as const;
export type CheckName = (typeof CHECKS)[number];

/**
 * `blocking`: the merchant cannot sell (not connected, disabled, a check failed).
 * `warning`: the merchant sells but something needs fixing.
 * `info`: worth showing, nothing to do (a sync still running).
 */
export type Severity = 'blocking' | 'warning' | 'info';

export type Issue =
  | { kind: 'merchant_status'; check: 'merchant'; severity: Severity; status: string }
  | { kind: 'not_connected'; check: 'connection'; severity: 'blocking' }
  | { kind: 'no_platform_plan'; check: 'connection'; severity: 'blocking' }
  | { kind: 'no_shipping_methods'; check: 'connection'; severity: 'blocking' }
  | { kind: 'missing_scopes'; check: 'scope_validation'; severity: 'warning'; scopes: string[] }
  | { kind: 'sync_in_progress'; check: 'sync_status'; severity: 'info'; synced: number; total: number }
  | { kind: 'sync_failed'; check: 'sync_status'; severity: 'warning' }
  | { kind: 'resync_required'; check: 'sync_status'; severity: 'warning' }
  | { kind: 'invalid_products'; check: 'invalid_products'; severity: 'warning' | 'info'; count: number; issues: string[] }
  | { kind: 'payout_incomplete'; check: 'payout_account'; severity: 'warning'; currentlyDue: string[]; pastDue: string[] }
  | { kind: 'payout_errors'; check: 'payout_account'; severity: 'warning'; messages: string[] }
  | { kind: 'migration_required'; check: 'migration'; severity: 'warning' }
  | { kind: 'check_error'; check: CheckName; severity: 'blocking'; message: string; skus: ErrorSku[] }
  | { kind: 'check_failed'; check: CheckName; severity: 'warning' };

export type IssueKind = Issue['kind'];

export interface MerchantHealth {
  report: ConnectionHealthReport;
  issues: Issue[];
  /** The worst severity among the issues; `ok` when there are none. */
  severity: Severity | 'ok';
  /** True when an operator has something to do (any blocking or warning issue). */
  needsAttention: boolean;
}

const SEVERITY_RANK: Record<Severity | 'ok', number> = { blocking: 0, warning: 1, info: 2, ok: 3 };

/** Merchant states in which the merchant cannot sell; the application states are not errors but still stop sales. */
const BLOCKING_MERCHANT_STATUSES = new Set(['DISABLED', 'DISABLED_INACTIVE', 'FOR_DELETION', 'APPLICATION_DENIED']);
const WARNING_MERCHANT_STATUSES = new Set([
  'INACTIVE',
  'NEW',
  'APPLICATION_IN_PROGRESS',
  'APPLICATION_SUBMITTED',
  'APPLICATION_ACCEPTED',
]);

function merchantStatusIssues(report: ConnectionHealthReport): Issue[] {
  const status = report.merchant_status;
  if (!status) return [];
  if (BLOCKING_MERCHANT_STATUSES.has(status)) return [{ kind: 'merchant_status', check: 'merchant', severity: 'blocking', status }];
  if (WARNING_MERCHANT_STATUSES.has(status)) return [{ kind: 'merchant_status', check: 'merchant', severity: 'warning', status }];
  return [];
}

function connectionIssues(report: ConnectionHealthReport): Issue[] {
  const r = report.connection?.results;
  if (!r) return [];
  // `isConnected` and `connected` both appear in real reports; either one false means not connected.
  if (r.isConnected === false || r.connected === false) return [{ kind: 'not_connected', check: 'connection', severity: 'blocking' }];
  const issues: Issue[] = [];
  if (r.hasActivePlatformPlan === false) issues.push({ kind: 'no_platform_plan', check: 'connection', severity: 'blocking' });
  if (r.hasShippingMethods === false) issues.push({ kind: 'no_shipping_methods', check: 'connection', severity: 'blocking' });
  return issues;
}

/** Missing scopes are reported in two places (`scope_validation` and `connection.storeScopes`); the operator sees one list. */
export function missingScopes(report: ConnectionHealthReport): string[] {
  const fromValidation = report.scope_validation?.results?.missing_scopes ?? [];
  const fromConnection = report.connection?.results?.storeScopes?.missingScopes ?? [];
  return [...new Set([...fromValidation, ...fromConnection])];
}

function scopeIssues(report: ConnectionHealthReport): Issue[] {
  const scopes = missingScopes(report);
  const invalid =
    report.scope_validation?.results?.valid === false || report.connection?.results?.storeScopes?.hasValidScopes === false;
  if (!scopes.length && !invalid) return [];
  return [{ kind: 'missing_scopes', check: 'scope_validation', severity: 'warning', scopes }];
}

/** Products synced so far out of the merchant's total, when the report says. */
export function syncProgress(report: ConnectionHealthReport): { synced: number; total: number } | undefined {
  const r = report.sync_status?.results;
  if (r?.total_products == null) return undefined;
  return { synced: r.total_products_synced ?? 0, total: r.total_products };
}

function syncIssues(report: ConnectionHealthReport): Issue[] {
  const r = report.sync_status?.results;
  if (!r) return [];
  const issues: Issue[] = [];
  const state = r.status ?? report.sync_status?.status;
  if (state === 'FAILED' || r.abort === true) issues.push({ kind: 'sync_failed', check: 'sync_status', severity: 'warning' });
  else if (state === 'IN_PROGRESS') {
    const progress = syncProgress(report) ?? { synced: 0, total: 0 };
    issues.push({ kind: 'sync_in_progress', check: 'sync_status', severity: 'info', ...progress });
  }
  if (r.resync_required === true) issues.push({ kind: 'resync_required', check: 'sync_status', severity: 'warning' });
  return issues;
}

/** Product issues that record a merchant's choice (a product kept off sale on purpose), not a fault. */
const INTENTIONAL_PRODUCT_ISSUES = new Set(['NOT_PUBLISHED', 'UNPUBLISHED']);

function invalidProductIssues(report: ConnectionHealthReport): Issue[] {
  const r = report.invalid_products?.results;
  const count = r?.count ?? 0;
  if (count <= 0) return [];
  const issues = r?.invalid_product?.issues ?? [];
  // The report names one example product; when its only issue is that it is unpublished, the
  // merchant's products are withheld on purpose and the merchant needs no attention for it.
  const intentional = issues.length > 0 && issues.every((i) => INTENTIONAL_PRODUCT_ISSUES.has(i.trim().toUpperCase()));
  return [{ kind: 'invalid_products', check: 'invalid_products', severity: intentional ? 'info' : 'warning', count, issues }];
}

/** What the payment provider still needs before the merchant can be paid. */
export function payoutRequirements(report: ConnectionHealthReport): { currentlyDue: string[]; pastDue: string[] } {
  const details = report.payout_account?.results?.details;
  return { currentlyDue: details?.currentlyDue ?? [], pastDue: details?.pastDue ?? [] };
}

function payoutIssues(report: ConnectionHealthReport): Issue[] {
  const account = report.payout_account?.results;
  if (!account) return [];
  const issues: Issue[] = [];
  const { currentlyDue, pastDue } = payoutRequirements(report);
  const incomplete =
    account.status === 'INCOMPLETE' ||
    account.payouts_enabled === false ||
    account.details?.payoutsEnabled === false ||
    currentlyDue.length > 0 ||
    pastDue.length > 0;
  if (incomplete) issues.push({ kind: 'payout_incomplete', check: 'payout_account', severity: 'warning', currentlyDue, pastDue });
  const messages = account.errors
    .filter((e) => e.resolved !== true && e.error_message)
    .map((e) => e.error_message as string);
  if (messages.length) issues.push({ kind: 'payout_errors', check: 'payout_account', severity: 'warning', messages });
  return issues;
}

function migrationIssues(report: ConnectionHealthReport): Issue[] {
  return report.migration?.results === 'MIGRATION_REQUIRED'
    ? [{ kind: 'migration_required', check: 'migration', severity: 'warning' }]
    : [];
}

/** The `error` a check carries, with its message and the SKUs it names. */
export function checkError(report: ConnectionHealthReport, check: CheckName): Extract<Issue, { kind: 'check_error' }> | undefined {
  const error = report[check]?.error;
  if (!error) return undefined;
  return {
    kind: 'check_error',
    check,
    severity: 'blocking',
    message: error.message ?? error.error ?? '',
    skus: error.data?.skus ?? [],
  };
}

function errorIssues(report: ConnectionHealthReport): Issue[] {
  const issues: Issue[] = [];
  for (const check of CHECKS) {
    const issue = checkError(report, check);
    if (issue) issues.push(issue);
  }
  // A commission override that failed is as much an error as the rate itself failing.
  for (const override of report.commission_rate?.overrides ?? []) {
    if (override.error) {
      issues.push({
        kind: 'check_error',
        check: 'commission_rate',
        severity: 'blocking',
        message: override.error.message ?? override.error.error ?? '',
        skus: override.error.data?.skus ?? [],
      });
    }
  }
  return issues;
}

/** A check marked FAILED (or NEEDS_ATTENTION) that says nothing more is still worth a look. */
function unexplainedFailures(report: ConnectionHealthReport, explained: Issue[]): Issue[] {
  return CHECKS.filter(
    (check) => isFailingCheckStatus(report[check]?.status) && !explained.some((i) => i.check === check),
  ).map((check) => ({ kind: 'check_failed', check, severity: 'warning' }));
}

export function assessMerchant(report: ConnectionHealthReport): MerchantHealth {
  const explained = [
    ...merchantStatusIssues(report),
    ...connectionIssues(report),
    ...scopeIssues(report),
    ...syncIssues(report),
    ...invalidProductIssues(report),
    ...payoutIssues(report),
    ...migrationIssues(report),
    ...errorIssues(report),
  ];
  const issues = [...explained, ...unexplainedFailures(report, explained)];
  const severity = issues.reduce<Severity | 'ok'>(
    (worst, i) => (SEVERITY_RANK[i.severity] < SEVERITY_RANK[worst] ? i.severity : worst),
    'ok',
  );
  return { report, issues, severity, needsAttention: severity === 'blocking' || severity === 'warning' };
}

/** Issues of one check, for rendering that check's cell. */
export function issuesOf(health: MerchantHealth, check: CheckName | 'merchant'): Issue[] {
  return health.issues.filter((i) => i.check === check);
}

const attentionCount = (h: MerchantHealth) => h.issues.filter((i) => i.severity !== 'info').length;

/** Worst first; then the merchant with more to fix; then by name, then id, so the order is stable. */
export function compareByStatus(a: MerchantHealth, b: MerchantHealth): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    attentionCount(b) - attentionCount(a) ||
    compareByName(a, b)
  );
}

export function compareByName(a: MerchantHealth, b: MerchantHealth): number {
  const an = a.report.merchant_name ?? '';
  const bn = b.report.merchant_name ?? '';
  return an.localeCompare(bn) || a.report.merchant_id - b.report.merchant_id;
}

export type HealthFilter = 'attention' | 'all';
export type HealthSort = 'status' | 'name';

/** The rows the element shows for a filter and sort. */
export function arrangeHealth(
  reports: readonly ConnectionHealthReport[],
  { filter, sort }: { filter: HealthFilter; sort: HealthSort },
): MerchantHealth[] {
  const all = reports.map(assessMerchant);
  const shown = filter === 'attention' ? all.filter((h) => h.needsAttention) : all;
  return shown.sort(sort === 'status' ? compareByStatus : compareByName);
}

/** Replaces one merchant's report (after a refresh), keeping the others and their order. */
export function replaceReport(
  reports: readonly ConnectionHealthReport[],
  next: ConnectionHealthReport,
): ConnectionHealthReport[] {
  const found = reports.some((r) => r.merchant_id === next.merchant_id);
  return found ? reports.map((r) => (r.merchant_id === next.merchant_id ? next : r)) : [...reports, next];
}
