import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConnectionHealthReportSchema, ConnectionHealthSchema } from '../../src/contract/operations.js';
import {
  arrangeHealth,
  assessMerchant,
  checkError,
  missingScopes,
  replaceReport,
  syncProgress,
} from '../../src/elements/merchant-health/health-model.js';
import {
  healthyMerchants,
  healthyReport,
  missingScopesReport,
  needsAttentionReport,
  payoutIncompleteReport,
  seededMerchants,
  syncInProgressReport,
} from '../../stories/fixtures/operator.js';

const kinds = (report: Parameters<typeof assessMerchant>[0]) => assessMerchant(report).issues.map((i) => i.kind);

describe('health model: fixtures', () => {
  it('every fixture is a report the contract schema accepts', () => {
    for (const report of seededMerchants) ConnectionHealthReportSchema.parse(report);
  });
});

describe('health model: assessing one merchant', () => {
  it('a merchant whose checks all pass needs no attention', () => {
    for (const report of healthyMerchants) {
      const health = assessMerchant(report);
      assert.deepEqual(health.issues, []);
      assert.equal(health.severity, 'ok');
      assert.equal(health.needsAttention, false);
    }
  });

  it('not connected is blocking, whichever of the two flags says so', () => {
    const base = healthyReport(1, 'A');
    for (const flag of ['isConnected', 'connected'] as const) {
      const report = healthyReport(1, 'A', {
        connection: { ...base.connection, results: { ...base.connection!.results, [flag]: false } },
      });
      const health = assessMerchant(report);
      assert.deepEqual(kinds(report), ['not_connected']);
      assert.equal(health.severity, 'blocking');
      assert.equal(health.needsAttention, true);
    }
  });

  it('a connection without shipping methods or platform plan is blocking', () => {
    const base = healthyReport(1, 'A');
    const report = healthyReport(1, 'A', {
      connection: {
        ...base.connection,
        results: { ...base.connection!.results, hasShippingMethods: false, hasActivePlatformPlan: false },
      },
    });
    assert.deepEqual(kinds(report), ['no_platform_plan', 'no_shipping_methods']);
  });

  it('missing scopes from both places are listed once each', () => {
    assert.deepEqual(missingScopes(missingScopesReport), ['read_inventory', 'write_fulfillments']);
    const issue = assessMerchant(missingScopesReport).issues.find((i) => i.kind === 'missing_scopes');
    assert.deepEqual(issue && 'scopes' in issue && issue.scopes, ['read_inventory', 'write_fulfillments']);
    assert.equal(assessMerchant(missingScopesReport).severity, 'warning');
  });

  it('invalid scopes without names are still flagged', () => {
    const report = healthyReport(1, 'A', { scope_validation: { status: 'COMPLETE', results: { valid: false, missing_scopes: [] } } });
    assert.deepEqual(kinds(report), ['missing_scopes']);
  });

  it('a running sync is shown with its progress but needs no attention', () => {
    assert.deepEqual(syncProgress(syncInProgressReport), { synced: 120, total: 480 });
    const health = assessMerchant(syncInProgressReport);
    assert.deepEqual(health.issues, [{ kind: 'sync_in_progress', check: 'sync_status', severity: 'info', synced: 120, total: 480 }]);
    assert.equal(health.severity, 'info');
    assert.equal(health.needsAttention, false);
  });

  it('a failed or aborted sync and a required resync need attention', () => {
    const base = healthyReport(1, 'A').sync_status!;
    const failed = healthyReport(1, 'A', { sync_status: { ...base, results: { ...base.results, status: 'FAILED' } } });
    const aborted = healthyReport(1, 'A', { sync_status: { ...base, results: { ...base.results, abort: true, resync_required: true } } });
    assert.deepEqual(kinds(failed), ['sync_failed']);
    assert.deepEqual(kinds(aborted), ['sync_failed', 'resync_required']);
  });

  it('invalid products carry their count and issues', () => {
    const issue = assessMerchant(needsAttentionReport).issues.find((i) => i.kind === 'invalid_products');
    assert.deepEqual(issue, {
      kind: 'invalid_products',
      check: 'invalid_products',
      severity: 'warning',
      count: 3,
      issues: ['missing price', 'no images'],
    });
  });

  it('an incomplete payout account lists what is currently due and past due', () => {
    const issue = assessMerchant(payoutIncompleteReport).issues.find((i) => i.kind === 'payout_incomplete');
    assert.deepEqual(issue && 'currentlyDue' in issue && issue.currentlyDue, ['external_account', 'individual.verification.document']);
    const attention = assessMerchant(needsAttentionReport).issues.find((i) => i.kind === 'payout_incomplete');
    assert.deepEqual(attention && 'pastDue' in attention && attention.pastDue, ['individual.id_number']);
  });

  it('unresolved payout account errors are surfaced, resolved ones are not', () => {
    const base = healthyReport(1, 'A').payout_account!;
    const report = healthyReport(1, 'A', {
      payout_account: {
        ...base,
        results: {
          ...base.results!,
          errors: [
            { error_message: 'Bank account rejected', resolved: false },
            { error_message: 'Old problem', resolved: true },
          ],
        },
      },
    });
    const issue = assessMerchant(report).issues.find((i) => i.kind === 'payout_errors');
    assert.deepEqual(issue && 'messages' in issue && issue.messages, ['Bank account rejected']);
  });

  it('a required migration needs attention', () => {
    assert.ok(kinds(needsAttentionReport).includes('migration_required'));
  });

  it('a status object carrying an error is blocking and keeps its message and SKUs', () => {
    const issue = checkError(needsAttentionReport, 'offers_published');
    assert.equal(issue?.message, 'Two SKUs could not be published');
    assert.deepEqual(issue?.skus.map((s) => s.sku_id), [70071, 70072]);
    assert.equal(assessMerchant(needsAttentionReport).severity, 'blocking');
  });

  it('an error on a commission override counts too', () => {
    const report = healthyReport(1, 'A', {
      commission_rate: {
        default_rate: 10,
        overrides: [{ app_id: 10001, rate: 12, error: { message: 'Rate locked', ids: [] } }],
      },
    });
    const issue = assessMerchant(report).issues.find((i) => i.kind === 'check_error');
    assert.equal(issue && 'message' in issue && issue.message, 'Rate locked');
  });

  it('a disabled merchant is blocking; a new one is a warning', () => {
    assert.equal(assessMerchant(healthyReport(1, 'A', { merchant_status: 'DISABLED' })).severity, 'blocking');
    assert.equal(assessMerchant(healthyReport(1, 'A', { merchant_status: 'NEW' })).severity, 'warning');
  });

  it('a check marked FAILED with nothing else to say still needs a look', () => {
    const report = healthyReport(1, 'A', { migration: { status: 'FAILED' } });
    assert.deepEqual(assessMerchant(report).issues, [{ kind: 'check_failed', check: 'migration', severity: 'warning' }]);
  });

  it('a report with checks absent (null) is not an error', () => {
    const sparse = ConnectionHealthReportSchema.parse({ merchant_id: 9, connection: null, payout_account: null });
    assert.deepEqual(assessMerchant(sparse).issues, []);
  });
});

describe('health model: the contract fixture (real-shaped reports)', () => {
  const reports = ConnectionHealthSchema.parse(
    JSON.parse(readFileSync(new URL('../fixtures/connection-health.json', import.meta.url), 'utf8')),
  );

  it('flags the merchant with errors, missing scopes and a migration, and puts it first', () => {
    const rows = arrangeHealth(reports, { filter: 'all', sort: 'status' });
    const [first] = rows;
    assert.equal(first!.report.merchant_id, 1007);
    assert.equal(first!.severity, 'blocking');
    const k = first!.issues.map((i) => i.kind);
    for (const kind of ['no_shipping_methods', 'missing_scopes', 'migration_required', 'check_error'] as const) {
      assert.ok(k.includes(kind), kind);
    }
    assert.deepEqual(
      first!.issues.filter((i) => i.kind === 'check_error').map((i) => i.check),
      ['connection', 'payout_account'],
    );
  });

  it('a resolved payout error is not an issue; an invalid product is', () => {
    const health = assessMerchant(reports.find((r) => r.merchant_id === 1001)!);
    assert.deepEqual(health.issues.map((i) => [i.kind, i.severity]), [['invalid_products', 'warning']]);
  });

  it('products unpublished on purpose are noted but need no attention', () => {
    const base = healthyReport(1, 'A');
    const report = healthyReport(1, 'A', {
      invalid_products: { ...base.invalid_products!, results: { count: 3, invalid_product: { name: 'Lamp', issues: ['NOT_PUBLISHED'] } } },
    });
    const health = assessMerchant(report);
    assert.deepEqual(health.issues.map((i) => [i.kind, i.severity]), [['invalid_products', 'info']]);
    assert.equal(health.needsAttention, false);
  });

  it('an invalid product with a real issue beside NOT_PUBLISHED still needs attention', () => {
    const base = healthyReport(1, 'A');
    const report = healthyReport(1, 'A', {
      invalid_products: { ...base.invalid_products!, results: { count: 2, invalid_product: { name: 'Lamp', issues: ['NOT_PUBLISHED', 'missing price'] } } },
    });
    const health = assessMerchant(report);
    assert.deepEqual(health.issues.map((i) => [i.kind, i.severity]), [['invalid_products', 'warning']]);
    assert.equal(health.needsAttention, true);
  });
});

describe('health model: filter and sort', () => {
  it('sorting by status puts the merchant that needs attention first, the healthy ones last by name', () => {
    const rows = arrangeHealth(seededMerchants, { filter: 'all', sort: 'status' });
    assert.deepEqual(
      rows.map((h) => h.report.merchant_id),
      [1007, 1005, 1004, 1006, 1003, 1002, 1001],
    );
  });

  it('warnings with more to fix come before warnings with less', () => {
    const twoToFix = { ...payoutIncompleteReport, merchant_name: 'Zephyr Goods', migration: needsAttentionReport.migration };
    const rows = arrangeHealth([missingScopesReport, twoToFix], {
      filter: 'all',
      sort: 'status',
    });
    assert.deepEqual(rows.map((h) => h.report.merchant_id), [1005, 1004]);
  });

  it('the needs-attention filter hides healthy merchants and running syncs', () => {
    const rows = arrangeHealth(seededMerchants, { filter: 'attention', sort: 'status' });
    assert.deepEqual(rows.map((h) => h.report.merchant_id), [1007, 1005, 1004]);
  });

  it('sorting by name ignores status', () => {
    const rows = arrangeHealth(seededMerchants, { filter: 'all', sort: 'name' });
    assert.deepEqual(
      rows.map((h) => h.report.merchant_name),
      [...seededMerchants.map((r) => r.merchant_name!)].sort((a, b) => a.localeCompare(b)),
    );
  });

  it('replacing one report keeps the others and their order', () => {
    const fixed = healthyReport(1007, 'Kettle & Kiln');
    const next = replaceReport(seededMerchants, fixed);
    assert.equal(next.length, seededMerchants.length);
    assert.equal(next[6], fixed);
    assert.deepEqual(next.slice(0, 6), seededMerchants.slice(0, 6));
    assert.equal(replaceReport(healthyMerchants, fixed).length, healthyMerchants.length + 1);
  });
});
