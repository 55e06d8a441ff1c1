import { defineSessionHandler } from '../types.ts';
import { pageSyncJobs } from '../../repositories/syncLists.ts';
import { toJobRow } from '../../repositories/syncs.ts';

// The sync jobs table: jobs of live accounts newest first, optionally of one end customer or one
// integration, with the count of all the jobs the filters match.
export const appDashboardSyncJobs = defineSessionHandler('appDashboardSyncJobs', async ({ body }, { db, caller, clock }) => {
  const page = await pageSyncJobs(db, caller.orgId, { organization: body.organization, integration: body.integration }, body);
  return {
    items: page.items.map((job) => toJobRow(job, clock.now())),
    totalActiveSyncs: page.total,
    hasMoreRecords: page.hasMore,
    nextCursor: page.nextCursor,
  };
});
