import { type Kysely, type MigrationResult, Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { migrationProvider } from '../migrations/index.ts';
import { isPostgres } from './dialect.ts';

class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: readonly MigrationResult[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * Kysely's Migrator looks for its bookkeeping tables in every schema it can see unless told which
 * one to use; with several schemas in one database (tests, tenants) it would find another
 * schema's table. So on PostgreSQL it is pinned to the connection's current schema.
 */
export async function createMigrator(db: Kysely<any>): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (isPostgres(db)) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema });
}

/** Brings the schema up to date; runs at engine start. Throws MigrationError on failure. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResult[]> {
  const migrator = await createMigrator(db);
  return check(await migrator.migrateToLatest(), 'migrate to latest');
}

/** Undoes every migration (tests, and a clean slate for the seed). */
export async function migrateDownAll(db: Kysely<any>): Promise<MigrationResult[]> {
  const migrator = await createMigrator(db);
  return check(await migrator.migrateTo(NO_MIGRATIONS), 'migrate down');
}

function check(
  result: { error?: unknown; results?: MigrationResult[] },
  what: string,
): MigrationResult[] {
  const results = result.results ?? [];
  if (result.error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(
      `${what} failed${failed ? ` in ${failed}` : ''}: ${reason}`,
      results,
      { cause: result.error },
    );
  }
  return results;
}
