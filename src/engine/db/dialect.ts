import { type Kysely, PostgresAdapter, type RawBuilder, type SelectQueryBuilder, sql, type SqlBool } from 'kysely';

/*
 * What differs between the two databases the engine runs on, in one place, so that repositories,
 * services and the seed never branch on a dialect themselves:
 * - which one a handle talks to;
 * - how many bind parameters one statement may carry;
 * - matching text regardless of case. SQLite's LIKE ignores the case of ASCII letters,
 *   PostgreSQL's does not, and ILIKE is PostgreSQL's alone; so both sides are lower-cased and
 *   compared with LIKE (or =), which answers the same on both for ASCII text (SQLite's lower()
 *   leaves other letters as they are, PostgreSQL's folds them too).
 * - the row locks of a claim (FOR UPDATE SKIP LOCKED on PostgreSQL, none on SQLite's single writer);
 * - adding to a number inside a JSON text column in one statement;
 * - rows passed as bound values, as a table one statement reads (UPDATE ... FROM, INSERT ... SELECT).
 * Statement-level differences that belong to one feature stay with it: JSON aggregation in
 * jsonRows.ts, monthly partitions in partitions.ts, the seed's bulk load in seed/bulk.ts.
 */

export type DialectName = 'sqlite' | 'postgres';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export const dialectOf = (db: Kysely<any>): DialectName => (isPostgres(db) ? 'postgres' : 'sqlite');

/** SQLite's SQLITE_MAX_VARIABLE_NUMBER (32766 since 3.32) and PostgreSQL's protocol limit (65535). */
export const MAX_BIND_PARAMETERS: Readonly<Record<DialectName, number>> = { sqlite: 32_766, postgres: 65_535 };

/** LIKE's wildcards and its escape character taken literally; every pattern here escapes with '\'. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The pattern of a case-insensitive "contains" search for `search` (trimmed), for
 * matchesIgnoringCase; undefined when the search is blank, which filters nothing.
 */
export function containsPattern(search: string | undefined): string | undefined {
  const needle = search?.trim().toLowerCase();
  return needle ? `%${escapeLike(needle)}%` : undefined;
}

/** The pattern of a case-insensitive "starts with" search for `prefix`, for matchesIgnoringCase. */
export const startsWithPattern = (prefix: string): string => `${escapeLike(prefix.toLowerCase())}%`;

/**
 * `column` matches a pattern made by containsPattern or startsWithPattern, whatever the case of
 * either, the same on SQLite and PostgreSQL. A null column matches nothing.
 */
export function matchesIgnoringCase(column: string, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** Any of `columns` matches the pattern, whatever the case (see matchesIgnoringCase). */
export function anyMatchesIgnoringCase(columns: readonly string[], pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(columns.map((column) => matchesIgnoringCase(column, pattern)), sql` or `)})`;
}

/** `column` equals `value` whatever the case of either, the same on SQLite and PostgreSQL. */
export function equalsIgnoringCase(column: string, value: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;
}

/**
 * The candidate rows of a claim (UPDATE ... WHERE id IN (this query) RETURNING ...): on PostgreSQL
 * locked FOR UPDATE SKIP LOCKED, so concurrent workers each take different rows in one statement
 * and never wait on one another; SQLite writes one statement at a time and has no row locks, so the
 * query stays as it is.
 */
export function skippingLockedRows<Q extends SelectQueryBuilder<any, any, any>>(db: Kysely<any>, query: Q): Q {
  return isPostgres(db) ? (query.forUpdate().skipLocked() as Q) : query;
}

/**
 * A JSON text column with `amount` added to the number under `key` (0 when absent), for an UPDATE's
 * SET: one statement on both databases, so concurrent additions never lose one another.
 */
export function jsonNumberAdded(db: Kysely<any>, column: string, key: string, amount: number): RawBuilder<string> {
  const ref = sql.ref(column);
  return isPostgres(db)
    ? sql<string>`jsonb_set(${ref}::jsonb, array[${key}::text], to_jsonb(coalesce((${ref}::jsonb ->> ${key}::text)::bigint, 0) + ${amount}::bigint))::text`
    : sql<string>`json_set(${ref}, '$.' || ${key}, coalesce(json_extract(${ref}, '$.' || ${key}), 0) + ${amount})`;
}

/** The SQL types of the columns of rowsTable. */
export type RowsTableColumn = 'text' | 'bigint' | 'integer';
type RowsTableValue = string | number | null;

/**
 * Rows given as bound values, as a table named `alias` with `columns` (in that order), for one
 * statement that writes many rows: `update t set ... from ${rowsTable(...)} where t.id = alias.id`,
 * `insert into t (...) select ... from ${rowsTable(...)} where true on conflict ...`. Its text is
 * the same whatever the number of rows (one prepared statement on either database). PostgreSQL
 * reads them in the order given, so a statement changes (and locks) rows in that order.
 * - PostgreSQL: one array parameter per column, `unnest($1::bigint[], $2::text[]) as alias(a, b)`;
 * - SQLite: one JSON parameter, `json_each` of an array of row arrays.
 */
export function rowsTable<C extends string>(
  db: Kysely<any>, alias: string, columns: Readonly<Record<C, RowsTableColumn>>, rows: readonly Readonly<Record<C, RowsTableValue>>[],
): RawBuilder<unknown> {
  const names = Object.keys(columns) as C[];
  if (isPostgres(db)) {
    const arrays = names.map((name) => sql`${rows.map((row) => row[name])}::${sql.raw(columns[name])}[]`);
    return sql`unnest(${sql.join(arrays)}) as ${sql.id(alias)}(${sql.join(names.map((name) => sql.id(name)))})`;
  }
  const values = names.map((name, i) => sql`value ->> ${sql.raw(String(i))} as ${sql.id(name)}`);
  const json = JSON.stringify(rows.map((row) => names.map((name) => row[name])));
  return sql`(select ${sql.join(values)} from json_each(${json})) as ${sql.id(alias)}`;
}
