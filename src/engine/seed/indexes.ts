import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

/*
 * Secondary indexes of the log tables, dropped before a big load and rebuilt after it. Inserting
 * a million rows with random ids (execution_id, record_id, audit_id) into live B-trees costs a
 * cache miss per row and index; building each index once, sorted, at the end is several times
 * faster. The definitions are read from the database itself (not copied from the migrations), so
 * a migration that changes an index is rebuilt as it now is. Primary keys and unique
 * constraints stay. The seed runs all of this inside its one transaction: a failure rolls the
 * drops back with the rows.
 */

export const DEFERRABLE_TABLES = [
  'api_logs', 'native_calls', 'webhook_logs', 'webhook_records', 'sync_records', 'sync_runs', 'issues', 'usage_daily',
] as const;

interface IndexDef {
  name: string;
  definition: string;
}

async function secondaryIndexes(db: Kysely<Database>, dialect: DialectName, tables: readonly string[]): Promise<IndexDef[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master
      where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)})
      order by name`.execute(db);
    return rows.map((r) => ({ name: `"${r.name}"`, definition: r.sql }));
  }
  // Indexes of the (partitioned) parent tables only; dropping one drops its partitions' copies.
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by 1`.execute(db);
  // A partitioned index prints as ON ONLY; rebuilt that way it would skip the partitions.
  return rows.map((r) => ({ name: r.name, definition: r.definition.replace(' ON ONLY ', ' ON ') }));
}

/** Tables among `tables` that hold no rows (indexes of tables other data lives in stay). */
export async function emptyTables(db: Kysely<Database>, tables: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const table of tables) {
    const { rows } = await sql`select 1 as x from ${sql.table(table)} limit 1`.execute(db);
    if (rows.length === 0) out.push(table);
  }
  return out;
}

/** Drops the tables' secondary indexes; the returned function recreates them. */
export async function deferIndexes(
  db: Kysely<Database>,
  dialect: DialectName,
  tables: readonly string[],
): Promise<() => Promise<void>> {
  if (tables.length === 0) return async () => {};
  const indexes = await secondaryIndexes(db, dialect, tables);
  for (const index of indexes) await sql.raw(`drop index ${index.name}`).execute(db);
  return async () => {
    // More sort memory makes each build one pass (the setting ends with the transaction).
    if (dialect === 'postgres') await sql`set local maintenance_work_mem = '512MB'`.execute(db);
    for (const index of indexes) await sql.raw(index.definition).execute(db);
  };
}
