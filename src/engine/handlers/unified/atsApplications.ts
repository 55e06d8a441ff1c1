import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's ATS applications in the unified model, with its custom fields.
export const atsApplications = defineHandler('atsApplications', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'atsApplications', query);
  return { applications: page.records as MsgOf<'atsApplications'>['applications'], nextCursor: page.nextCursor };
});
