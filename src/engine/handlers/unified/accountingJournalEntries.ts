import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's accounting journal entries in the unified model, with its custom fields.
export const accountingJournalEntries = defineHandler('accountingJournalEntries', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'accountingJournalEntries', query);
  return { journalEntries: page.records as MsgOf<'accountingJournalEntries'>['journalEntries'], nextCursor: page.nextCursor };
});
