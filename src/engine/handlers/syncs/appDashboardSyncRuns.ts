import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { dateRange, pageByCursor } from '../../repositories/listPaging.ts';
import { headerColumn, pageHeader } from '../../repositories/pageHeader.ts';
import { jobHeaderQuery, toJobHeader } from '../../repositories/syncHeaders.ts';
import { toRunRow } from '../../repositories/syncs.ts';

// Run history of one job within a date range (default the last 30 days, never beyond now),
// newest first, cursor-paged on sync_runs (job_id, started_at, id). The job's header comes with
// the page (repositories/pageHeader.ts); a job of another organisation has none: 404.
export const appDashboardSyncRuns = defineHandler('appDashboardSyncRuns', async ({ body }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const { from, to } = dateRange(body.start, body.end, clock.now(), 30);
  const header = jobHeaderQuery(db, caller.orgId, body.jobId);
  const page = await pageByCursor(
    db.selectFrom('sync_runs')
      .select(['id', 'job_id', 'started_at', 'completed_at', 'events_triggered', 'events_consumed', 'events_processed', 'sync_status', 'sync_type'])
      .select(headerColumn(db, header))
      // The job's own range (job_id, started_at, id); an org_id condition here would tempt SQLite to
      // walk the organisation's runs instead. A job of another organisation has no header: 404.
      .where('job_id', '=', body.jobId)
      .where('started_at', '>=', from!)
      .where('started_at', '<=', to),
    body,
    { ts: 'started_at', id: 'id', idKind: 'text' },
  );
  const job = toJobHeader(await pageHeader(page.items, header));
  return {
    jobId: job.syncJobId,
    orgName: job.orgName,
    integrationName: job.integrationName,
    lastSyncedAt: job.lastSyncedAt,
    upcomingSync: job.upcomingSync,
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
