import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { applyIssueFilters, toIssueRow } from '../../repositories/issues.ts';
import { pageByCursor, timeFilterStart } from '../../repositories/listPaging.ts';

// The issues table: newest first, cursor-paged on one partial or plain index per filter set.
export const appIssueData = defineHandler('appIssueData', async ({ body }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const page = await pageByCursor(
    applyIssueFilters(db.selectFrom('issues').selectAll(), caller.orgId, {
      type: body.type,
      status: body.status,
      from: timeFilterStart(body.timeFilter, clock.now()),
    }),
    body,
    { ts: 'date', id: 'id', idKind: 'integer' },
  );
  return { issues: page.items.map(toIssueRow), nextCursor: page.nextCursor };
});
