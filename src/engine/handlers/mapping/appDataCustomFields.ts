import { defineSessionHandler } from '../types.ts';
import { accountTable, assertMappable, findMappingAccount, toFieldRows } from '../../repositories/mappingTables.ts';

// The Edit mapped fields modal, one tab: the account's table of one sync sub-category (the app's
// table until the account's mapping is first saved). Members may edit too; presets are the gated part.
export const appDataCustomFields = defineSessionHandler('appDataCustomFields', async ({ body }, { db, caller }) => {
  const account = await findMappingAccount(db, caller.orgId, body.orgId, body.organizationDetails);
  await assertMappable(db, account.app_id, body.subCategoryId, 'subCategoryId');
  const table = await accountTable(db, account, body.subCategoryId);
  return { data: toFieldRows(table.rows), subCategoryId: body.subCategoryId, integrationId: account.id };
});
