import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's CRM deals in the unified model, with its custom fields.
export const crmDeals = defineHandler('crmDeals', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'crmDeals', query);
  return { deals: page.records as MsgOf<'crmDeals'>['deals'], nextCursor: page.nextCursor };
});
