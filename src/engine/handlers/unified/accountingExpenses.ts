import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's accounting expenses in the unified model, with its custom fields.
export const accountingExpenses = defineHandler('accountingExpenses', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'accountingExpenses', query);
  return { expenses: page.records as MsgOf<'accountingExpenses'>['expenses'], nextCursor: page.nextCursor };
});
