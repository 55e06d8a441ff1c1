import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { skippingLockedRows } from '../db/dialect.ts';

// The scheduler's hold on sync jobs: a worker claims due jobs with a lease (locked_until,
// locked_by) in one statement, renews the lease while a run goes on, and gives the job back with
// its next run when the run is over. A worker that dies loses its jobs when the lease passes.
type Db = Kysely<Database> | Transaction<Database>;

/** A job as the scheduler runs it, read by the claim. */
export interface ClaimedJob {
  id: string;
  org_id: string;
  integration_id: string;
  origin_org_id: string;
  origin_org_name: string;
  app_id: string;
  app_label: string;
  category: string;
  sync_data_type: string;
  sync_data_type_label: string;
  sync_frequency: string;
  frequency_rate: number | null;
  frequency_unit: string | null;
  /** The due time the job was claimed at: the run gives the job its next run only if nobody changed it meanwhile. */
  next_run_at: number;
}

const CLAIMED_COLUMNS = [
  'id', 'org_id', 'integration_id', 'origin_org_id', 'origin_org_name', 'app_id', 'app_label', 'category', 'sync_data_type',
  'sync_data_type_label', 'sync_frequency', 'frequency_rate', 'frequency_unit', 'next_run_at',
] as const;

/**
 * Claims up to `limit` due jobs, earliest due first, in one statement: active, of a live account,
 * not waiting for an API trigger, due at `now` and held by nobody (or by a lease that has passed).
 * The candidates are read on sync_jobs (status, next_run_at); on PostgreSQL rows other workers are
 * claiming are skipped, not waited for.
 */
export async function claimDueJobs(db: Db, workerId: string, now: number, leaseMs: number, limit: number): Promise<ClaimedJob[]> {
  const due = skippingLockedRows(db, db.selectFrom('sync_jobs').select('id')
    .where('status', '=', 'active')
    .where('next_run_at', '<=', now)
    .where('awaiting_api_trigger', '=', 0)
    .where('account_live', '=', 1)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_run_at')
    .limit(limit));
  const rows = await db.updateTable('sync_jobs')
    .set({ locked_until: now + leaseMs, locked_by: workerId })
    .where('id', 'in', due)
    // Checked again on the row as it is when updated, so a claim another worker committed meanwhile stands.
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(CLAIMED_COLUMNS)
    .execute();
  return rows.map((r) => ({ ...r, next_run_at: Number(r.next_run_at) }));
}

/** Renews the worker's lease on a job; false when the worker no longer holds it. */
export async function renewJobLease(db: Db, jobId: string, workerId: string, until: number): Promise<boolean> {
  const result = await db.updateTable('sync_jobs').set({ locked_until: until })
    .where('id', '=', jobId).where('locked_by', '=', workerId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Gives a job back after a run: the lease ends and, when the run completed, last_synced_at is the
 * run's end. The job's next run is `nextRunAt` (null: none until a restart) only if it is still active, scheduled and due when
 * it was claimed: a restart, sync.start, a pause, a frequency change or a deactivation made during
 * the run keep what they set. False when the worker no longer holds the job.
 */
export async function releaseJobAfterRun(
  db: Db, job: { id: string; claimedNextRunAt: number }, workerId: string, outcome: { nextRunAt: number | null; syncedAt?: number; now: number },
): Promise<boolean> {
  const result = await db.updateTable('sync_jobs')
    .set({
      locked_until: null,
      locked_by: null,
      next_run_at: sql<number | null>`case when status = 'active' and awaiting_api_trigger = 0 and next_run_at = ${job.claimedNextRunAt} then ${outcome.nextRunAt} else next_run_at end`,
      ...(outcome.syncedAt !== undefined ? { last_synced_at: outcome.syncedAt } : {}),
      updated_at: outcome.now,
    })
    .where('id', '=', job.id).where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a job back untouched (shutdown, or a run that never started): it is due as it was. */
export async function releaseJob(db: Db, jobId: string, workerId: string): Promise<void> {
  await db.updateTable('sync_jobs').set({ locked_until: null, locked_by: null })
    .where('id', '=', jobId).where('locked_by', '=', workerId).execute();
}

/** Parks a job with nothing to run (its account has no credentials): no upcoming sync until a restart or sync.start. */
export async function parkJob(db: Db, jobId: string, workerId: string, now: number): Promise<void> {
  await db.updateTable('sync_jobs').set({ next_run_at: null, locked_until: null, locked_by: null, updated_at: now })
    .where('id', '=', jobId).where('locked_by', '=', workerId).execute();
}

/** Stops a job whose account is gone or inactive: it never runs again. */
export async function stopJob(db: Db, jobId: string, now: number): Promise<void> {
  await db.updateTable('sync_jobs').set({ status: 'stopped', next_run_at: null, locked_until: null, locked_by: null, updated_at: now })
    .where('id', '=', jobId).execute();
}
