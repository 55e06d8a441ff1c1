import type { SqliteDatabase, SqliteStatement } from 'kysely';

// Kysely's SQLite driver prepares every query afresh; on a list call preparing costs about as much
// as running the query. The engine sends a few hundred distinct SQL texts (values are bound
// parameters), so prepared statements are kept by text and reused. better-sqlite3 is synchronous:
// a statement is never in use by two queries at once, except a streamed one, which gets its own.
const DEFAULT_CAPACITY = 500;

/** What better-sqlite3's statements offer beyond Kysely's interface: rows as arrays, and their column names. */
interface RawCapable extends SqliteStatement {
  raw?(toggle: boolean): unknown;
  columns?(): { name: string }[];
}

interface PreparingDatabase {
  close(): void;
  prepare(sql: string): RawCapable;
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

export function withStatementCache(database: PreparingDatabase, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  // Bumped by DDL: a cached statement's columns may have changed under the same SQL text.
  let schemaGeneration = 0;
  const prepare = (sql: string): SqliteStatement => {
    if (SCHEMA_CHANGE.test(sql)) schemaGeneration += 1;
    const cached = statements.get(sql);
    if (cached) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = cachedStatement(database.prepare(sql), () => database.prepare(sql), () => schemaGeneration);
    statements.set(sql, statement);
    if (statements.size > capacity) statements.delete(statements.keys().next().value!);
    return statement;
  };
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare,
  };
}

/** A cached statement: rows built from raw arrays, and iterate() on a fresh statement so a stream never blocks it. */
function cachedStatement(statement: RawCapable, fresh: () => SqliteStatement, generation: () => number): SqliteStatement {
  const all = statement.reader && statement.raw && statement.columns ? rowsFromArrays(statement, generation) : (p: Parameters<SqliteStatement['all']>[0]) => statement.all(p);
  return {
    get reader() {
      return statement.reader;
    },
    all,
    run: (parameters) => statement.run(parameters),
    iterate: (parameters) => fresh().iterate(parameters),
  };
}

type Row = Record<string, unknown>;

/**
 * better-sqlite3 sets every column of every row object by name, which costs more than reading the
 * rows: a page of 11 accounts (21 columns) takes 66 µs as objects and 39 µs as arrays. Rows are
 * read as arrays and made objects by a function compiled once per statement for its column
 * names (a later duplicate name wins, as with better-sqlite3's objects).
 */
function rowsFromArrays(statement: RawCapable, generation: () => number): SqliteStatement['all'] {
  statement.raw!(true);
  let width = -1;
  let builtFor = -1;
  let toRow: (values: unknown[]) => Row = () => ({});
  const compile = () => {
    const names = statement.columns!().map((c) => c.name);
    width = names.length;
    builtFor = generation();
    // Column names are JSON-quoted, so any name is a safe property key.
    toRow = new Function('v', `return { ${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ')} };`) as typeof toRow;
  };
  return (parameters) => {
    const rows = statement.all(parameters) as unknown[][];
    if (builtFor !== generation() || (rows.length > 0 && rows[0]!.length !== width)) compile();
    return rows.map(toRow) as never;
  };
}
