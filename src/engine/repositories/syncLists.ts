import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { matchesIgnoringCase, startsWithPattern } from '../db/dialect.ts';
import { cursorList, pagedList, type PageRequest } from './listPaging.ts';
import { DAY_MS } from '../../shared/timeWindows.ts';
import { headerColumn, pageHeader } from './pageHeader.ts';
import { jobHeaderQuery, runHeaderQuery } from './syncHeaders.ts';
import { JOB_COLUMNS, listedJobs } from './syncs.ts';

// The syncs screens' three lists (jobs, a job's runs, a run's records), each a keyset page on the
// index named with it. Rows come back as selected; repositories/syncs.ts shapes them.
type Db = Kysely<Database> | Transaction<Database>;

/** The Audit ID search applies from 3 characters (or when empty); 1 or 2 characters are ignored. */
const MIN_SEARCH_LENGTH = 3;


interface JobFilters { orgId: string; organization?: string; integration?: string }

/** Jobs of live accounts under the filters (an empty filter is no filter). */
const filteredJobs = {
  shapeOf: (f: JobFilters) => ({ organization: !!f.organization, integration: !!f.integration }),
  build: (db: Db, f: JobFilters, shape: { organization: boolean; integration: boolean }) => listedJobs(db, f.orgId)
    .$if(shape.organization, (q) => q.where('j.origin_org_id', '=', f.organization!))
    .$if(shape.integration, (q) => q.where('j.integration_id', '=', f.integration!)),
};

/** The trigger-kept count of jobs of live accounts. */
const liveJobCount = (db: Db, orgId: string) => db.selectFrom('sync_job_counts').select('count').where('org_id', '=', orgId).where('account_live', '=', 1);

// Unfiltered, the total is the trigger-kept count, read with the page as a scalar subquery (alone
// only past the last page); filtered, the filter's index range is counted.
const syncJobsPage = pagedList({
  shapeOf: filteredJobs.shapeOf,
  build: (db, f, shape) => filteredJobs.build(db, f, shape).select(JOB_COLUMNS)
    .$if(!shape.organization && !shape.integration, (q) => q.select(liveJobCount(db, f.orgId).as('live_count'))),
}, { ts: 'j.created_at', id: 'j.id', idKind: 'text' });

/**
 * Jobs of live accounts newest first, keyset-paged on sync_jobs (org_id[, origin_org_id],
 * created_at, id); the integration filter narrows to a handful of jobs. `total` counts every job
 * the filters match.
 */
export async function pageSyncJobs(db: Db, orgId: string, filters: { organization?: string; integration?: string }, page: PageRequest) {
  const values = { orgId, ...filters };
  const found = await syncJobsPage(db, values, page);
  const narrowed = !!filters.organization || !!filters.integration;
  const total = narrowed
    ? (await filteredJobs.build(db, values, filteredJobs.shapeOf(values)).select(sql<number>`count(*)`.as('count')).executeTakeFirst())?.count
    : found.items.length > 0 ? found.items[0]!.live_count : (await liveJobCount(db, orgId).executeTakeFirst())?.count;
  return { items: found.items, total: Number(total ?? 0), hasMore: found.hasMore, nextCursor: found.nextCursor };
}

// The job's own range (job_id, started_at, id); an org_id condition here would tempt SQLite to
// walk the organisation's runs instead. A job of another organisation has no header.
const syncRunsPage = cursorList({
  shapeOf: () => ({}),
  build: (db, v: { orgId: string; jobId: string; from: number; to: number }) => db.selectFrom('sync_runs')
    .select(['id', 'job_id', 'started_at', 'completed_at', 'events_triggered', 'events_consumed', 'events_processed', 'sync_status', 'sync_type'])
    .select(headerColumn(db, jobHeaderQuery(db, v.orgId, v.jobId)))
    .where('job_id', '=', v.jobId)
    .where('started_at', '>=', v.from)
    .where('started_at', '<=', v.to),
}, { ts: 'started_at', id: 'id', idKind: 'text' });

/**
 * Runs of one job started within [from, to], newest first, cursor-paged on sync_runs (job_id,
 * started_at, id), with the job's header (repositories/pageHeader.ts): undefined for a job of
 * another organisation.
 */
export async function pageSyncRuns(db: Db, orgId: string, jobId: string, range: { from: number; to: number }, page: Pick<PageRequest, 'limit' | 'cursor'>) {
  const found = await syncRunsPage(db, { orgId, jobId, ...range }, page);
  return { job: await pageHeader(found.items, () => jobHeaderQuery(db, orgId, jobId)), items: found.items, nextCursor: found.nextCursor };
}

// A run's records are dispatched after it starts: the lower bound (a day early, against clock skew)
// lets PostgreSQL skip the monthly partitions before the run instead of seeking in each. The bound
// is a subquery on the run, and the run with its job's header rides along as a column
// (repositories/pageHeader.ts), so the page and its header are one statement: PostgreSQL prunes
// the partitions with the subquery's value when it runs the statement.
const syncRecordsPage = cursorList({
  shapeOf: (v: { orgId: string; jobId: string; runId: string; pattern?: string }) => ({ search: v.pattern !== undefined }),
  build: (db, v, shape) => db.selectFrom('sync_records')
    .select(['id', 'audit_id', 'event_type', 'dispatched_at', 'consumed_at', 'models_json'])
    .select(headerColumn(db, runHeaderQuery(db, v.orgId, v.jobId, v.runId)))
    .where('run_id', '=', v.runId)
    .where('dispatched_at', '>=', db.selectFrom('sync_runs').select((eb) => eb('started_at', '-', DAY_MS).as('since')).where('id', '=', v.runId))
    .$if(shape.search, (q) => q.where(matchesIgnoringCase('audit_id', v.pattern!))),
}, { ts: 'dispatched_at', id: 'id', idKind: 'integer' });

/**
 * Records of one run of the organisation's job, newest dispatched first, cursor-paged on
 * sync_records (run_id, dispatched_at, id), from a day before the run started on, with the run and
 * its job's header (undefined for a run of another job or organisation). The audit-id search is a
 * case-insensitive prefix checked within the run's index range, so a search never scans beyond
 * one run.
 */
export async function pageSyncRecords(db: Db, of: { orgId: string; jobId: string; runId: string }, search: string, page: Pick<PageRequest, 'limit' | 'cursor'>) {
  const pattern = search.length >= MIN_SEARCH_LENGTH ? startsWithPattern(search) : undefined;
  const found = await syncRecordsPage(db, { ...of, pattern }, page);
  const header = await pageHeader(found.items, () => runHeaderQuery(db, of.orgId, of.jobId, of.runId));
  return { header, items: found.items, nextCursor: found.nextCursor };
}
