import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { compiledOnce } from '../db/compiledOnce.ts';
import { JOB_COLUMNS, type JobSelection, toJobRow } from './syncs.ts';

// The job and run pages' headers. A job or run of another organisation is "not found" like an
// unknown one; the dashboard then returns to /dashboard/syncs/.
type Db = Kysely<Database> | Transaction<Database>;
const SYNC_NOT_FOUND = 'Sync details not found.';

/** The job of the organisation with its account's pause flag, as a query of one row (or none). */
export function jobHeaderQuery(db: Db, orgId: string, jobId: string) {
  return db
    .selectFrom('sync_jobs as j')
    .innerJoin('integrated_accounts as a', 'a.id', 'j.integration_id')
    .select(JOB_COLUMNS)
    .where('j.org_id', '=', orgId)
    .where('j.id', '=', jobId);
}

/** The header of a job's page at `now`, or 404 with the spec's message. */
export function toJobHeader(job: JobSelection | undefined, now: number) {
  if (!job) throw notFound(SYNC_NOT_FOUND);
  return toJobRow(job, now);
}

const runAndJob = compiledOnce(() => ({}), (db, v: { orgId: string; jobId: string; runId: string }) => jobHeaderQuery(db, v.orgId, v.jobId)
  .innerJoin('sync_runs as r', 'r.job_id', 'j.id')
  .select(['r.id as run_id', 'r.started_at', 'r.completed_at', 'r.events_triggered', 'r.events_consumed', 'r.events_processed', 'r.sync_status', 'r.sync_type'])
  .where('r.id', '=', v.runId)
  .where('r.org_id', '=', v.orgId));

/** A run of the job with the job's header columns: one read for the records page's header. */
export async function runWithJob(db: Db, orgId: string, jobId: string, runId: string, now: number) {
  const [row] = await runAndJob.rows(db, { orgId, jobId, runId });
  if (!row) throw notFound(SYNC_NOT_FOUND);
  const { run_id: id, started_at, completed_at, events_triggered, events_consumed, events_processed, sync_status, sync_type } = row;
  return {
    job: toJobRow(row as JobSelection, now),
    run: { id, job_id: jobId, started_at, completed_at, events_triggered, events_consumed, events_processed, sync_status, sync_type },
  };
}
