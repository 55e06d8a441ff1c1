import type { Kysely } from 'kysely';
import { createIndex } from './helpers.ts';

/*
 * Indexes for list filters that had none serving them:
 * - the sync jobs list filtered by integration pages newest first within that integration's jobs
 *   (the (org_id, integration_id) index serves its count, not its order, so each page walked
 *   every job of the organisation);
 * - the accounts screen's pie chart under an app or end-customer filter counts per category within
 *   that filter's accounts, index only (SQLite otherwise counted every account of the
 *   organisation through the category index, which hands out categories in order).
 */
const INDEXES: [string, string[]][] = [
  ['sync_jobs', ['org_id', 'integration_id', 'created_at', 'id']],
  ['integrated_accounts', ['org_id', 'app_id', 'category']],
  ['integrated_accounts', ['org_id', 'origin_org_id', 'category']],
];
const nameOf = (table: string, columns: string[]) => `${table}__${columns.join('_')}`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of INDEXES) await createIndex(db, table, columns);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of INDEXES) await db.schema.dropIndex(nameOf(table, columns)).ifExists().execute();
}
