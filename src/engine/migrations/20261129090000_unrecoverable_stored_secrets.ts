import { type Kysely, sql } from 'kysely';
import { isPostgres, ms, text } from './helpers.ts';

/*
 * Stored secrets a copy of the database must not give away:
 * - api_keys.key_encrypted: every API key was also kept encrypted under a key derived from the
 *   engine's secret (public by default in development), so the dashboard could show it again.
 *   Keys are now kept as their hash and prefix only and shown in full once; the column goes.
 * - webhooks.signing_secret: a per-webhook secret in clear text that signed nothing. Webhooks are
 *   now signed with the organisation's secret in webhook_signing_secrets, stored sealed.
 * Both are blanked before the drop: PostgreSQL's DROP COLUMN leaves the values in the rows until
 * they are rewritten, and on SQLite secure_delete makes the update and the drop zero the old bytes.
 * Copies and backups taken earlier still hold the encrypted keys: rotate the keys of an install
 * whose database left the machine while it ran on the default secret.
 */
async function withSecureDelete(db: Kysely<any>, work: () => Promise<void>): Promise<void> {
  if (isPostgres(db)) return work();
  const { rows } = await sql<{ secure_delete: number }>`pragma secure_delete`.execute(db);
  const before = Number(rows[0]?.secure_delete ?? 0);
  await sql`pragma secure_delete = 1`.execute(db);
  try {
    await work();
  } finally {
    await sql.raw(`pragma secure_delete = ${before}`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await withSecureDelete(db, async () => {
    await db.updateTable('api_keys').set({ key_encrypted: null }).execute();
    await db.schema.alterTable('api_keys').dropColumn('key_encrypted').execute();
    await db.updateTable('webhooks').set({ signing_secret: '' }).execute();
    await db.schema.alterTable('webhooks').dropColumn('signing_secret').execute();
  });

  await db.schema
    .createTable('webhook_signing_secrets')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organisations.id').onDelete('cascade'))
    .$call(text('secret_sealed'))
    .$call(ms('created_at'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_signing_secrets').ifExists().execute();
  // The dropped values are gone: keys cannot be shown again, webhooks get an empty secret.
  await db.schema.alterTable('webhooks').addColumn('signing_secret', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('api_keys').addColumn('key_encrypted', 'text').execute();
}
