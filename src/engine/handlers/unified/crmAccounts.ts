import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's CRM accounts (companies) in the unified model, with its custom fields.
export const crmAccounts = defineHandler('crmAccounts', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'crmAccounts', query);
  return { accounts: page.records as MsgOf<'crmAccounts'>['accounts'], nextCursor: page.nextCursor };
});
