import { defineSessionHandler } from '../types.ts';
import { pageIssues, toIssueRow } from '../../repositories/issues.ts';
import { timeFilterStart } from '../../../shared/timeWindows.ts';

// The issues table: newest first, cursor-paged on one partial or plain index per filter set.
export const appIssueData = defineSessionHandler('appIssueData', async ({ body }, { db, caller, clock }) => {
  const page = await pageIssues(db, caller.orgId, {
    type: body.type,
    status: body.status,
    from: timeFilterStart(body.timeFilter, clock.now()),
  }, body);
  return { issues: page.items.map(toIssueRow), nextCursor: page.nextCursor };
});
