import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { pageByNumber } from '../../repositories/listPaging.ts';
import { API_LOG_COLUMNS, toApiLogRow, toWebhookLogRow, WEBHOOK_LOG_COLUMNS } from '../../repositories/logs.ts';

/** Default look-back of the logs: the last 30 days in ms (the spec's seconds times 1000). */
export const DEFAULT_LOG_PERIOD_MS = 2_592_000_000;

// The logs table, API calls or webhook runs. Each view is one index range of its table:
// (org_id[, origin_org_id][, category], ts, id) from now minus the look-back, newest first. A page
// fetches limit + 1 rows (hasMoreRecords), never a count; with the previous page's cursor a deep
// page is a seek, without one it is reached by offset.
export const appGetLogsDataV2 = defineHandler('appGetLogsDataV2', async ({ body }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const since = now - (body.timestamp ?? DEFAULT_LOG_PERIOD_MS);
  const monthly = { monthlyPartitions: { db, now } };
  const { category, originOrgId } = body;
  if (body.isApiLogs !== false) {
    const page = await pageByNumber(
      db.selectFrom('api_logs').select(API_LOG_COLUMNS)
        .where('org_id', '=', caller.orgId)
        .$if(originOrgId !== undefined, (q) => q.where('origin_org_id', '=', originOrgId!))
        .$if(category !== undefined, (q) => q.where('category', '=', category!))
        .where('request_ts', '>=', since),
      body,
      { ts: 'request_ts', id: 'id', idKind: 'integer' },
      monthly,
    );
    return { logs: page.items.map(toApiLogRow), hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
  }
  const page = await pageByNumber(
    db.selectFrom('webhook_logs').select(WEBHOOK_LOG_COLUMNS)
      .where('org_id', '=', caller.orgId)
      .$if(originOrgId !== undefined, (q) => q.where('origin_org_id', '=', originOrgId!))
      .$if(category !== undefined, (q) => q.where('category', '=', category!))
      .where('ts', '>=', since),
    body,
    { ts: 'ts', id: 'id', idKind: 'integer' },
    monthly,
  );
  return { logs: page.items.map(toWebhookLogRow), hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
});
