import { defineHandler } from '../types.ts';
import { forbidden, notFound } from '../../errors.ts';
import { pageByNumber } from '../../repositories/listPaging.ts';
import { toWebhookRecordRow, webhookLogHeaderQuery, webhookRunHeader } from '../../repositories/logs.ts';
import { headerColumn, pageHeader } from '../../repositories/pageHeader.ts';

// Webhook records of one sync run (one iteration when given), newest first, paged on
// webhook_records (sync_run_id[, sync_iteration_id], request_ts, id), with the run header: the
// run's webhook log, read with the page (repositories/pageHeader.ts), else its job.
export const appGetWebhookRecords = defineHandler('appGetWebhookRecords', async ({ body }, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const iteration = body.syncIterationId ? body.syncIterationId : undefined;
  const logHeader = webhookLogHeaderQuery(db, caller.orgId, body.syncRunId);
  const page = await pageByNumber(
    // The run's own range; an org_id condition here would tempt SQLite to walk the organisation's
    // records by time instead. A run of another organisation has no header: 404, nothing answered.
    db.selectFrom('webhook_records').selectAll().select(headerColumn(db, logHeader))
      .where('sync_run_id', '=', body.syncRunId)
      .$if(iteration !== undefined, (q) => q.where('sync_iteration_id', '=', iteration!)),
    body,
    { ts: 'request_ts', id: 'id', idKind: 'integer' },
  );
  const header = await webhookRunHeader(db, caller.orgId, body.syncRunId, await pageHeader(page.items, logHeader));
  if (!header) throw notFound('Sync run not found');
  return { ...header, logs: page.items.map(toWebhookRecordRow), hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
});
