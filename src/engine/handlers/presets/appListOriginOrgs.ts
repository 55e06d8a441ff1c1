import { defineSessionHandler } from '../types.ts';
import { pageOriginOrgs } from '../../repositories/presetViews.ts';

// The end-customer organisations with accounts (optionally of one app or category), for the
// wizard's pickers and the presets list's organisation filter; paged by name.
export const appListOriginOrgs = defineSessionHandler('appListOriginOrgs', async ({ query }, { db, caller }) => {
  const page = await pageOriginOrgs(
    db,
    caller.orgId,
    { appId: query.appId, category: query.category, search: query.search },
    { limit: query.limit ?? 50, cursor: query.cursor, pageNo: query.pageNo },
  );
  return { originOrgs: page.items, hasMoreRecords: page.hasMore, nextCursor: page.nextCursor };
});
