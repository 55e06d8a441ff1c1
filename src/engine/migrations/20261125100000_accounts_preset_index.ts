import { type Kysely, type SqlBool, sql } from 'kysely';
import { createIndex } from './helpers.ts';

/*
 * The accounts that follow a mapping preset: the presets list counts them, the preset wizard and
 * edits apply rows to them, and deleting a preset releases them. Without this index each of those
 * scans the organisation's accounts, and PostgreSQL's foreign-key check of a preset delete scans
 * every account. Partial: most accounts follow no preset.
 */
const NAME = 'integrated_accounts__preset_id';

export async function up(db: Kysely<any>): Promise<void> {
  await createIndex(db, 'integrated_accounts', ['preset_id'], { name: NAME, where: sql<SqlBool>`preset_id is not null` });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex(NAME).ifExists().execute();
}
