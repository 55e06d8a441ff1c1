import { type Kysely, sql, type Transaction } from 'kysely';
import { isPostgres, rowsTable } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

// What a delivery attempt changes in the logs the screens read: the record's webhook record
// (its status, retries and dispatch status), and once delivered its sync record (consumed) and its
// run (one more event consumed). Each statement seeks by the row's key with its partition column,
// so PostgreSQL touches one partition; the statements of many rows (the delivery worker's group
// commit) also bound the partition column by the rows' range, so PostgreSQL prunes the others.
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
  await updateWebhookRecords(db, [{ ...key, ...attempt }]);
}

const RECORD_ATTEMPT_COLUMNS = {
  record_id: 'text', request_ts: 'bigint', status_code: 'integer', status_message: 'text', retry_call_count: 'integer', dispatch_status: 'text', path: 'text',
} as const;

const rangeOf = (values: readonly number[]) => ({ min: Math.min(...values), max: Math.max(...values) });

/** Webhook records after attempts, each row by its key, in one statement. */
export async function updateWebhookRecords(db: Db, attempts: readonly ({ recordId: string; requestTs: number } & WebhookRecordAttempt)[]): Promise<void> {
  if (attempts.length === 0) return;
  const rows = attempts.map((a) => ({
    record_id: a.recordId, request_ts: a.requestTs, status_code: a.statusCode, status_message: a.statusMessage, retry_call_count: a.retryCallCount,
    dispatch_status: a.dispatchStatus, path: a.path ?? null,
  }));
  const { min, max } = rangeOf(rows.map((r) => r.request_ts));
  // A row without a path keeps the one it has.
  await sql`update webhook_records set status_code = r.status_code, status_message = r.status_message, retry_call_count = r.retry_call_count,
    dispatch_status = r.dispatch_status, path = coalesce(r.path, webhook_records.path)
    from ${rowsTable(db, 'r', RECORD_ATTEMPT_COLUMNS, rows)}
    where webhook_records.record_id = r.record_id and webhook_records.request_ts = r.request_ts
      and webhook_records.request_ts >= ${min} and webhook_records.request_ts <= ${max}`.execute(db);
}

export interface ConsumedRecord {
  runId: string;
  auditId: string;
  auditTs: number;
  at: number;
}

const CONSUMED_COLUMNS = { run_id: 'text', audit_id: 'text', audit_ts: 'bigint', at: 'bigint' } as const;

/**
 * Records that reached the customer, in two statements whatever their number: the sync records
 * not consumed yet are marked, and each run counts the ones of its records that were (a replayed
 * delivery that arrives again counts once).
 */
export async function markRecordsConsumed(db: Db, records: readonly ConsumedRecord[]): Promise<void> {
  if (records.length === 0) return;
  const rows = records.map((r) => ({ run_id: r.runId, audit_id: r.auditId, audit_ts: r.auditTs, at: r.at }));
  const { min, max } = rangeOf(rows.map((r) => r.audit_ts));
  // A run's records share its time, so on SQLite a seek on (run_id, dispatched_at) reads every
  // record of the run for each one marked (~100 us a record at a few hundred a run): there the
  // partition column is kept out of the index choice (unary +), and the (run_id, audit_id) key is
  // sought. PostgreSQL gets the range, which prunes its partitions.
  const partition = isPostgres(db)
    ? sql`sync_records.dispatched_at = c.audit_ts and sync_records.dispatched_at >= ${min} and sync_records.dispatched_at <= ${max}`
    : sql`+sync_records.dispatched_at = c.audit_ts`;
  const consumed = await sql<{ run_id: string }>`update sync_records set consumed_at = c.at
    from ${rowsTable(db, 'c', CONSUMED_COLUMNS, rows)}
    where sync_records.run_id = c.run_id and sync_records.audit_id = c.audit_id and ${partition} and sync_records.consumed_at is null
    returning sync_records.run_id`.execute(db);
  if (consumed.rows.length === 0) return;
  const perRun = new Map<string, number>();
  for (const { run_id } of consumed.rows) perRun.set(run_id, (perRun.get(run_id) ?? 0) + 1);
  const runs = [...perRun].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([id, n]) => ({ id, n }));
  await sql`update sync_runs set events_consumed = sync_runs.events_consumed + n.n
    from ${rowsTable(db, 'n', { id: 'text', n: 'integer' }, runs)} where sync_runs.id = n.id`.execute(db);
}
