import type { Kysely, Transaction } from 'kysely';
import { dialectOf, MAX_BIND_PARAMETERS } from './dialect.ts';
import type { Database, NewRow, TableName } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Rows cut into batches that each fit one statement's bind parameters on the database at hand
 * (a run's initial sync can write thousands of rows to a table).
 */
export function batchesOf<Row extends object>(db: Db, rows: readonly Row[]): Row[][] {
  if (rows.length === 0) return [];
  const columns = Math.max(1, Object.keys(rows[0]).length);
  const size = Math.max(1, Math.floor(MAX_BIND_PARAMETERS[dialectOf(db)] / columns));
  const batches: Row[][] = [];
  for (let i = 0; i < rows.length; i += size) batches.push(rows.slice(i, i + size));
  return batches;
}

/** Inserts the rows, as many statements as the bind-parameter limit needs. */
export async function insertInBatches<T extends TableName>(db: Db, table: T, rows: readonly NewRow<T>[]): Promise<void> {
  for (const batch of batchesOf(db, rows)) {
    // The table is generic here; each caller's rows are typed for their own table.
    await db.insertInto(table).values(batch as never).execute();
  }
}
