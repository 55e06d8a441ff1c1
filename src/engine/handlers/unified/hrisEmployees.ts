import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's HRIS employees in the unified model, with its custom fields.
export const hrisEmployees = defineHandler('hrisEmployees', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'hrisEmployees', query);
  return { employees: page.records as MsgOf<'hrisEmployees'>['employees'], nextCursor: page.nextCursor };
});
