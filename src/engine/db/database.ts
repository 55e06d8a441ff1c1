import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogConfig, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { withStatementCache } from './statementCache.ts';
import { EngineSqliteDialect } from './sqliteDialect.ts';
import { PreparedStatementClient } from './pgPreparedClient.ts';
import { registerWriteWatch, WriteWatch } from './writeWatch.ts';
import type { DialectName } from './dialect.ts';

interface CreateDatabaseOptions {
  /** postgres:// or postgresql:// URL; defaults to env DATABASE_URL. Anything else means SQLite. */
  databaseUrl?: string;
  /** SQLite file or ':memory:'; defaults to env SQLITE_FILE, then data/engine.sqlite. */
  sqliteFile?: string;
  /** An in-memory SQLite database opened from this serialized image (tests clone a migrated one). */
  sqliteImage?: Buffer;
  /** PostgreSQL schema to put first on the search_path (tests isolate themselves this way). */
  searchPath?: string;
  /** PostgreSQL pool size; defaults to env PG_POOL_MAX, then 10. */
  poolSize?: number;
  log?: LogConfig;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

const DEFAULT_SQLITE_FILE = 'data/engine.sqlite';

/** The SQLite file the engine opens when none is given: env SQLITE_FILE, then data/engine.sqlite. */
export const configuredSqliteFile = (): string => process.env.SQLITE_FILE ?? DEFAULT_SQLITE_FILE;

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/**
 * The engine's database: SQLite by default (one process, a file under data/), PostgreSQL when a
 * postgres URL is given (several stateless engine processes share it). Close it with db.destroy().
 */
export function createDatabase(options: CreateDatabaseOptions = {}): DatabaseHandle {
  const url = options.databaseUrl ?? process.env.DATABASE_URL;
  if (isPostgresUrl(url)) {
    return { db: createPostgres(url, options), dialect: 'postgres' };
  }
  const file = options.sqliteImage
    ? ':memory:'
    : (options.sqliteFile ?? configuredSqliteFile());
  return { db: createSqlite(file, options), dialect: 'sqlite' };
}

function createSqlite(file: string, options: CreateDatabaseOptions): Kysely<Database> {
  return watched(new EngineSqliteDialect({ database: withStatementCache(openSqlite(file, options.sqliteImage)) }), options);
}

/** The SQLite connection as the engine configures it (the bench's bare-driver floor opens it too). */
export function openSqlite(file: string, image?: Buffer): SQLite.Database {
  const inMemory = file === ':memory:' || file === '';
  if (!inMemory) mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = image ? new SQLite(image) : new SQLite(file);
  // WAL lets readers run while a write is in progress; :memory: has no journal to switch.
  if (!inMemory) sqlite.pragma('journal_mode = WAL');
  // With WAL, NORMAL only risks the last transactions on power loss, never corruption.
  sqlite.pragma('synchronous = NORMAL');
  // SQLite ships with foreign keys off; cascades and references rely on them.
  sqlite.pragma('foreign_keys = ON');
  // Wait for a competing writer (seed, a second process) instead of failing with SQLITE_BUSY.
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

function createPostgres(url: string, options: CreateDatabaseOptions): Kysely<Database> {
  return watched(new PostgresDialect({ pool: postgresPool(url, options) }), options);
}

/** The PostgreSQL pool as the engine configures it (the bench's bare-driver floor opens it too). */
export function postgresPool(url: string, options: Pick<CreateDatabaseOptions, 'poolSize' | 'searchPath'> = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? Number(process.env.PG_POOL_MAX ?? 10),
    types: { getTypeParser: pgTypeParser },
    Client: PreparedStatementClient,
    // Prepared statements (pgPreparedClient.ts) keep their generic plan: the list queries are index
    // ranges whose plan does not depend on the values, and re-planning them per call (custom plans)
    // costs more than running them on the partitioned log tables. No parallel workers: a page is a
    // short index range, and the logs' month-first pages rely on a UNION ALL running its parts in
    // order (repositories/listPaging.ts), which a parallel append does not.
    options: [
      '-c plan_cache_mode=force_generic_plan',
      '-c max_parallel_workers_per_gather=0',
      ...(options.searchPath ? [`-c search_path=${checkSchemaName(options.searchPath)}`] : []),
    ].join(' '),
  });
  // An idle client losing its connection (server restart, failover) emits 'error' on the pool;
  // unhandled, that kills the process. The pool drops the client and the next query reconnects.
  pool.on('error', (error) => {
    console.error(`postgres pool: idle client error: ${error.message}`);
  });
  return pool;
}

/** A Kysely on the dialect whose writes in-process caches can watch (writeWatch.ts). */
function watched(dialect: EngineSqliteDialect | PostgresDialect, options: CreateDatabaseOptions): Kysely<Database> {
  const watch = new WriteWatch();
  const db = new Kysely<Database>({ dialect, log: options.log, plugins: [watch] });
  registerWriteWatch(db, watch);
  return db;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/**
 * pg returns int8 (bigint columns, count(*)) and numeric (sum of bigint) as strings. Our bigints
 * are epoch ms, ids and counters, all far below 2^53, so numbers keep both dialects returning
 * the same shapes. A value that would lose precision throws instead of corrupting a cursor.
 * Only this pool is affected: the global pg.types stay untouched.
 */
function pgTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === PG_INT8) return parseInt8;
  if (oid === PG_NUMERIC) return Number;
  // pg's typings overload on the format literal; the default text parsers are what we want.
  return pg.types.getTypeParser(oid, (format ?? 'text') as 'text');
}

function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} exceeds 2^53`);
  return n;
}

/** The name travels in libpq's startup options, where quoting is fragile: allow plain names only. */
function checkSchemaName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid schema name: ${name}`);
  return name;
}
