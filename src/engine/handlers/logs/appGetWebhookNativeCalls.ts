import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import type { PageRequest } from '../../repositories/listPaging.ts';
import { findWebhookRecord, pageNativeCallsOfRecord, toNativeCallRow, toWebhookRecordRow } from '../../repositories/logs.ts';

// Native calls made to build one webhook record, in the order they were made (oldest first),
// paged on native_calls (record_id, ts, id). The record is found by recordId or traceId within the run.
// The body's anyOf (recordId or traceId) makes the generated type unknown; the contract has
// validated this shape before the handler runs.
type Body = PageRequest & { syncRunId: string; recordId?: string; traceId?: string; syncIterationId?: string };

export const appGetWebhookNativeCalls = defineSessionHandler('appGetWebhookNativeCalls', async (input, { db, caller }) => {
  const body = input.body as Body;
  const record = await findWebhookRecord(db, caller.orgId, body);
  if (!record) throw notFound('Webhook record not found');
  const page = await pageNativeCallsOfRecord(db, caller.orgId, record.record_id, body);
  return { record: toWebhookRecordRow(record), logs: page.items.map(toNativeCallRow), hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
});
