import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { notFound } from '../errors.ts';
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

/** The run of the job with the job's header columns, as a query of one row (or none): the records page's header. */
export function runHeaderQuery(db: Db, orgId: string, jobId: string, runId: string) {
  return jobHeaderQuery(db, orgId, jobId)
    .innerJoin('sync_runs as r', 'r.job_id', 'j.id')
    .select(['r.id as run_id', 'r.started_at', 'r.completed_at', 'r.events_triggered', 'r.events_consumed', 'r.events_processed', 'r.sync_status', 'r.sync_type'])
    .where('r.id', '=', runId)
    .where('r.org_id', '=', orgId);
}

type RunHeaderRow = Awaited<ReturnType<ReturnType<typeof runHeaderQuery>['executeTakeFirstOrThrow']>>;

/** The job's header at `now` and the run, from runHeaderQuery's row, or 404 with the spec's message. */
export function toRunHeader(row: RunHeaderRow | undefined, jobId: string, now: number) {
  if (!row) throw notFound(SYNC_NOT_FOUND);
  const { run_id: id, started_at, completed_at, events_triggered, events_consumed, events_processed, sync_status, sync_type } = row;
  return {
    job: toJobRow(row as JobSelection, now),
    run: { id, job_id: jobId, started_at, completed_at, events_triggered, events_consumed, events_processed, sync_status, sync_type },
  };
}
