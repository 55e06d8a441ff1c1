import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { pageRunWebhookRecords, toWebhookRecordRow } from '../../repositories/logs.ts';

// Webhook records of one sync run (one iteration when given), newest first, with the run header.
// A run of another organisation has no header: 404, nothing answered.
export const appGetWebhookRecords = defineSessionHandler('appGetWebhookRecords', async ({ body }, { db, caller }) => {
  const iteration = body.syncIterationId ? body.syncIterationId : undefined;
  const { page, header } = await pageRunWebhookRecords(db, caller.orgId, body.syncRunId, iteration, body);
  if (!header) throw notFound('Sync run not found');
  return { ...header, logs: page.items.map(toWebhookRecordRow), hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
});
