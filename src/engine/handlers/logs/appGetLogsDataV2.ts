import { defineSessionHandler } from '../types.ts';
import { pageApiLogs, pageWebhookLogs, toApiLogRow, toWebhookLogRow } from '../../repositories/logs.ts';

/** Default look-back of the logs: the last 30 days in ms (the spec's seconds times 1000). */
export const DEFAULT_LOG_PERIOD_MS = 2_592_000_000;

// The logs table, API calls or webhook runs. Each view is one index range of its table:
// (org_id[, origin_org_id][, category], ts, id) from now minus the look-back, newest first. A page
// fetches limit + 1 rows (hasMoreRecords), never a count; with the previous page's cursor a deep
// page is a seek, without one it is reached by offset.
export const appGetLogsDataV2 = defineSessionHandler('appGetLogsDataV2', async ({ body }, { db, caller, clock }) => {
  const now = clock.now();
  const filters = { originOrgId: body.originOrgId, category: body.category, since: now - (body.timestamp ?? DEFAULT_LOG_PERIOD_MS) };
  if (body.isApiLogs !== false) {
    const page = await pageApiLogs(db, caller.orgId, filters, body, now);
    return { logs: page.items.map(toApiLogRow), hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
  }
  const page = await pageWebhookLogs(db, caller.orgId, filters, body, now);
  return { logs: page.items.map(toWebhookLogRow), hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
});
