import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { jsonObjectFrom as sqliteJsonObjectFrom } from 'kysely/helpers/sqlite';
import { isPostgres } from './dialect.ts';

/*
 * Rows of a subquery carried in one column of another statement's rows: a page and the rows that
 * belong to each of its items (a JSON array of positional arrays, small to build), or a page and
 * its header row (a JSON object), come back in one statement. On PostgreSQL every statement is a
 * round trip whose socket write and wake-up cost the engine more than the rows do.
 */

/** The aggregate to select in the subquery: `[[c1, c2, ...], ...]`, `[]` when it has no rows. */
export function jsonRowArrays(db: Kysely<any>, columns: readonly string[]): RawBuilder<unknown> {
  const values = sql.join(columns.map((column) => sql.ref(column)));
  return isPostgres(db)
    ? sql`coalesce(json_agg(json_build_array(${values})), '[]')`
    : sql`json_group_array(json_array(${values}))`;
}

/**
 * The rows of `query` as JSON text of positional arrays of `columns` (`[]` when it has none): an
 * uncorrelated subquery to carry in a column of another statement. Text on both dialects, so the
 * engine parses it once however many rows carry it (parseJsonRows).
 */
export function jsonRowArraysText(db: Kysely<any>, query: SelectQueryBuilder<any, any, any>, columns: readonly string[]): RawBuilder<string> {
  const rows = jsonRowArrays(db, columns);
  return isPostgres(db) ? sql<string>`(select ${rows}::text from ${query} as carried)` : sql<string>`(select ${rows} from ${query} as carried)`;
}

/** The column's value as rows: pg parses json itself, SQLite answers its text. */
export function parseJsonRows<Row extends readonly unknown[]>(value: unknown): Row[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as Row[];
}

/**
 * A one-row subquery as JSON text of an object keyed by its selections (explicit columns, no
 * selectAll), to carry in a column of another statement. Text on both dialects, so the engine
 * parses it once however many rows carry it.
 */
export function jsonRowText(db: Kysely<any>, query: SelectQueryBuilder<any, any, any>): RawBuilder<string | null> {
  return isPostgres(db)
    ? sql<string | null>`(select to_json(obj)::text from ${query} as obj)`
    : sqliteJsonObjectFrom(query) as unknown as RawBuilder<string | null>;
}
