import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import {
  accountTable,
  assertMappable,
  checkCustomRows,
  findMappingAccount,
  mergeCustomRows,
  toFieldRows,
  writeAccountTable,
} from '../../repositories/mappingTables.ts';

// Save of the Edit mapped fields modal: `mappings` is the final list of CUSTOM rows (deleted rows
// dropped, edits overriding originals), checked against the account's table and stored in one
// transaction, so a rejected list leaves the table as it was.
export const appDataCustomFieldsSave = defineHandler('appDataCustomFieldsSave', async ({ body }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const account = await findMappingAccount(db, caller.orgId, body.orgId, body.organizationDetails);
  await assertMappable(db, account.app_id, body.subCategoryId, 'subCategoryId');
  const now = clock.now();
  const rows = await db.transaction().execute(async (trx) => {
    const before = await accountTable(trx, account, body.subCategoryId);
    const custom = checkCustomRows(body.mappings, before.rows, 'mappings');
    return writeAccountTable(trx, account, body.subCategoryId, before, mergeCustomRows(before.rows, custom), now);
  });
  return { message: 'Successfully Edited' as const, data: toFieldRows(rows) };
});
