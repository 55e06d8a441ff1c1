import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's CRM engagements (calls, e-mails, meetings, notes, tasks) in the unified model, with its custom fields.
export const crmEngagements = defineHandler('crmEngagements', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'crmEngagements', query);
  return { engagements: page.records as MsgOf<'crmEngagements'>['engagements'], nextCursor: page.nextCursor };
});
