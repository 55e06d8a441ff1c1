import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { MsgOf } from '../handlers/types.ts';

// Log rows as the logs screens show them. Columns that a writer may leave empty are sent as ''
// (or left out where the contract makes them optional) so a row never breaks the table.
type Db = Kysely<Database> | Transaction<Database>;
export type LogRow = MsgOf<'appGetLogsDataV2'>['logs'][number];
export type WebhookRecordRow = MsgOf<'appGetWebhookRecords'>['logs'][number];
export type NativeCallRow = MsgOf<'appGetApiNativeCalls'>['logs'][number];
type Method = NonNullable<LogRow['method']>;

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const method = (m: string): Method => METHODS.find((x) => x === m.toUpperCase()) ?? 'GET';
/** Status codes outside HTTP's range (a call that got no answer) show as a server error. */
const status = (code: number | null) => (code !== null && code >= 100 && code <= 599 ? code : 599);

export const API_LOG_COLUMNS = [
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

export const WEBHOOK_LOG_COLUMNS = [
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

export function toWebhookRecordRow(r: Row<'webhook_records'>): WebhookRecordRow {
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
  };
}

export const NATIVE_CALL_COLUMNS = ['id', 'ts', 'method', 'path', 'status_code', 'status_message', 'app_id', 'app_label', 'duration_ms'] as const;

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
export function webhookLogHeaderQuery(db: Db, orgId: string, syncRunId: string) {
  return db.selectFrom('webhook_logs').select(WEBHOOK_LOG_COLUMNS)
    .where('sync_run_id', '=', syncRunId).where('org_id', '=', orgId).limit(1);
}

/** The page header of a sync run's webhook pages from its webhook log (read with the page), else from its job. */
export async function webhookRunHeader(db: Db, orgId: string, syncRunId: string, log: Pick<Row<'webhook_logs'>, (typeof WEBHOOK_LOG_COLUMNS)[number]> | undefined) {
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
