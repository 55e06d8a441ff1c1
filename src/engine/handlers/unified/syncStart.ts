import { defineHandler, integrationCallerOf } from '../types.ts';
import { startAccountSyncs } from '../../services/syncStart.ts';

// v1.0/sync.start: the account's sync jobs (of the data types asked for) are due now.
export const syncStart = defineHandler('syncStart', async ({ body }, ctx) => {
  const { call } = integrationCallerOf(ctx);
  const jobs = await startAccountSyncs(ctx, call, body?.syncDataTypes);
  return { integrationId: call.account.integrationId, jobs };
});
