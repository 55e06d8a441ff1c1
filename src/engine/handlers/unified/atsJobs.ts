import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's ATS jobs in the unified model, with its custom fields.
export const atsJobs = defineHandler('atsJobs', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'atsJobs', query);
  return { jobs: page.records as MsgOf<'atsJobs'>['jobs'], nextCursor: page.nextCursor };
});
