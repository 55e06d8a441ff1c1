import { defineSessionHandler } from '../types.ts';
import { dateRange } from '../../repositories/listPaging.ts';
import { pageSyncRuns } from '../../repositories/syncLists.ts';
import { toJobHeader } from '../../repositories/syncHeaders.ts';
import { toRunRow } from '../../repositories/syncs.ts';

// Run history of one job within a date range (default the last 30 days, never beyond now),
// newest first, with the job's header; a job of another organisation has none: 404.
export const appDashboardSyncRuns = defineSessionHandler('appDashboardSyncRuns', async ({ body }, { db, caller, clock }) => {
  const { from, to } = dateRange(body.start, body.end, clock.now(), 30);
  const page = await pageSyncRuns(db, caller.orgId, body.jobId, { from: from!, to }, body);
  const job = toJobHeader(page.job, clock.now());
  return {
    jobId: job.syncJobId,
    orgName: job.orgName,
    integrationName: job.integrationName,
    lastSyncedAt: job.lastSyncedAt,
    upcomingSync: job.upcomingSync,
    upcomingSyncStatus: job.upcomingSyncStatus,
    syncDataTypeLabel: job.syncDataTypeLabel,
    integrationId: job.integrationId,
    appId: job.appId,
    appLabel: job.appLabel,
    // The whole frequency, so a job page opened by its URL shows 'Every {rate} {unit}' too.
    syncFrequency: job.syncFrequency,
    frequencyRate: job.frequencyRate,
    frequencyUnit: job.frequencyUnit,
    items: page.items.map(toRunRow),
    nextCursor: page.nextCursor,
  };
});
