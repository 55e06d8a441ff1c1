import { defineSessionHandler } from '../types.ts';
import { pageSyncRecords } from '../../repositories/syncLists.ts';
import { toRunHeader } from '../../repositories/syncHeaders.ts';
import { toRecordRow, toRunRow } from '../../repositories/syncs.ts';

// Records of one run, newest dispatched first, with the run and its job as the page's header. The
// Audit ID search is a case-insensitive prefix within the run, from 3 characters on.
export const appDashboardSyncRecords = defineSessionHandler('appDashboardSyncRecords', async ({ body, query }, { db, caller, clock }) => {
  // The page and its header (the run and its job) in one read.
  const page = await pageSyncRecords(db, { orgId: caller.orgId, jobId: body.jobId, runId: body.syncRunId }, (query.search ?? '').trim(), body);
  const { job, run } = toRunHeader(page.header, body.jobId, clock.now());
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
