import { defineHandler } from '../types.ts';
import { forbidden, notFound } from '../../errors.ts';
import { type PageRequest, pageOldestFirst } from '../../repositories/listPaging.ts';
import { NATIVE_CALL_COLUMNS, toNativeCallRow, toWebhookRecordRow } from '../../repositories/logs.ts';

// Native calls made to build one webhook record, in the order they were made (oldest first),
// paged on native_calls (record_id, ts, id). The record is found by recordId or traceId within the run.
// The body's anyOf (recordId or traceId) makes the generated type unknown; the contract has
// validated this shape before the handler runs.
type Body = PageRequest & { syncRunId: string; recordId?: string; traceId?: string; syncIterationId?: string };

export const appGetWebhookNativeCalls = defineHandler('appGetWebhookNativeCalls', async (input, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const body = input.body as Body;
  // Seek by the record's own id (or trace id) and check the owner after: an org_id condition or an
  // ORDER BY in the query would let the planner walk the organisation's records instead.
  const candidates = await db.selectFrom('webhook_records').selectAll()
    .$if(body.recordId !== undefined, (q) => q.where('record_id', '=', body.recordId!))
    .$if(body.recordId === undefined, (q) => q.where('trace_id', '=', body.traceId!))
    .where('sync_run_id', '=', body.syncRunId)
    .$if(!!body.syncIterationId, (q) => q.where('sync_iteration_id', '=', body.syncIterationId!))
    .execute();
  const record = candidates.filter((r) => r.org_id === caller.orgId).sort((x, y) => y.request_ts - x.request_ts)[0];
  if (!record) throw notFound('Webhook record not found');
  const page = await pageOldestFirst(
    db.selectFrom('native_calls').select(NATIVE_CALL_COLUMNS)
      .where('record_id', '=', record.record_id)
      .where('org_id', '=', caller.orgId),
    body,
    { ts: 'ts', id: 'id', idKind: 'integer' },
  );
  return { record: toWebhookRecordRow(record), logs: page.items.map(toNativeCallRow), hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
});
