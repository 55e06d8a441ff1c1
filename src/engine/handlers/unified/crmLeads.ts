import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's CRM leads in the unified model, with its custom fields.
export const crmLeads = defineHandler('crmLeads', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'crmLeads', query);
  return { leads: page.records as MsgOf<'crmLeads'>['leads'], nextCursor: page.nextCursor };
});
