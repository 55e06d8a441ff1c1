import type { SqliteDatabase, SqliteStatement } from 'kysely';

// Kysely's SQLite driver prepares every query afresh; on a list call preparing costs about as much
// as running the query. The engine sends a few hundred distinct SQL texts (values are bound
// parameters), so prepared statements are kept by text and reused. better-sqlite3 is synchronous:
// a statement is never in use by two queries at once, except a streamed one, which gets its own.
const DEFAULT_CAPACITY = 500;

export interface PreparingDatabase {
  close(): void;
  prepare(sql: string): SqliteStatement;
}

export function withStatementCache(database: PreparingDatabase, capacity = DEFAULT_CAPACITY): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const prepare = (sql: string): SqliteStatement => {
    const cached = statements.get(sql);
    if (cached) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = withOwnIterator(database.prepare(sql), () => database.prepare(sql));
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

/** A cached statement's iterate() runs on a fresh one, so a stream never blocks the cached statement. */
function withOwnIterator(statement: SqliteStatement, fresh: () => SqliteStatement): SqliteStatement {
  return {
    get reader() {
      return statement.reader;
    },
    all: (parameters) => statement.all(parameters),
    run: (parameters) => statement.run(parameters),
    iterate: (parameters) => fresh().iterate(parameters),
  };
}
