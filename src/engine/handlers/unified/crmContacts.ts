import { defineHandler, integrationCallerOf } from '../types.ts';
import { readUnifiedPage } from '../../services/unifiedReads.ts';
import type { MsgOf } from '../../contractTypes.ts';

// One page of the account's CRM contacts in the unified model, with its custom fields.
export const crmContacts = defineHandler('crmContacts', async ({ query }, ctx) => {
  const page = await readUnifiedPage(ctx, integrationCallerOf(ctx).call, 'crmContacts', query);
  return { contacts: page.records as MsgOf<'crmContacts'>['contacts'], nextCursor: page.nextCursor };
});
