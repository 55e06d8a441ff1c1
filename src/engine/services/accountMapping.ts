import type { Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { SchemaMappingRow } from '../../generated/api/engine.ts';
import { accountTable, checkCustomRows, mergeCustomRows, type TableField, writeAccountTable } from '../repositories/mappingTables.ts';

/**
 * Saves the Edit mapped fields modal of one account's sub-category: `sent` is the final list of
 * CUSTOM rows, checked against the table as it is inside the same transaction that stores it, so
 * a rejected list (400 on `<field>.<i>.<column>`) leaves the table as it was. Returns the new table.
 */
export async function saveAccountMapping(
  db: Kysely<Database>,
  account: Pick<Row<'integrated_accounts'>, 'id' | 'org_id' | 'app_id'>,
  subcategory: string,
  sent: SchemaMappingRow[],
  field: string,
  now: number,
): Promise<TableField[]> {
  return db.transaction().execute(async (trx) => {
    const before = await accountTable(trx, account, subcategory);
    const custom = checkCustomRows(sent, before.rows, field);
    return writeAccountTable(trx, account, subcategory, before, mergeCustomRows(before.rows, custom), now);
  });
}
