import { sql, type SqlBool } from 'kysely';
import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { DAY_MS, pageByCursor } from '../../repositories/listPaging.ts';
import { runWithJob } from '../../repositories/syncHeaders.ts';
import { toRecordRow, toRunRow } from '../../repositories/syncs.ts';

/** The Audit ID search applies from 3 characters (or when empty); 1 or 2 characters are ignored. */
export const MIN_SEARCH_LENGTH = 3;

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Records of one run, newest dispatched first, cursor-paged on sync_records (run_id,
// dispatched_at, id), from a day before the run started on. The audit-id search is a case-insensitive prefix checked within the run's
// index range, so a search never scans beyond one run.
export const appDashboardSyncRecords = defineHandler('appDashboardSyncRecords', async ({ body, query }, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  // The run and its job's header in one read: the page needs the run's start (see below).
  const { job, run } = await runWithJob(db, caller.orgId, body.jobId, body.syncRunId);
  const search = (query.search ?? '').trim();
  const applies = search.length >= MIN_SEARCH_LENGTH;
  const page = await pageByCursor(
    db.selectFrom('sync_records')
      .select(['id', 'audit_id', 'event_type', 'dispatched_at', 'consumed_at', 'models_json'])
      .where('run_id', '=', run.id)
      // A run's records are dispatched after it starts: the bound (a day early, against clock skew)
      // lets PostgreSQL skip the monthly partitions before the run instead of seeking in each.
      .where('dispatched_at', '>=', run.started_at - DAY_MS)
      .$if(applies, (q) => q.where(sql<SqlBool>`lower(audit_id) like ${likePrefix(search)} escape '\\'`)),
    body,
    { ts: 'dispatched_at', id: 'id', idKind: 'integer' },
  );
  const header = toRunRow(run);
  return {
    jobId: job.syncJobId,
    syncRunId: run.id,
    orgName: job.orgName,
    integrationName: job.integrationName,
    appId: job.appId,
    appLabel: job.appLabel,
    integrationId: job.integrationId,
    syncDataTypeLabel: job.syncDataTypeLabel,
    startedAt: header.startedAt,
    completedAt: header.completedAt,
    syncStatus: header.syncStatus,
    syncType: header.syncType,
    eventsTriggered: header.eventsTriggered,
    eventsConsumed: header.eventsConsumed,
    eventsProcessed: header.eventsProcessed,
    items: page.items.map(toRecordRow),
    nextCursor: page.nextCursor,
  };
});
