import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { findApiLog, pageNativeCallsOfExecution, toApiLogRow, toNativeCallRow } from '../../repositories/logs.ts';

// Native calls made to serve one unified API call, in the order they were made (oldest first),
// paged on native_calls (execution_id, ts, id), with the API log as the page header.
export const appGetApiNativeCalls = defineSessionHandler('appGetApiNativeCalls', async ({ body }, { db, caller }) => {
  const log = await findApiLog(db, caller.orgId, body.executionId);
  if (!log) throw notFound('API log not found');
  const page = await pageNativeCallsOfExecution(db, caller.orgId, body.executionId, body);
  return { apiLog: toApiLogRow(log), logs: page.items.map(toNativeCallRow), hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
});
