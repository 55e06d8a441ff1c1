import { defineSessionHandler } from '../types.ts';
import { assertMappable, findMappingAccount, toFieldRows } from '../../repositories/mappingTables.ts';
import { saveAccountMapping } from '../../services/accountMapping.ts';

// Save of the Edit mapped fields modal: `mappings` is the final list of CUSTOM rows (deleted rows
// dropped, edits overriding originals), checked against the account's table and stored in one
// transaction, so a rejected list leaves the table as it was.
export const appDataCustomFieldsSave = defineSessionHandler('appDataCustomFieldsSave', async ({ body }, { db, caller, clock }) => {
  const account = await findMappingAccount(db, caller.orgId, body.orgId, body.organizationDetails);
  await assertMappable(db, account.app_id, body.subCategoryId, 'subCategoryId');
  const rows = await saveAccountMapping(db, account, body.subCategoryId, body.mappings, 'mappings', clock.now());
  return { message: 'Successfully Edited' as const, data: toFieldRows(rows) };
});
