import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createMigrator, migrateToLatest } from '../../src/engine/db/migrate.ts';
import { sampleRows } from '../support/sampleRows/index.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

// The migration that removes recoverable secrets from existing databases: encrypted API keys and
// clear-text per-webhook secrets are gone afterwards, while the keys' hashes keep authenticating.
// Runs on SQLite by default and on PostgreSQL under scripts/pg-test.sh (DATABASE_URL).
const BEFORE = '20261128090000_list_filter_indexes';
// Several rows each: without secure_delete SQLite leaves some of the old bytes in freed space.
const CIPHERTEXTS = [0, 1, 2].map((i) => `v1.Q2lwaGVydGV4dE9mQW5BcGlLZXk${i}.dGFn.ZW5jcnlwdGVkLWtleS1ieXRlcw`);
const WEBHOOK_SECRETS = [0, 1].map((i) => `whsec_clear-text-webhook-secret-${i}-0123456789`);
const OLD_VALUES = [...CIPHERTEXTS, ...WEBHOOK_SECRETS];
const keyRow = (i: number) => ({ ...sampleRows.api_keys, id: `key_${i}`, key_hash: `hash-key-${i}`, revoked_at: i < 2 ? sampleRows.api_keys.created_at : null });
const webhookRow = (i: number) => ({ ...sampleRows.webhooks, id: `whk_${i}`, category: i === 0 ? 'HRIS' : 'ATS' });

let current: TestDatabase | undefined;
afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

/** Writes an organisation with a key and a webhook as the schema before the migration held them. */
async function writeOldRows(db: Kysely<any>): Promise<void> {
  const migrator = await createMigrator(db);
  const result = await migrator.migrateTo(BEFORE);
  if (result.error) throw result.error;
  for (const table of ['clusters', 'plans', 'organisations'] as const) await db.insertInto(table).values(sampleRows[table]).execute();
  await db.insertInto('api_keys').values(CIPHERTEXTS.map((key_encrypted, i) => ({ ...keyRow(i), key_encrypted }))).execute();
  await db.insertInto('webhooks').values(WEBHOOK_SECRETS.map((signing_secret, i) => ({ ...webhookRow(i), signing_secret }))).execute();
}

const columnsOf = async (db: Kysely<any>, table: string) =>
  (await db.introspection.getTables()).filter((t) => t.name === table).flatMap((t) => t.columns.map((c) => c.name));

describe('migration 20261129090000 (stored secrets)', () => {
  it('drops the encrypted API keys and the clear-text webhook secrets, keeping the rows', async () => {
    current = await createTestDatabase({ migrate: false });
    const db = current.db as unknown as Kysely<any>;
    await writeOldRows(db);
    await migrateToLatest(db);

    expect(await columnsOf(db, 'api_keys')).not.toContain('key_encrypted');
    expect(await columnsOf(db, 'webhooks')).not.toContain('signing_secret');
    expect(await db.selectFrom('api_keys').selectAll().orderBy('id').execute()).toEqual([0, 1, 2].map(keyRow));
    expect(await db.selectFrom('webhooks').selectAll().orderBy('id').execute()).toEqual([0, 1].map(webhookRow));
    expect(await columnsOf(db, 'webhook_signing_secrets')).toEqual(expect.arrayContaining(['org_id', 'secret_sealed', 'created_at']));
  });

  it('leaves no trace of the old values in the SQLite file', async () => {
    const raw = new SQLite(':memory:');
    raw.pragma('foreign_keys = ON');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
    try {
      await writeOldRows(db);
      const before = raw.serialize();
      expect(OLD_VALUES.filter((v) => before.includes(v))).toEqual(OLD_VALUES);
      await migrateToLatest(db);
      const after = raw.serialize();
      expect(OLD_VALUES.filter((v) => after.includes(v))).toEqual([]);
      // secure_delete was for the migration only.
      expect(raw.pragma('secure_delete', { simple: true })).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
