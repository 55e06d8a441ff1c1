import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { KeysetPage } from '../db/keyset.ts';
import type { MsgOf } from '../contractTypes.ts';
import { type PageRequest, pagedList, pageOldestFirst } from './listPaging.ts';
import { headerColumn, pageHeader } from './pageHeader.ts';

// Log rows as the logs screens show them. Columns that a writer may leave empty are sent as ''
// (or left out where the contract makes them optional) so a row never breaks the table.
type Db = Kysely<Database> | Transaction<Database>;
type LogRow = MsgOf<'appGetLogsDataV2'>['logs'][number];
type WebhookRecordRow = MsgOf<'appGetWebhookRecords'>['logs'][number];
type NativeCallRow = MsgOf<'appGetApiNativeCalls'>['logs'][number];
type Method = NonNullable<LogRow['method']>;

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const method = (m: string): Method => METHODS.find((x) => x === m.toUpperCase()) ?? 'GET';
/** Status codes outside HTTP's range (a call that got no answer) show as a server error. */
const status = (code: number | null) => (code !== null && code >= 100 && code <= 599 ? code : 599);

const API_LOG_COLUMNS = [
  'id', 'request_ts', 'execution_id', 'origin_org_name', 'integration_id', 'app_id', 'app_label', 'method', 'url', 'path',
  'status_code', 'status_message', 'native_api_call_count',
] as const;

export function toApiLogRow(r: Pick<Row<'api_logs'>, (typeof API_LOG_COLUMNS)[number]>): LogRow {
  return {
    logType: 'api',
    logId: r.execution_id,
    requestTimestamp: r.request_ts,
    originOrgName: r.origin_org_name,
    method: method(r.method),
    nativeApiCallCount: r.native_api_call_count,
    url: r.url,
    path: r.path,
    statusCode: status(r.status_code),
    statusMessage: r.status_message ?? '',
    appId: r.app_id ?? '',
    appLabel: r.app_label ?? '',
    integrationId: r.integration_id ?? '',
    executionId: r.execution_id,
  };
}

const WEBHOOK_LOG_COLUMNS = [
  'id', 'ts', 'origin_org_name', 'integration_id', 'app_id', 'app_label', 'sync_data_type', 'sync_data_type_label',
  'sync_run_id', 'sync_iteration_id', 'sync_job_id', 'native_api_call_count', 'path',
] as const;

export function toWebhookLogRow(r: Pick<Row<'webhook_logs'>, (typeof WEBHOOK_LOG_COLUMNS)[number]>): LogRow {
  return {
    logType: 'webhook',
    logId: `${r.sync_run_id}:${r.sync_iteration_id}`,
    timestamp: r.ts,
    originOrgName: r.origin_org_name,
    syncDataType: r.sync_data_type ?? '',
    syncDataTypeLabel: r.sync_data_type_label ?? r.sync_data_type ?? '',
    syncRunId: r.sync_run_id,
    syncIterationId: r.sync_iteration_id,
    syncJobId: r.sync_job_id ?? '',
    nativeApiCallCount: r.native_api_call_count,
    path: r.path ?? '',
    appId: r.app_id ?? '',
    appLabel: r.app_label ?? '',
    integrationId: r.integration_id ?? '',
  };
}

/** The columns a webhook-record row is built from (and paged on). */
const WEBHOOK_RECORD_COLUMNS = [
  'id', 'sync_run_id', 'sync_iteration_id', 'record_id', 'trace_id', 'request_ts', 'retry_call_count', 'native_api_call_count',
  'path', 'status_code', 'status_message', 'dispatch_status', 'replay_count', 'replayed_at',
] as const;
type WebhookRecord = Pick<Row<'webhook_records'>, (typeof WEBHOOK_RECORD_COLUMNS)[number]>;

export function toWebhookRecordRow(r: WebhookRecord): WebhookRecordRow {
  return {
    requestTimestamp: r.request_ts,
    recordId: r.record_id,
    traceId: r.trace_id ?? '',
    syncRunId: r.sync_run_id,
    ...(r.sync_iteration_id !== null ? { syncIterationId: r.sync_iteration_id } : {}),
    retryCallCount: r.retry_call_count,
    nativeApiCallCount: r.native_api_call_count,
    path: r.path ?? '',
    statusCode: r.status_code === null ? null : status(r.status_code),
    statusMessage: r.status_message,
    dispatchStatus: r.dispatch_status as WebhookRecordRow['dispatchStatus'],
    replayCount: r.replay_count,
    replayedAt: r.replayed_at === null ? null : Number(r.replayed_at),
  };
}

const NATIVE_CALL_COLUMNS = ['id', 'ts', 'method', 'path', 'status_code', 'status_message', 'app_id', 'app_label', 'duration_ms'] as const;

export function toNativeCallRow(r: Pick<Row<'native_calls'>, (typeof NATIVE_CALL_COLUMNS)[number]>): NativeCallRow {
  return {
    nativeCallId: String(r.id),
    timestamp: r.ts,
    method: method(r.method),
    path: r.path,
    statusCode: status(r.status_code),
    statusMessage: r.status_message ?? '',
    appId: r.app_id ?? '',
    appLabel: r.app_label ?? '',
    ...(r.duration_ms !== null && r.duration_ms >= 0 ? { durationMs: r.duration_ms } : {}),
  };
}

/** The webhook log that a sync run's webhook pages take their header from: a query of one row (or none). */
function webhookLogHeaderQuery(db: Db, orgId: string, syncRunId: string) {
  return db.selectFrom('webhook_logs').select(WEBHOOK_LOG_COLUMNS)
    .where('sync_run_id', '=', syncRunId).where('org_id', '=', orgId).limit(1);
}

/** The page header of a sync run's webhook pages from its webhook log (read with the page), else from its job. */
async function webhookRunHeader(db: Db, orgId: string, syncRunId: string, log: Pick<Row<'webhook_logs'>, (typeof WEBHOOK_LOG_COLUMNS)[number]> | undefined) {
  if (log) {
    const row = toWebhookLogRow(log);
    return { syncRunId, syncJobId: row.syncJobId!, originOrgName: row.originOrgName, appId: row.appId, appLabel: row.appLabel, integrationId: row.integrationId, syncDataTypeLabel: row.syncDataTypeLabel! };
  }
  const run = await db.selectFrom('sync_runs as r').innerJoin('sync_jobs as j', 'j.id', 'r.job_id')
    .select(['r.id', 'r.job_id', 'j.origin_org_name', 'j.app_id', 'j.app_label', 'j.integration_id', 'j.sync_data_type_label'])
    .where('r.id', '=', syncRunId).where('r.org_id', '=', orgId).executeTakeFirst();
  if (!run) return undefined;
  return { syncRunId, syncJobId: run.job_id, originOrgName: run.origin_org_name, appId: run.app_id, appLabel: run.app_label, integrationId: run.integration_id, syncDataTypeLabel: run.sync_data_type_label };
}

/** Filters of the logs table: end customer, category, and the start of the look-back. */
interface LogFilters {
  originOrgId?: string;
  category?: string;
  since: number;
}

/** The page of a log table under the logs screen's filters, newest first on (org_id[, origin_org_id][, category], ts, id). */
function logsPage<T extends 'api_logs' | 'webhook_logs', O>(ts: string, columns: (db: Kysely<Database>) => SelectQueryBuilder<Database, T, O>) {
  return pagedList({
    shapeOf: (f: LogFilters & { orgId: string }) => ({ origin: f.originOrgId !== undefined, category: f.category !== undefined }),
    build: (db, f, shape) => (columns(db) as SelectQueryBuilder<any, any, O>)
      .where('org_id', '=', f.orgId)
      .$if(shape.origin, (q) => q.where('origin_org_id', '=', f.originOrgId!))
      .$if(shape.category, (q) => q.where('category', '=', f.category!))
      .where(ts, '>=', f.since),
  }, { ts, id: 'id', idKind: 'integer' }, { monthlyPartitions: true });
}

const apiLogsPage = logsPage('request_ts', (db) => db.selectFrom('api_logs').select(API_LOG_COLUMNS));
const webhookLogsPage = logsPage('ts', (db) => db.selectFrom('webhook_logs').select(WEBHOOK_LOG_COLUMNS));

/** One page of API logs, newest first, read month by month on PostgreSQL's partitions. */
export async function pageApiLogs(db: Db, orgId: string, filters: LogFilters, request: PageRequest, now: number) {
  return apiLogsPage(db, { orgId, ...filters }, request, now);
}

/** One page of webhook logs, newest first: the same ranges on webhook_logs (…, ts, id). */
export async function pageWebhookLogs(db: Db, orgId: string, filters: LogFilters, request: PageRequest, now: number) {
  return webhookLogsPage(db, { orgId, ...filters }, request, now);
}

/** The organisation's API log of one execution, or undefined. */
export async function findApiLog(db: Db, orgId: string, executionId: string) {
  return db.selectFrom('api_logs').select(API_LOG_COLUMNS)
    .where('execution_id', '=', executionId).where('org_id', '=', orgId)
    .limit(1).executeTakeFirst();
}

/** Native calls made for one API execution, oldest first, paged on native_calls (execution_id, ts, id). */
export async function pageNativeCallsOfExecution(db: Db, orgId: string, executionId: string, request: PageRequest) {
  return pageOldestFirst(
    db.selectFrom('native_calls').select(NATIVE_CALL_COLUMNS).where('execution_id', '=', executionId).where('org_id', '=', orgId),
    request,
    { ts: 'ts', id: 'id', idKind: 'integer' },
  );
}

/** Native calls made for one webhook record, oldest first, paged on native_calls (record_id, ts, id). */
export async function pageNativeCallsOfRecord(db: Db, orgId: string, recordId: string, request: PageRequest) {
  return pageOldestFirst(
    db.selectFrom('native_calls').select(NATIVE_CALL_COLUMNS).where('record_id', '=', recordId).where('org_id', '=', orgId),
    request,
    { ts: 'ts', id: 'id', idKind: 'integer' },
  );
}

/**
 * The organisation's newest webhook record of a run with that record id (or trace id), within
 * one iteration when given. It seeks by the record's own id and checks the owner after: an
 * org_id condition or an ORDER BY in the query would let the planner walk the organisation's
 * records instead.
 */
export async function findWebhookRecord(
  db: Db,
  orgId: string,
  key: { syncRunId: string; recordId?: string; traceId?: string; syncIterationId?: string },
): Promise<WebhookRecord | undefined> {
  const candidates = await db.selectFrom('webhook_records').select([...WEBHOOK_RECORD_COLUMNS, 'org_id'])
    .$if(key.recordId !== undefined, (q) => q.where('record_id', '=', key.recordId!))
    .$if(key.recordId === undefined, (q) => q.where('trace_id', '=', key.traceId!))
    .where('sync_run_id', '=', key.syncRunId)
    .$if(!!key.syncIterationId, (q) => q.where('sync_iteration_id', '=', key.syncIterationId!))
    .execute();
  return candidates.filter((r) => r.org_id === orgId).sort((x, y) => y.request_ts - x.request_ts)[0];
}

// The run's own range; an org_id condition here would tempt SQLite to walk the organisation's
// records by time instead. The header (the run's webhook log) is checked for the organisation.
const runWebhookRecordsPage = pagedList({
  shapeOf: (v: { orgId: string; syncRunId: string; iteration?: string }) => ({ iteration: v.iteration !== undefined }),
  build: (db, v, shape) => db.selectFrom('webhook_records').select(WEBHOOK_RECORD_COLUMNS).select(headerColumn(db, webhookLogHeaderQuery(db, v.orgId, v.syncRunId)))
    .where('sync_run_id', '=', v.syncRunId)
    .$if(shape.iteration, (q) => q.where('sync_iteration_id', '=', v.iteration!)),
}, { ts: 'request_ts', id: 'id', idKind: 'integer' });

/**
 * Webhook records of one sync run (one iteration when given), newest first, paged on
 * webhook_records (sync_run_id[, sync_iteration_id], request_ts, id), with the run header: the
 * run's webhook log, read with the page (repositories/pageHeader.ts), else its job. The header is
 * undefined for a run of another organisation.
 */
export async function pageRunWebhookRecords(db: Db, orgId: string, syncRunId: string, iteration: string | undefined, request: PageRequest): Promise<{
  page: KeysetPage<WebhookRecord>;
  header: Awaited<ReturnType<typeof webhookRunHeader>>;
}> {
  const page = await runWebhookRecordsPage(db, { orgId, syncRunId, iteration }, request);
  const header = await webhookRunHeader(db, orgId, syncRunId, await pageHeader(page.items, () => webhookLogHeaderQuery(db, orgId, syncRunId)));
  return { page, header };
}
