import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPostgres } from '../../src/engine/db/dialect.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { DAY, demoAdmin, type OrgSession } from '../support/dataFixtures.ts';

// Every filter a data-screen list offers has an index that serves it: each statement a list call
// runs on the seeded demo is planned with SQLite's EXPLAIN QUERY PLAN, and every read of a table
// that grows with the data must seek on the index named for that call (or a key), never scan, and
// never sort for ORDER BY. SQLite plans from the schema alone, so a small demo shows the plan a
// million rows get; PostgreSQL plans by cost and statistics, so its plans are checked at scale by
// `npm run bench`, not on a test's small tables.
const GROWING = [
  'api_logs', 'webhook_logs', 'webhook_records', 'native_calls', 'sync_runs', 'sync_records', 'sync_jobs', 'integrated_accounts',
  'issues', 'usage_daily', 'usage_totals', 'end_customer_orgs', 'end_customer_account_counts', 'end_customer_usage_totals',
];

let t: TestEngine;
let demo: OrgSession;
beforeAll(async () => {
  t = await startTestEngine();
  demo = await demoAdmin(t);
});
afterAll(() => t?.close());

/** The accounts of a page's end customers: either index that starts (org_id, origin_org_id) seeks them. */
const PAGE_ACCOUNTS = ['integrated_accounts__org_id_origin_org_id_created_at_id', 'integrated_accounts__org_id_origin_org_id_category'];

type Call = { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; query?: Record<string, string>; indexes: string[] };

/** Tables read whole on purpose: catalog reference data (read once per process) and the JSON helpers' one-row subqueries. */
const WHOLE_READS = new Set(['categories', 'apps', 'obj']);

/** The plan lines of every statement a call runs (the session lookup left out). */
async function plansOf(call: Call): Promise<string[]> {
  const executor = t.engine.db.getExecutor();
  const spy = vi.spyOn(executor, 'executeQuery');
  let statements: CompiledQuery[];
  try {
    const res = await t.call(call.method, `/api/${call.path}`, { token: demo.token, body: call.body, query: call.query });
    expect(res.status, `${call.name}: ${JSON.stringify(res.body)}`).toBe(200);
    statements = spy.mock.calls.map(([query]) => query).filter((query) => !/\bfrom "sessions"/.test(query.sql));
  } finally {
    spy.mockRestore();
  }
  const lines: string[] = [];
  for (const query of statements) {
    const plan = await executor.executeQuery(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    lines.push(...(plan.rows as { detail: string }[]).map((row) => row.detail));
  }
  return lines;
}

/** What is wrong with one plan line of a call: a sort, a scan, or a seek on another index of a growing table. */
function problemOf(call: Call, line: string): string | undefined {
  if (/TEMP B-TREE FOR ORDER BY/.test(line)) return `${call.name} sorts a page: ${line}`;
  const scanned = /^SCAN (\w+)/.exec(line)?.[1];
  if (scanned && !WHOLE_READS.has(scanned)) return `${call.name} scans ${scanned}: ${line}`;
  const index = /USING (?:COVERING )?INDEX (\w+)/.exec(line)?.[1];
  const ofGrowingTable = index !== undefined && GROWING.some((table) => index.startsWith(`${table}__`));
  if (ofGrowingTable && !call.indexes.includes(index)) return `${call.name} seeks on ${index}, not on ${call.indexes.join(' or ')}: ${line}`;
  return undefined;
}

describe.skipIf(!!process.env.DATABASE_URL)('list plans on SQLite', () => {
  it('seeks every growing table on the index of the filter, and never sorts a page', async () => {
    expect(isPostgres(t.engine.db)).toBe(false);
    const db = t.engine.db;
    const org = demo.orgId;
    const run = await db.selectFrom('sync_records').select(['run_id', 'job_id']).where('org_id', '=', org).limit(1).executeTakeFirstOrThrow();
    const hook = await db.selectFrom('webhook_records').select(['sync_run_id', 'sync_iteration_id', 'record_id']).where('org_id', '=', org).limit(1).executeTakeFirstOrThrow();
    const account = await db.selectFrom('integrated_accounts').select(['id', 'origin_org_id', 'app_id']).where('org_id', '=', org).limit(1).executeTakeFirstOrThrow();
    const log = await db.selectFrom('api_logs').select('execution_id').where('org_id', '=', org).where('native_api_call_count', '>', 0).limit(1).executeTakeFirstOrThrow();
    const now = t.clock.now();
    const logs = (body: object, indexes: string[]): Omit<Call, 'name'> => ({ method: 'POST', path: 'app.getLogsDataV2', body, indexes });
    const accounts = (query: Record<string, string>, indexes: string[]): Omit<Call, 'name'> => ({ method: 'GET', path: 'app.getIntegrationAccounts', query, indexes });
    const byName: Record<string, Omit<Call, 'name'>> = {
      'API logs': logs({ isApiLogs: true }, ['api_logs__org_id_request_ts_id']),
      'API logs of an end customer': logs({ isApiLogs: true, originOrgId: account.origin_org_id }, ['api_logs__org_id_origin_org_id_request_ts_id']),
      'API logs of a category': logs({ isApiLogs: true, category: 'HRIS' }, ['api_logs__org_id_category_request_ts_id']),
      'webhook logs': logs({ isApiLogs: false }, ['webhook_logs__org_id_ts_id']),
      'webhook logs of an end customer': logs({ isApiLogs: false, originOrgId: account.origin_org_id }, ['webhook_logs__org_id_origin_org_id_ts_id']),
      'webhook logs of a category': logs({ isApiLogs: false, category: 'HRIS' }, ['webhook_logs__org_id_category_ts_id']),
      'sync jobs': { method: 'POST', path: 'app.dashboard/syncJobs', body: {}, indexes: ['sync_jobs__org_id_created_at_id'] },
      'sync jobs of an end customer': { method: 'POST', path: 'app.dashboard/syncJobs', body: { organization: account.origin_org_id }, indexes: ['sync_jobs__org_id_origin_org_id_created_at_id'] },
      'sync jobs of an integration': { method: 'POST', path: 'app.dashboard/syncJobs', body: { integration: account.id }, indexes: ['sync_jobs__org_id_integration_id_created_at_id', 'sync_jobs__org_id_integration_id'] },
      'sync runs': { method: 'POST', path: 'app.dashboard/syncRuns', body: { jobId: run.job_id }, indexes: ['sync_runs__job_id_started_at_id'] },
      'sync records': { method: 'POST', path: 'app.dashboard/syncRecords', body: { jobId: run.job_id, syncRunId: run.run_id }, indexes: ['sync_records__run_id_dispatched_at_id'] },
      'sync records by Audit ID': { method: 'POST', path: 'app.dashboard/syncRecords', body: { jobId: run.job_id, syncRunId: run.run_id }, query: { search: 'abc' }, indexes: ['sync_records__run_id_dispatched_at_id'] },
      'webhook records': { method: 'POST', path: 'app.getWebhookRecords', body: { syncRunId: hook.sync_run_id }, indexes: ['webhook_records__sync_run_id_request_ts_id', 'webhook_logs__sync_run_id'] },
      'webhook records of an iteration': {
        method: 'POST', path: 'app.getWebhookRecords', body: { syncRunId: hook.sync_run_id, syncIterationId: hook.sync_iteration_id },
        indexes: ['webhook_records__sync_run_id_sync_iteration_id_request_ts_id', 'webhook_logs__sync_run_id'],
      },
      'native calls of an API call': { method: 'POST', path: 'app.getApiNativeCalls', body: { executionId: log.execution_id }, indexes: ['api_logs__execution_id', 'native_calls__execution_id_ts_id'] },
      'native calls of a webhook record': {
        method: 'POST', path: 'app.getWebhookNativeCalls', body: { syncRunId: hook.sync_run_id, recordId: hook.record_id },
        indexes: ['webhook_records__record_id', 'native_calls__record_id_ts_id'],
      },
      'integrated accounts': accounts({}, ['integrated_accounts__org_id_created_at_id']),
      'integrated accounts in a state': accounts({ integrationState: 'error' }, ['integrated_accounts__org_id_integration_state_created_at_id']),
      'integrated accounts of a category': accounts({ category: 'HRIS' }, ['integrated_accounts__org_id_category_created_at_id']),
      'integrated accounts of an app': accounts({ appId: account.app_id }, ['integrated_accounts__org_id_app_id_created_at_id', 'integrated_accounts__org_id_app_id_category']),
      'integrated accounts of an end customer': accounts({ originOrgId: account.origin_org_id }, ['integrated_accounts__org_id_origin_org_id_created_at_id', 'integrated_accounts__org_id_origin_org_id_category']),
      'integrated accounts created in a range': accounts({ start: String(now - 90 * DAY), end: String(now) }, ['integrated_accounts__org_id_created_at_id', 'integrated_accounts__org_id_category_created_at_id']),
      organizations: { method: 'GET', path: 'app.getOrganizations', query: { timeFilter: 'all' }, indexes: ['end_customer_orgs__org_id_created_at_id', ...PAGE_ACCOUNTS] },
      'organizations of the last 30 days': {
        method: 'GET', path: 'app.getOrganizations', query: { timeFilter: 'last30' },
        indexes: ['end_customer_orgs__org_id_created_at_id', ...PAGE_ACCOUNTS, 'usage_daily__end_customer_counters'],
      },
      'integrations of an organization': { method: 'GET', path: 'app.getIntegrationsOfOrg', query: { orgId: account.origin_org_id, timeFilter: 'all' }, indexes: PAGE_ACCOUNTS },
      issues: { method: 'POST', path: 'app.issue.data', body: { type: 'all', timeFilter: 'all', status: 'all' }, indexes: ['issues__org_id_date_id'] },
      'issues of the last 30 days': { method: 'POST', path: 'app.issue.data', body: { type: 'all', timeFilter: 'last30', status: 'all' }, indexes: ['issues__org_id_date_id'] },
    };
    const calls: Call[] = Object.entries(byName).map(([name, call]) => ({ name, ...call }));

    const problems: string[] = [];
    for (const call of calls) {
      for (const line of await plansOf(call)) {
        const problem = problemOf(call, line);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });
});
