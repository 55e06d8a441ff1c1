import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, isPostgresUrl } from '../../src/engine/db/database.ts';
import type { DialectName } from '../../src/engine/db/dialect.ts';
import { migrateToLatest } from '../../src/engine/db/migrate.ts';
import type { Database } from '../../src/engine/db/schema.ts';
import { migrations } from '../../src/engine/migrations/index.ts';
import { buildReferenceRows, seedReferenceData } from '../../src/engine/seed/index.ts';
import { runDatabasePrefix } from './testRun.ts';

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The database already holds this build's reference data (options.reference). */
  reference: boolean;
  /** PostgreSQL schema holding the tables (undefined on SQLite). */
  schema?: string;
  /** Where another process opens this database (options.shared): its SQLite file or PostgreSQL URL. */
  location?: DatabaseLocation;
  /** Closes the connections and throws the data away (a PostgreSQL database is dropped in the background). */
  cleanup(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** false gives an empty database (migration tests); default true. */
  migrate?: boolean;
  /**
   * true: the reference data (the catalogue: categories, apps, models, capabilities, plans) is
   * loaded too, as seedReferenceData loads it at engine start; implies migrate. It is loaded once
   * per worker (SQLite) or per server (PostgreSQL) and copied with the database, not per test.
   */
  reference?: boolean;
  /**
   * true: other processes (an engine or worker the test spawns) can open it too: on SQLite a file
   * in a temporary folder (the image written out) instead of memory; on PostgreSQL the clone, by
   * its URL. Its location is in TestDatabase.location.
   */
  shared?: boolean;
}

export type DatabaseLocation = { sqliteFile: string } | { databaseUrl: string };

/** What a new database starts from: nothing, the migrations, or the migrations and the catalogue. */
type Contents = 'empty' | 'migrated' | 'reference';

interface Handle {
  db: Kysely<Database>;
  dialect: DialectName;
  schema?: string;
  location?: DatabaseLocation;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test (or one file): SQLite in memory, or, when DATABASE_URL
 * points at PostgreSQL (scripts/pg-test.sh), a new database cloned from a template built once
 * per migration set (and catalogue), so parallel test files never see each other's rows and a
 * fresh database costs a clone instead of a migration and a catalogue load (~0.5 s and ~0.8 s on
 * PostgreSQL, ~0.2 s of catalogue on SQLite, per test); each clone is made while the test before
 * runs. Roles without CREATEDB get a fresh schema instead. Always call cleanup (afterEach/afterAll).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const contents: Contents = options.reference ? 'reference' : options.migrate !== false ? 'migrated' : 'empty';
  const url = process.env.DATABASE_URL;
  const handle: Handle = isPostgresUrl(url)
    ? await createPostgres(url, contents)
    : options.shared ? await createSqliteFile(contents) : await createSqlite(contents);
  return {
    db: handle.db,
    dialect: handle.dialect,
    reference: contents === 'reference',
    schema: handle.schema,
    location: handle.location,
    cleanup: async () => {
      await handle.db.destroy();
      await handle.drop();
    },
  };
}

async function createSqlite(contents: Contents): Promise<Handle> {
  const { db, dialect } = contents === 'empty'
    ? createDatabase({ sqliteFile: ':memory:', databaseUrl: '' })
    : createDatabase({ sqliteImage: await sqliteImage(contents), databaseUrl: '' });
  return { db, dialect, drop: async () => {} };
}

/** A SQLite file in a folder of its own, written from the image of `contents` (WAL, as the engine opens files). */
async function createSqliteFile(contents: Contents): Promise<Handle> {
  const dir = mkdtempSync(join(tmpdir(), 'engine-test-'));
  const sqliteFile = join(dir, 'engine.sqlite');
  if (contents !== 'empty') writeFileSync(sqliteFile, await sqliteImage(contents));
  const { db, dialect } = createDatabase({ sqliteFile, databaseUrl: '' });
  return { db, dialect, location: { sqliteFile }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

const sqliteImages = new Map<Contents, Promise<Buffer>>();

/**
 * An in-memory database serialized once per worker, migrated and, for 'reference', with the
 * catalogue loaded on top; each test opens a copy (~1 ms).
 */
function sqliteImage(contents: Exclude<Contents, 'empty'>): Promise<Buffer> {
  let image = sqliteImages.get(contents);
  if (!image) {
    image = (async () => {
      const raw = contents === 'reference' ? new SQLite(await sqliteImage('migrated')) : new SQLite(':memory:');
      raw.pragma('foreign_keys = ON');
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
      try {
        if (contents === 'reference') await seedReferenceData(db);
        else await migrateToLatest(db);
        return raw.serialize();
      } finally {
        await db.destroy();
      }
    })();
    sqliteImages.set(contents, image);
    image.catch(() => sqliteImages.delete(contents));
  }
  return image;
}

async function createPostgres(url: string, contents: Contents): Promise<Handle> {
  let name: string;
  try {
    name = await takeClone(url, contents);
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    return createPostgresSchema(url, newDatabaseName(), contents);
  }
  // A small pool: many test files run in parallel against one server.
  const databaseUrl = withDatabase(url, name);
  const { db, dialect } = createDatabase({ databaseUrl, poolSize: 3 });
  return {
    db,
    dialect,
    schema: 'public',
    location: { databaseUrl },
    // The drop runs on while the next test starts: nothing waits for it but the run's teardown,
    // which drops whatever of the run is left (tests/support/engineGlobalSetup.ts).
    drop: async () => {
      dropDatabase(url, name).catch(() => {});
    },
  };
}

let runPrefix: string | undefined;

/** Named after the run, so its teardown drops what is left: the clone kept ready when a worker ends, a drop cut short at exit. */
function newDatabaseName(): string {
  runPrefix ??= runDatabasePrefix(inject('engineTestRun') ?? `${process.pid.toString(36)}${Date.now().toString(36)}`);
  return `${runPrefix}${randomBytes(5).toString('hex')}`;
}

const readyClones = new Map<Contents, Promise<string>>();

/**
 * A new database cloned from the template of `contents`. The clone for the next test is started at
 * once and runs while this one does (a clone took 70-300 ms, up to a third of a short test on
 * PostgreSQL), so a test usually finds its database ready.
 */
async function takeClone(url: string, contents: Contents): Promise<string> {
  const ready = readyClones.get(contents) ?? clone(url, contents);
  const next = clone(url, contents);
  // Kept only as the next test's database: its failure (no CREATEDB, say) surfaces there.
  next.catch(() => {});
  readyClones.set(contents, next);
  return ready;
}

async function clone(url: string, contents: Contents): Promise<string> {
  const name = newDatabaseName();
  const template = contents === 'empty' ? 'template1' : await postgresTemplate(url, contents);
  await admin(url, `create database ${name} template ${template}${await copyStrategy(url)}`);
  return name;
}

/**
 * Drops a test's database once its pool is closed. A closed pool's connections may still be
 * going away on the server: a plain drop waits for them (up to 5 s), where a forced one would
 * kill them and make their clients report the error. Force is only for connections a test left open.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  try {
    await admin(url, `drop database if exists ${name}`);
  } catch (error) {
    if ((error as { code?: string }).code !== '55006') throw error;
    await admin(url, `drop database if exists ${name} with (force)`);
  }
}

async function createPostgresSchema(url: string, schema: string, contents: Contents): Promise<Handle> {
  await admin(url, `create schema ${schema}`);
  const { db, dialect } = createDatabase({ databaseUrl: url, searchPath: schema, poolSize: 3 });
  const drop = () => admin(url, `drop schema if exists ${schema} cascade`);
  try {
    if (contents !== 'empty') await migrateToLatest(db);
    if (contents === 'reference') await seedReferenceData(db);
  } catch (error) {
    await db.destroy();
    await drop();
    throw error;
  }
  return { db, dialect, schema, drop };
}

const templates = new Map<Contents, Promise<string>>();

/**
 * The template database of `contents`, named after a hash of what is in it (the migrations' names
 * and code; for 'reference' also the catalogue's rows), so a new or edited migration or a catalogue
 * change gets a new template instead of a stale one. Created once per server: workers race on an
 * advisory lock, and it is built under a temporary name and renamed, so nobody clones a half-built
 * template. The reference template is cloned from the migrated one and loaded by seedReferenceData,
 * exactly as an engine start loads it.
 */
function postgresTemplate(url: string, contents: Exclude<Contents, 'empty'>): Promise<string> {
  let template = templates.get(contents);
  if (!template) {
    template = (async () => {
      const base = contents === 'reference' ? await postgresTemplate(url, 'migrated') : undefined;
      const name = `engine_${contents === 'reference' ? 'ref' : 'tpl'}_${templateHash(contents).slice(0, 16)}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`select pg_advisory_lock(hashtext('engine_test_template'))`);
        const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount === 0) {
          const building = `${name}_building`;
          await client.query(`drop database if exists ${building} with (force)`);
          await client.query(`create database ${building}${base ? ` template ${base}` : ''}`);
          const { db } = createDatabase({ databaseUrl: withDatabase(url, building), poolSize: 1 });
          try {
            if (base) await seedReferenceData(db);
            else await migrateToLatest(db);
          } finally {
            await db.destroy();
          }
          await client.query(`alter database ${building} rename to ${name}`);
        }
        return name;
      } finally {
        await client.query(`select pg_advisory_unlock(hashtext('engine_test_template'))`).catch(() => {});
        await client.end();
      }
    })();
    templates.set(contents, template);
    template.catch(() => templates.delete(contents));
  }
  return template;
}

function templateHash(contents: Exclude<Contents, 'empty'>): string {
  // Names and code: a migration edited before it lands must not reuse a stale template.
  const source = Object.entries(migrations).map(([n, m]) => `${n}\n${m.up}\n${m.down ?? ''}`);
  if (contents === 'reference') source.push(JSON.stringify(buildReferenceRows()));
  return createHash('sha256').update(source.join('\n')).digest('hex');
}

let strategy: Promise<string> | undefined;

/** FILE_COPY clones a small database fastest; the clause exists from PostgreSQL 15. */
function copyStrategy(url: string): Promise<string> {
  strategy ??= adminQuery<{ server_version_num: string }>(url, 'show server_version_num').then(
    (rows) => (Number(rows[0]?.server_version_num) >= 150000 ? ' strategy file_copy' : ''),
  );
  return strategy;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const adminPools = new Map<string, pg.Pool>();

/**
 * A statement on the worker's own admin connection, never the test's pool (which may already be
 * closed). The connection is kept between tests: opening one per create and drop cost ~20-50 ms
 * each on a busy machine. allowExitOnIdle lets the worker exit with it open.
 */
async function admin(url: string, statement: string): Promise<void> {
  await adminQuery(url, statement);
}

async function adminQuery<R extends pg.QueryResultRow>(url: string, statement: string): Promise<R[]> {
  let pool = adminPools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 3, allowExitOnIdle: true });
    // A dropped idle connection is replaced by the next query; unhandled, it would kill the worker.
    pool.on('error', () => {});
    adminPools.set(url, pool);
  }
  return (await pool.query<R>(statement)).rows;
}
