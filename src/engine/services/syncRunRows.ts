import { ID_PREFIX, newId } from '../db/ids.ts';
import type { NewRow } from '../db/schema.ts';
import type { ClaimedJob } from '../repositories/syncJobClaims.ts';
import type { RunLogRows } from '../repositories/syncRunWrites.ts';
import type { RecordChange } from './syncDiff.ts';
import { deletedEventData, syncEvent, type SyncShape } from './syncEvents.ts';
import type { RecordedNativeCall } from './unifiedCalls.ts';

/*
 * The rows a completed run writes for its changed records, as the syncs and webhook logs screens
 * read them (and as the seed writes them): one sync record (audit id, event type, the models it
 * carries) and one webhook record (pending until delivered) per change, grouped in iterations,
 * one per app page that had changes (deletions in an iteration of their own), each a webhook log
 * row with the native calls that read its page, which belong to the iteration's first record; and
 * one outbox row per change with the signed event to deliver.
 */
export interface CompletedRun {
  job: ClaimedJob;
  runId: string;
  syncType: 'initial_sync' | 'delta_sync';
  shape: SyncShape;
  changes: RecordChange[];
  /** Native calls of each app page, in page order. */
  pageCalls: RecordedNativeCall[][];
  /** The path of the category's webhook URL, when it has one. */
  webhookPath: string | null;
  now: number;
}

export interface CompletedRunRows extends RunLogRows {
  outbox: NewRow<'webhook_outbox'>[];
}

export function completedRunRows(run: CompletedRun): CompletedRunRows {
  const { job, now } = run;
  const rows: CompletedRunRows = { syncRecords: [], webhookLogs: [], webhookRecords: [], nativeCalls: [], outbox: [] };
  const models = JSON.stringify(run.shape.models.map((m) => ({ label: m.name, value: m.id })));
  const iterations = new Map<number | 'deleted', { id: string; nativeCount: number }>();

  for (const change of run.changes) {
    const page = change.page ?? 'deleted';
    const recordId = newId(ID_PREFIX.webhookRecord);
    const traceId = newId(ID_PREFIX.trace);
    let iteration = iterations.get(page);
    let natives: RecordedNativeCall[] = [];
    if (!iteration) {
      natives = change.page === null ? [] : run.pageCalls[change.page] ?? [];
      iteration = { id: newId(ID_PREFIX.syncIteration), nativeCount: natives.length };
      iterations.set(page, iteration);
    }
    for (const call of natives) {
      rows.nativeCalls.push({
        org_id: job.org_id, execution_id: null, record_id: recordId, trace_id: traceId, ts: call.startedAt, method: call.method, path: call.path,
        status_code: call.status, status_message: call.statusMessage, app_id: job.app_id, app_label: job.app_label, duration_ms: Math.round(call.durationMs),
      });
    }
    const auditId = newId(ID_PREFIX.audit);
    rows.syncRecords.push({ run_id: run.runId, job_id: job.id, org_id: job.org_id, audit_id: auditId, event_type: change.eventType, dispatched_at: now, consumed_at: null, models_json: models });
    rows.webhookRecords.push({
      org_id: job.org_id, sync_run_id: run.runId, sync_iteration_id: iteration.id, record_id: recordId, trace_id: traceId, request_ts: now,
      retry_call_count: 0, native_api_call_count: natives.length, path: run.webhookPath, status_code: null, status_message: null, dispatch_status: 'pending',
    });
    const eventId = newId(ID_PREFIX.syncEvent);
    const event = syncEvent({
      eventId, eventType: change.eventType, triggeredAt: now, syncType: run.syncType, syncDataType: job.sync_data_type, jobId: job.id, runId: run.runId,
      integrationId: job.integration_id, originOrgId: job.origin_org_id, eventData: change.data ?? deletedEventData(change.key, run.shape),
    });
    rows.outbox.push({
      org_id: job.org_id, integration_id: job.integration_id, category: job.category, job_id: job.id, run_id: run.runId, iteration_id: iteration.id,
      record_key: change.key, event_type: change.eventType, webhook_id: `${ID_PREFIX.webhookMessage}_${eventId.slice(ID_PREFIX.syncEvent.length + 1)}`, record_id: recordId, record_ts: now,
      audit_id: auditId, audit_ts: now, payload_json: JSON.stringify(event), state: 'pending', attempts: 0, first_attempt_at: null, next_attempt_at: now,
      last_status_code: null, last_status_message: null, created_at: now, finished_at: null,
    });
  }
  for (const iteration of iterations.values()) {
    rows.webhookLogs.push({
      org_id: job.org_id, ts: now, origin_org_id: job.origin_org_id, origin_org_name: job.origin_org_name, integration_id: job.integration_id,
      app_id: job.app_id, app_label: job.app_label, category: job.category, sync_data_type: job.sync_data_type, sync_data_type_label: job.sync_data_type_label,
      sync_run_id: run.runId, sync_iteration_id: iteration.id, sync_job_id: job.id, native_api_call_count: iteration.nativeCount, path: run.webhookPath,
    });
  }
  return rows;
}
