import { sql } from 'kysely';
import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { pageByNumber } from '../../repositories/listPaging.ts';
import { JOB_COLUMNS, listedJobs, toJobRow } from '../../repositories/syncs.ts';

// The sync jobs table: jobs of live accounts newest first, keyset-paged on sync_jobs
// (org_id[, origin_org_id], created_at, id); the integration filter narrows to a handful of jobs.
export const appDashboardSyncJobs = defineHandler('appDashboardSyncJobs', async ({ body }, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const filtered = listedJobs(db, caller.orgId)
    .$if(body.organization !== undefined && body.organization !== '', (q) => q.where('j.origin_org_id', '=', body.organization!))
    .$if(body.integration !== undefined && body.integration !== '', (q) => q.where('j.integration_id', '=', body.integration!));
  const narrowed = !!body.organization || !!body.integration;
  // Unfiltered, the total is the trigger-kept count of jobs of live accounts, read with the page
  // as a scalar subquery (alone only past the last page); filtered, the filter's index range is counted.
  const liveCount = db.selectFrom('sync_job_counts').select('count').where('org_id', '=', caller.orgId).where('account_live', '=', 1);
  const page = await pageByNumber(
    filtered.select(JOB_COLUMNS).$if(!narrowed, (q) => q.select(liveCount.as('live_count'))),
    body,
    { ts: 'j.created_at', id: 'j.id', idKind: 'text' },
  );
  const total = narrowed
    ? (await filtered.select(sql<number>`count(*)`.as('count')).executeTakeFirst())?.count
    : page.items.length > 0 ? page.items[0]!.live_count : (await liveCount.executeTakeFirst())?.count;
  return {
    items: page.items.map(toJobRow),
    totalActiveSyncs: Number(total ?? 0),
    hasMoreRecords: page.hasMore,
    nextCursor: page.nextCursor,
  };
});
