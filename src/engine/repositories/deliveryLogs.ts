import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// What a delivery attempt changes in the logs the screens read: the record's webhook record
// (its status, retries and dispatch status), and once delivered its sync record (consumed) and its
// run (one more event consumed). Each statement seeks by the row's key with its partition column,
// so PostgreSQL touches one partition.
type Db = Kysely<Database> | Transaction<Database>;

export interface WebhookRecordAttempt {
  statusCode: number | null;
  statusMessage: string | null;
  /** Attempts after the first. */
  retryCallCount: number;
  dispatchStatus: 'dispatched' | 'pending' | 'failed' | 'stale';
  /** The webhook URL's path the attempt went to, when it went anywhere. */
  path?: string;
}

export async function updateWebhookRecord(db: Db, key: { recordId: string; requestTs: number }, attempt: WebhookRecordAttempt): Promise<void> {
  await db.updateTable('webhook_records').set({
    status_code: attempt.statusCode,
    status_message: attempt.statusMessage,
    retry_call_count: attempt.retryCallCount,
    dispatch_status: attempt.dispatchStatus,
    ...(attempt.path !== undefined ? { path: attempt.path } : {}),
  }).where('record_id', '=', key.recordId).where('request_ts', '=', key.requestTs).execute();
}

/**
 * The record reached the customer: its sync record is consumed and its run counts one more
 * consumed event, the first time only (a replayed delivery that arrives again counts once).
 */
export async function markRecordConsumed(db: Db, key: { runId: string; auditId: string; auditTs: number }, at: number): Promise<void> {
  const consumed = await db.updateTable('sync_records').set({ consumed_at: at })
    .where('run_id', '=', key.runId).where('audit_id', '=', key.auditId).where('dispatched_at', '=', key.auditTs).where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) === 0) return;
  await db.updateTable('sync_runs').set((eb) => ({ events_consumed: eb('events_consumed', '+', 1) })).where('id', '=', key.runId).execute();
}
