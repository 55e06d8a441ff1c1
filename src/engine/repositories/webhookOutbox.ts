import { type Kysely, sql, type SqlBool, type Transaction } from 'kysely';
import { insertInBatches } from '../db/batches.ts';
import { rowsTable, skippingLockedRows } from '../db/dialect.ts';
import type { Database, NewRow } from '../db/schema.ts';

// The durable outbox of webhook deliveries and the per-account queues the delivery workers claim
// (migration 20261202090000). A run adds its deliveries and bumps its account's queue in its own
// transaction; a worker claims due queues in one statement, sends each queue's first pending
// delivery (its head) with no transaction open, records the attempt, and moves on or lets go.
type Db = Kysely<Database> | Transaction<Database>;

// A literal, not a bound value: only then can SQLite (and PostgreSQL's generic plans) use the
// partial index of pending heads.
const isPending = sql<SqlBool>`state = 'pending'`;

export async function insertOutboxRows(db: Db, rows: readonly NewRow<'webhook_outbox'>[]): Promise<void> {
  await insertInBatches(db, 'webhook_outbox', rows);
}

/**
 * The account has new deliveries due at `dueAt`: its queue is created, or counts one more
 * enqueue and becomes due when it was idle (a queue waiting for a retry keeps its time: the new
 * deliveries come after its head).
 */
export async function enqueueAccount(db: Db, queue: { integrationId: string; orgId: string; dueAt: number; now: number }): Promise<void> {
  await db.insertInto('delivery_queues')
    .values({ integration_id: queue.integrationId, org_id: queue.orgId, next_attempt_at: queue.dueAt, locked_until: null, locked_by: null, enqueued: 1, failing: 0, updated_at: queue.now })
    .onConflict((oc) => oc.column('integration_id').doUpdateSet((eb) => ({
      enqueued: eb('delivery_queues.enqueued', '+', 1),
      next_attempt_at: eb.fn.coalesce('delivery_queues.next_attempt_at', 'excluded.next_attempt_at'),
      updated_at: eb.ref('excluded.updated_at'),
    })))
    .execute();
}

/**
 * The account has deliveries due now that come before its waiting head (replayed ones, which keep
 * their place in the account's order): its queue is created, or counts one more enqueue and is due
 * now, also when it was waiting for a retry later.
 */
export async function enqueueDueNow(db: Db, queue: { integrationId: string; orgId: string; now: number }): Promise<void> {
  await db.insertInto('delivery_queues')
    .values({ integration_id: queue.integrationId, org_id: queue.orgId, next_attempt_at: queue.now, locked_until: null, locked_by: null, enqueued: 1, failing: 0, updated_at: queue.now })
    .onConflict((oc) => oc.column('integration_id').doUpdateSet((eb) => ({
      enqueued: eb('delivery_queues.enqueued', '+', 1),
      next_attempt_at: eb.case()
        .when(eb.or([eb('delivery_queues.next_attempt_at', 'is', null), eb('delivery_queues.next_attempt_at', '>', eb.ref('excluded.next_attempt_at'))]))
        .then(eb.ref('excluded.next_attempt_at'))
        .else(eb.ref('delivery_queues.next_attempt_at'))
        .end(),
      updated_at: eb.ref('excluded.updated_at'),
    })))
    .execute();
}

export interface ClaimedQueue {
  integration_id: string;
  org_id: string;
  /** The enqueue count when claimed: the queue goes idle only if it is still this. */
  enqueued: number;
  failing: number;
}

/**
 * Claims up to `limit` accounts whose first delivery is due, earliest first, in one statement
 * (delivery_queues (next_attempt_at); on PostgreSQL queues other workers are claiming are skipped).
 */
export async function claimDueQueues(db: Db, workerId: string, now: number, leaseMs: number, limit: number): Promise<ClaimedQueue[]> {
  const due = skippingLockedRows(db, db.selectFrom('delivery_queues').select('integration_id')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .limit(limit));
  const rows = await db.updateTable('delivery_queues')
    .set({ locked_until: now + leaseMs, locked_by: workerId })
    .where('integration_id', 'in', due)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(['integration_id', 'org_id', 'enqueued', 'failing'])
    .execute();
  return rows.map((r) => ({ ...r, enqueued: Number(r.enqueued) }));
}

/** Renews the worker's lease on a queue; false when the worker no longer holds it. */
export async function renewQueueLease(db: Db, integrationId: string, workerId: string, until: number): Promise<boolean> {
  const result = await db.updateTable('delivery_queues').set({ locked_until: until })
    .where('integration_id', '=', integrationId).where('locked_by', '=', workerId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const HEAD_COLUMNS = [
  'id', 'org_id', 'integration_id', 'category', 'job_id', 'run_id', 'record_key', 'event_type', 'webhook_id', 'record_id', 'record_ts',
  'audit_id', 'audit_ts', 'payload_json', 'attempts', 'first_attempt_at', 'next_attempt_at',
] as const;

export interface OutboxHead {
  id: number;
  org_id: string;
  integration_id: string;
  category: string;
  job_id: string;
  run_id: string;
  record_key: string;
  event_type: string;
  webhook_id: string;
  record_id: string;
  record_ts: number;
  audit_id: string;
  audit_ts: number;
  payload_json: string;
  attempts: number;
  first_attempt_at: number | null;
  next_attempt_at: number;
}

/** The account's first `limit` pending deliveries in order, on the partial index of pending heads. */
export async function pendingHeads(db: Db, integrationId: string, limit: number): Promise<OutboxHead[]> {
  const rows = await db.selectFrom('webhook_outbox').select(HEAD_COLUMNS)
    .where('integration_id', '=', integrationId).where(isPending)
    .orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), record_ts: Number(row.record_ts), audit_ts: Number(row.audit_ts), next_attempt_at: Number(row.next_attempt_at),
    first_attempt_at: row.first_attempt_at === null ? null : Number(row.first_attempt_at) }));
}

/** An attempt's outcome on its delivery: still pending (with its next try) or finished. */
export interface AttemptOutcome {
  state: 'pending' | 'dispatched' | 'failed' | 'stale';
  attempts: number;
  firstAttemptAt: number | null;
  nextAttemptAt: number;
  statusCode: number | null;
  statusMessage: string | null;
  now: number;
}

export async function recordAttempt(db: Db, id: number, outcome: AttemptOutcome): Promise<void> {
  await recordAttempts(db, [{ id, ...outcome }]);
}

const ATTEMPT_COLUMNS = {
  id: 'bigint', state: 'text', attempts: 'integer', first_attempt_at: 'bigint', next_attempt_at: 'bigint', last_status_code: 'integer', last_status_message: 'text', finished_at: 'bigint',
} as const;

/** Attempts' outcomes on their deliveries, each on the row of its id, in one statement. */
export async function recordAttempts(db: Db, outcomes: readonly (AttemptOutcome & { id: number })[]): Promise<void> {
  if (outcomes.length === 0) return;
  const rows = outcomes.map((o) => ({
    id: o.id, state: o.state, attempts: o.attempts, first_attempt_at: o.firstAttemptAt, next_attempt_at: o.nextAttemptAt,
    last_status_code: o.statusCode, last_status_message: o.statusMessage, finished_at: o.state === 'pending' ? null : o.now,
  }));
  await sql`update webhook_outbox set state = a.state, attempts = a.attempts, first_attempt_at = a.first_attempt_at, next_attempt_at = a.next_attempt_at,
    last_status_code = a.last_status_code, last_status_message = a.last_status_message, finished_at = a.finished_at
    from ${rowsTable(db, 'a', ATTEMPT_COLUMNS, rows)} where webhook_outbox.id = a.id`.execute(db);
}

/**
 * Lets the queue go with its next due time (its head's next try), or due now when deliveries were
 * enqueued since the worker read `enqueuedSeen` (a replay may have put one before that head);
 * false when the worker lost it.
 */
export async function releaseQueue(db: Db, integrationId: string, workerId: string, release: { nextAttemptAt: number; enqueuedSeen: number; now: number }): Promise<boolean> {
  const { nextAttemptAt, enqueuedSeen, now } = release;
  const result = await db.updateTable('delivery_queues')
    .set((eb) => ({ next_attempt_at: eb.case().when('enqueued', '=', enqueuedSeen).then(nextAttemptAt).else(now).end(), locked_until: null, locked_by: null, updated_at: now }))
    .where('integration_id', '=', integrationId).where('locked_by', '=', workerId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Lets an empty queue go idle, unless a run added deliveries since the worker read `enqueued`
 * (then the worker looks again): false when it did not go idle.
 */
export async function idleQueue(db: Db, integrationId: string, workerId: string, enqueuedSeen: number, now: number): Promise<boolean> {
  const result = await db.updateTable('delivery_queues').set({ next_attempt_at: null, locked_until: null, locked_by: null, updated_at: now })
    .where('integration_id', '=', integrationId).where('locked_by', '=', workerId).where('enqueued', '=', enqueuedSeen).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The queue's enqueue count as it is now. */
export async function queueEnqueued(db: Db, integrationId: string): Promise<number | undefined> {
  const row = await db.selectFrom('delivery_queues').select('enqueued').where('integration_id', '=', integrationId).executeTakeFirst();
  return row === undefined ? undefined : Number(row.enqueued);
}

/** Marks whether the account's deliveries are failing (a success then resolves the endpoint's issues). */
export async function setQueueFailing(db: Db, integrationId: string, failing: boolean): Promise<void> {
  await db.updateTable('delivery_queues').set({ failing: failing ? 1 : 0 }).where('integration_id', '=', integrationId).execute();
}

/** Marks each of the accounts as failing or not, in one statement. */
export async function setQueuesFailing(db: Db, integrationIds: readonly string[], failing: boolean): Promise<void> {
  if (integrationIds.length === 0) return;
  await db.updateTable('delivery_queues').set({ failing: failing ? 1 : 0 }).where('integration_id', 'in', integrationIds).execute();
}
