import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's accounting employees in the unified model, with its custom fields.
export const accountingEmployees = defineHandler('accountingEmployees', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'accountingEmployees', query);
  return { employees: page.records as MsgOf<'accountingEmployees'>['employees'], nextCursor: page.nextCursor };
});
