import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/engine/db/schema.ts';
import { encodeCursor } from '../src/engine/db/keyset.ts';

// The list calls of the data screens as the bench measures them: the first page of each, and for
// API logs, sync runs and integrated accounts also a page as deep as the data allows, by keyset
// (the previous page's cursor) and by OFFSET (the baseline).
export type Api = (method: 'GET' | 'POST', path: string, body?: object) => Promise<Record<string, unknown>>;

export interface ListCase {
  name: string;
  depth: number;
  call: () => Promise<unknown>;
  /** Set on OFFSET baselines: fewer samples (a deep OFFSET page takes seconds). */
  baseline?: boolean;
}

const YEAR_MS = 31_536_000_000;
/** The look-back of the measured logs pages (the floor, floorServer.ts, reads the same page). */
export const LOGS_LOOK_BACK_MS = YEAR_MS;

/** The bare-driver floor of a list call (floorServer.ts), measured after the engine's lists in the same run. */
export const FLOOR_CASE = 'Floor: API logs, first page, the statement alone (no engine)';
const pageDepth = (rows: number) => Math.max(0, Math.floor((rows - 10) / 10) * 10);

/** Builds the cases against the seeded demo organisation; setup queries go to the database directly. */
export async function listCases(db: Kysely<Database>, api: Api, orgId: string, apiLogRows: number): Promise<ListCase[]> {
  const now = Date.now();
  const query = (params: Record<string, string>) => new URLSearchParams({ limit: '10', ...params }).toString();
  const cases: ListCase[] = [];

  // API logs: page numbers; a deep page with the previous page's cursor, or by OFFSET.
  const logs = (extra: object) => api('POST', 'app.getLogsDataV2', { limit: 10, isApiLogs: true, timestamp: LOGS_LOOK_BACK_MS, ...extra });
  const logDepth = pageDepth(apiLogRows);
  const previousLogs = await logs({ pageNo: logDepth / 10 }) as { nextCursor: string };
  cases.push(
    { name: 'API logs, first page', depth: 0, call: () => logs({ pageNo: 1 }) },
    { name: 'API logs, deep page (keyset)', depth: logDepth, call: () => logs({ pageNo: logDepth / 10 + 1, cursor: previousLogs.nextCursor }) },
    { name: 'API logs, deep page (OFFSET baseline)', depth: logDepth, call: () => logs({ pageNo: logDepth / 10 + 1 }), baseline: true },
    { name: 'Webhook logs, first page', depth: 0, call: () => logs({ pageNo: 1, isApiLogs: false }) },
  );

  // Sync runs of the busiest job: a cursor list; the baseline is the same query by OFFSET in SQL.
  const job = await db.selectFrom('sync_runs').select(['job_id', sql<number>`count(*)`.as('runs')]).where('org_id', '=', orgId)
    .groupBy('job_id').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirstOrThrow();
  const runsQuery = () => db.selectFrom('sync_runs').select(['id', 'started_at']).where('job_id', '=', job.job_id)
    .where('started_at', '>=', now - YEAR_MS).where('started_at', '<=', now).orderBy('started_at', 'desc').orderBy('id', 'desc');
  const runDepth = pageDepth(Number(job.runs));
  const runs = (cursor?: string) => api('POST', 'app.dashboard/syncRuns', { jobId: job.job_id, limit: 10, start: now - YEAR_MS, end: now, cursor: cursor ?? null });
  const lastBefore = runDepth > 0 ? await runsQuery().offset(runDepth - 1).limit(1).executeTakeFirstOrThrow() : undefined;
  const runCursor = lastBefore ? encodeCursor({ ts: lastBefore.started_at, id: lastBefore.id }) : undefined;
  cases.push(
    { name: 'Sync jobs, first page', depth: 0, call: () => api('POST', 'app.dashboard/syncJobs', { pageNo: 1, limit: 10 }) },
    { name: 'Sync runs, first page', depth: 0, call: () => runs() },
    { name: 'Sync runs, deep page (keyset)', depth: runDepth, call: () => runs(runCursor) },
    { name: 'Sync runs, deep page (OFFSET baseline, SQL)', depth: runDepth, call: () => runsQuery().offset(runDepth).limit(10).execute(), baseline: true },
  );

  // Records of the run with the most records.
  const run = await db.selectFrom('sync_records').select(['run_id', 'job_id']).where('org_id', '=', orgId)
    .groupBy(['run_id', 'job_id']).orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirst();
  if (run) cases.push({ name: 'Sync records, first page', depth: 0, call: () => api('POST', 'app.dashboard/syncRecords', { jobId: run.job_id, syncRunId: run.run_id, limit: 10 }) });
  const webhookRun = await db.selectFrom('webhook_records').select('sync_run_id').where('org_id', '=', orgId)
    .groupBy('sync_run_id').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirst();
  if (webhookRun) cases.push({ name: 'Webhook records, first page', depth: 0, call: () => api('POST', 'app.getWebhookRecords', { syncRunId: webhookRun.sync_run_id, pageNo: 1, limit: 10 }) });

  // Integrated accounts: page numbers like the logs.
  const accounts = (params: Record<string, string>) => api('GET', `app.getIntegrationAccounts?${query(params)}`);
  const accountCount = Number((await db.selectFrom('integrated_accounts').select(sql<number>`count(*)`.as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);
  const accountDepth = pageDepth(accountCount);
  const beforeAccounts = accountDepth > 0 ? await accounts({ pageNo: String(accountDepth / 10) }) as { nextCursor: string } : undefined;
  cases.push(
    { name: 'Integrated accounts, first page', depth: 0, call: () => accounts({ pageNo: '1' }) },
    { name: 'Integrated accounts, deep page (keyset)', depth: accountDepth, call: () => accounts({ pageNo: String(accountDepth / 10 + 1), ...(beforeAccounts ? { cursor: beforeAccounts.nextCursor } : {}) }) },
    { name: 'Integrated accounts, deep page (OFFSET baseline)', depth: accountDepth, call: () => accounts({ pageNo: String(accountDepth / 10 + 1) }), baseline: true },
  );

  // Organizations, the integrations of the busiest one, and issues.
  const customer = await db.selectFrom('integrated_accounts').select(['origin_org_id']).where('org_id', '=', orgId)
    .groupBy('origin_org_id').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirstOrThrow();
  cases.push(
    { name: 'Organizations, first page', depth: 0, call: () => api('GET', `app.getOrganizations?${query({ pageNo: '1', timeFilter: 'all' })}`) },
    { name: 'Integrations of an organization', depth: 0, call: () => api('GET', `app.getIntegrationsOfOrg?${new URLSearchParams({ orgId: customer.origin_org_id, timeFilter: 'all' })}`) },
    { name: 'Issues, first page', depth: 0, call: () => api('POST', 'app.issue.data', { type: 'all', timeFilter: 'last30', status: 'all', limit: 10, cursor: null }) },
  );
  return cases;
}
