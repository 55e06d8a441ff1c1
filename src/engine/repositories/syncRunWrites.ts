import type { Kysely, Transaction } from 'kysely';
import { batchesOf, insertInBatches } from '../db/batches.ts';
import type { Database, NewRow } from '../db/schema.ts';

// What a sync run writes: its sync_runs row (running, then completed or failed with its counts)
// and, for the records it found changed, the rows the syncs and webhook logs screens read
// (sync_records, webhook_logs per iteration, webhook_records, native_calls), as the seed writes
// them. The service writes a run's result in one transaction with its outbox rows.
type Db = Kysely<Database> | Transaction<Database>;

/** The integrated account of a job as a run needs it. */
export async function accountToSync(db: Db, integrationId: string) {
  return db.selectFrom('integrated_accounts')
    .select(['id', 'org_id', 'origin_org_id', 'origin_org_name', 'app_id', 'app_label', 'category', 'integration_state', 'sync_paused', 'subscribed_models_json'])
    .select((eb) => eb('auth_data_json', 'is not', null).as('connected'))
    .where('id', '=', integrationId)
    .executeTakeFirst();
}

/**
 * Opens a run (running). Earlier runs of the job still marked running were cut off by a worker
 * that stopped without finishing them: they are failed now, in the same statement order.
 */
export async function startRun(db: Db, run: { id: string; jobId: string; orgId: string; integrationId: string; syncType: string; startedAt: number }): Promise<void> {
  await db.updateTable('sync_runs').set({ sync_status: 'failed', completed_at: run.startedAt })
    .where('job_id', '=', run.jobId).where('sync_status', '=', 'running').execute();
  await db.insertInto('sync_runs').values({
    id: run.id, job_id: run.jobId, org_id: run.orgId, integration_id: run.integrationId, started_at: run.startedAt, completed_at: null,
    events_triggered: 0, events_consumed: 0, events_processed: 0, sync_status: 'running', sync_type: run.syncType,
  }).execute();
}

/** Closes a run with its outcome and counts. */
export async function finishRun(db: Db, runId: string, outcome: { status: 'completed' | 'failed' | 'cancelled'; completedAt: number; eventsTriggered: number; eventsProcessed: number }): Promise<void> {
  await db.updateTable('sync_runs').set({
    sync_status: outcome.status, completed_at: outcome.completedAt, events_triggered: outcome.eventsTriggered, events_processed: outcome.eventsProcessed,
  }).where('id', '=', runId).execute();
}

/** A running run's counts so far (records read, records found new or changed), as the runs screen shows its progress. */
export async function recordRunProgress(db: Db, runId: string, progress: { eventsProcessed: number; eventsTriggered: number }): Promise<void> {
  await db.updateTable('sync_runs').set({ events_processed: progress.eventsProcessed, events_triggered: progress.eventsTriggered })
    .where('id', '=', runId).where('sync_status', '=', 'running').execute();
}

/** Whether the job has a snapshot, i.e. has completed its initial sync. */
export async function hasSnapshot(db: Db, jobId: string): Promise<boolean> {
  return (await db.selectFrom('sync_snapshots').select('record_key').where('job_id', '=', jobId).limit(1).executeTakeFirst()) !== undefined;
}

/** The job's snapshot: record key to content hash. */
export async function readSnapshot(db: Db, jobId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('sync_snapshots').select(['record_key', 'content_hash']).where('job_id', '=', jobId).execute();
  return new Map(rows.map((r) => [r.record_key, r.content_hash]));
}

/** The records a run saw new or changed take their new hashes; the deleted ones leave the snapshot. */
export async function updateSnapshot(db: Db, jobId: string, changes: { upserts: { key: string; hash: string }[]; deletedKeys: string[] }): Promise<void> {
  const rows = changes.upserts.map((c) => ({ job_id: jobId, record_key: c.key, content_hash: c.hash }));
  for (const batch of batchesOf(db, rows)) {
    await db.insertInto('sync_snapshots').values(batch)
      .onConflict((oc) => oc.columns(['job_id', 'record_key']).doUpdateSet((eb) => ({ content_hash: eb.ref('excluded.content_hash') })))
      .execute();
  }
  for (const keys of batchRows(changes.deletedKeys, 500)) {
    await db.deleteFrom('sync_snapshots').where('job_id', '=', jobId).where('record_key', 'in', keys).execute();
  }
}

/**
 * The job forgets what it sent for a record, so its next run sends it again: a new record leaves
 * the snapshot, a changed one keeps an empty hash (modified again), a deleted one comes back with
 * an empty hash (deleted again).
 */
export async function forgetSnapshotRecord(db: Db, jobId: string, recordKey: string, eventType: string): Promise<void> {
  if (eventType === 'record.new') {
    await db.deleteFrom('sync_snapshots').where('job_id', '=', jobId).where('record_key', '=', recordKey).execute();
    return;
  }
  await db.insertInto('sync_snapshots').values({ job_id: jobId, record_key: recordKey, content_hash: '' })
    .onConflict((oc) => oc.columns(['job_id', 'record_key']).doUpdateSet({ content_hash: '' }))
    .execute();
}

/** The log rows of a run's changed records. */
export interface RunLogRows {
  syncRecords: NewRow<'sync_records'>[];
  webhookLogs: NewRow<'webhook_logs'>[];
  webhookRecords: NewRow<'webhook_records'>[];
  nativeCalls: NewRow<'native_calls'>[];
}

export async function insertRunLogRows(db: Db, rows: RunLogRows): Promise<void> {
  await insertInBatches(db, 'sync_records', rows.syncRecords);
  await insertInBatches(db, 'webhook_logs', rows.webhookLogs);
  await insertInBatches(db, 'webhook_records', rows.webhookRecords);
  await insertInBatches(db, 'native_calls', rows.nativeCalls);
}

function batchRows<T>(rows: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < rows.length; i += size) batches.push(rows.slice(i, i + size));
  return batches;
}
