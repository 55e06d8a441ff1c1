import { defineHandler } from '../types.ts';
import { forbidden, notFound } from '../../errors.ts';
import { pageOldestFirst } from '../../repositories/listPaging.ts';
import { API_LOG_COLUMNS, NATIVE_CALL_COLUMNS, toApiLogRow, toNativeCallRow } from '../../repositories/logs.ts';

// Native calls made to serve one unified API call, in the order they were made (oldest first),
// paged on native_calls (execution_id, ts, id), with the API log as the page header.
export const appGetApiNativeCalls = defineHandler('appGetApiNativeCalls', async ({ body }, { db, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const log = await db.selectFrom('api_logs').select(API_LOG_COLUMNS)
    .where('execution_id', '=', body.executionId).where('org_id', '=', caller.orgId)
    .limit(1).executeTakeFirst();
  if (!log) throw notFound('API log not found');
  const page = await pageOldestFirst(
    db.selectFrom('native_calls').select(NATIVE_CALL_COLUMNS)
      .where('execution_id', '=', body.executionId)
      .where('org_id', '=', caller.orgId),
    body,
    { ts: 'ts', id: 'id', idKind: 'integer' },
  );
  return { apiLog: toApiLogRow(log), logs: page.items.map(toNativeCallRow), hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
});
