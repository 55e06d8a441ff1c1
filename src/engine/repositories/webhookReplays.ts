import { type ExpressionBuilder, type Kysely, sql, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// Webhook deliveries a replay sends again (services/webhookReplay.ts): the outbox rows of one
// record, of a run, or of an organisation's time range that are finished (dispatched, failed, or
// not dispatched: stale) and whose category has a webhook URL now; the claim that makes them due
// again, one conditional UPDATE per state, so a row being sent or already waiting is never taken
// twice; and the marks a replay leaves on the records' webhook logs.
type Db = Kysely<Database> | Transaction<Database>;

/** The outbox states a replay takes a row from. */
export type FinishedState = 'dispatched' | 'failed' | 'stale';

export type ReplayScope =
  | { kind: 'record'; orgId: string; runId: string; recordId: string }
  | { kind: 'run'; orgId: string; runId: string; iterationId?: string }
  | { kind: 'range'; orgId: string; start: number; end: number; category?: string; originOrgId?: string; integrationId?: string };

// Written as a literal, word for word the partial index's predicate (migration 20261203100000):
// only then does SQLite use webhook_outbox__replayable for a range.
const FAILED_OR_STALE = sql<SqlBool>`state in ('failed', 'stale')`;

/** The scope's rows in the given states, of categories that have a webhook URL now. */
function scoped(db: Db, scope: ReplayScope, states: readonly FinishedState[]) {
  const rows = db.selectFrom('webhook_outbox').where('org_id', '=', scope.orgId);
  let inScope;
  switch (scope.kind) {
    case 'record':
      inScope = rows.where('run_id', '=', scope.runId).where('record_id', '=', scope.recordId);
      break;
    case 'run':
      inScope = rows.where('run_id', '=', scope.runId).$if(scope.iterationId !== undefined, (q) => q.where('iteration_id', '=', scope.iterationId!));
      break;
    case 'range': {
      const { category, integrationId, originOrgId } = scope;
      inScope = rows.where('created_at', '>=', scope.start).where('created_at', '<=', scope.end).where(FAILED_OR_STALE)
        .$if(category !== undefined, (q) => q.where('category', '=', category!))
        .$if(integrationId !== undefined, (q) => q.where('integration_id', '=', integrationId!))
        .$if(originOrgId !== undefined, (q) => q.where('integration_id', 'in', db.selectFrom('integrated_accounts').select('id')
          .where('org_id', '=', scope.orgId).where('origin_org_id', '=', originOrgId!)));
      break;
    }
  }
  return inScope.where('state', 'in', states).where(hasWebhookUrl);
}

/** The row's category has a webhook URL (webhooks is unique on org_id, category). */
const hasWebhookUrl = (eb: ExpressionBuilder<Database, 'webhook_outbox'>) =>
  eb.exists(eb.selectFrom('webhooks').select('webhooks.id')
    .whereRef('webhooks.org_id', '=', 'webhook_outbox.org_id').whereRef('webhooks.category', '=', 'webhook_outbox.category'));

/** How many rows a replay of the scope would take now, by state; counting stops past `cap`. */
export async function countReplayable(db: Db, scope: ReplayScope, states: readonly FinishedState[], cap: number): Promise<Record<FinishedState, number>> {
  const rows = await db.selectFrom(scoped(db, scope, states).select('state').limit(cap + 1).as('replayable'))
    .select((eb) => ['replayable.state', eb.fn.countAll<number | string>().as('n')])
    .groupBy('replayable.state')
    .execute();
  const counts: Record<FinishedState, number> = { dispatched: 0, failed: 0, stale: 0 };
  // PostgreSQL answers count(*) as a string.
  for (const row of rows) counts[row.state as FinishedState] = Number(row.n);
  return counts;
}

/** A row a replay claimed: what its webhook record, its job's snapshot and its account's queue need. */
export interface ClaimedReplay {
  id: number;
  org_id: string;
  integration_id: string;
  job_id: string;
  record_key: string;
  event_type: string;
  record_id: string;
  record_ts: number;
  payload_json: string;
}

/**
 * Makes up to `limit` rows of the scope that are in `state` pending and due now, in one
 * conditional statement: the state is checked again on each row as it is updated, so of
 * concurrent replays exactly one takes a row, and a row the worker is sending (pending) is never
 * taken. The rows taken, in delivery order.
 */
export async function claimReplays(db: Db, scope: ReplayScope, state: FinishedState, now: number, limit: number): Promise<ClaimedReplay[]> {
  if (limit <= 0) return [];
  // No order: the call counted the scope within the limit first, so the limit only bounds a race.
  const candidates = scoped(db, scope, [state]).select('id').limit(limit);
  const rows = await db.updateTable('webhook_outbox')
    .set({ state: 'pending', next_attempt_at: now, finished_at: null })
    .where('id', 'in', candidates)
    .where('state', '=', state)
    .returning(['id', 'org_id', 'integration_id', 'job_id', 'record_key', 'event_type', 'record_id', 'record_ts', 'payload_json'])
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), record_ts: Number(row.record_ts) })).sort((a, b) => a.id - b.id);
}

const RECORDS_PER_STATEMENT = 500;

/**
 * The replayed records' webhook logs: pending again, one more replay, replayed now. Each
 * statement seeks the records by id, within their time span (PostgreSQL then reads only the
 * partitions that hold them).
 */
export async function markRecordsReplayed(db: Db, records: readonly { record_id: string; record_ts: number }[], now: number): Promise<void> {
  for (let i = 0; i < records.length; i += RECORDS_PER_STATEMENT) {
    const batch = records.slice(i, i + RECORDS_PER_STATEMENT);
    const times = batch.map((r) => r.record_ts);
    await db.updateTable('webhook_records')
      .set((eb) => ({ dispatch_status: 'pending', replay_count: eb('replay_count', '+', 1), replayed_at: now }))
      .where('record_id', 'in', batch.map((r) => r.record_id))
      .where('request_ts', '>=', Math.min(...times)).where('request_ts', '<=', Math.max(...times))
      .execute();
  }
}

/** The finished outbox row of one record (the newest, should a run have queued it twice), with what a refusal names. */
export async function deliveryOfRecord(db: Db, orgId: string, runId: string, recordId: string): Promise<{ state: string; category: string } | undefined> {
  return db.selectFrom('webhook_outbox').select(['state', 'category'])
    .where('run_id', '=', runId).where('record_id', '=', recordId).where('org_id', '=', orgId)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Whether the sync run is the organisation's. */
export async function isRunOfOrg(db: Db, orgId: string, runId: string): Promise<boolean> {
  const row = await db.selectFrom('sync_runs').select('id').where('id', '=', runId).where('org_id', '=', orgId).executeTakeFirst();
  return row !== undefined;
}

/** Of these sync jobs, the ones that still exist (a replay keeps only their snapshots). */
export async function existingJobs(db: Db, jobIds: readonly string[]): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await db.selectFrom('sync_jobs').select('id').where('id', 'in', [...jobIds]).execute();
  return new Set(rows.map((r) => r.id));
}
