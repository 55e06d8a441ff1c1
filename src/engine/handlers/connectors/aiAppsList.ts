import { defineSessionHandler } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { encodeCursor } from '../../db/keyset.ts';
import { listAiApps } from '../../repositories/aiApps.ts';
import { CURSOR_MESSAGE, readCursor } from '../../repositories/listPaging.ts';
import { aiCaller } from './context.ts';

// Apps a connector can be built for, by label, a page at a time. The merged list is small and
// ordered by label, not by time, so the cursor holds the next page's position and the last app's
// id: a cursor whose app is no longer at that place under these filters answers 400.
export const aiAppsList = defineSessionHandler('aiAppsList', async ({ query }, ctx) => {
  const { db, orgId } = aiCaller(ctx);
  const apps = await listAiApps(db, orgId, { search: query.search, category: query.category });
  const limit = query.limit ?? 50;
  const cursor = readCursor(query.cursor, 'text');
  if (cursor && (cursor.ts < 1 || apps[cursor.ts - 1]?.appId !== cursor.id)) throw badRequest(CURSOR_MESSAGE, 'cursor');
  const start = cursor ? cursor.ts : ((query.pageNo ?? 1) - 1) * limit;
  const page = apps.slice(start, start + limit);
  const hasMoreRecords = start + limit < apps.length;
  return {
    apps: page,
    hasMoreRecords,
    nextCursor: hasMoreRecords ? encodeCursor({ ts: start + limit, id: page[page.length - 1].appId }) : null,
  };
});
