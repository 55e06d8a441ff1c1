import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from './partitions.ts';

/*
 * Rows of a correlated subquery carried in one column of the outer row, as a JSON array of
 * positional arrays: a page and the rows that belong to each of its items come back in one
 * statement. On PostgreSQL every statement is a round trip whose socket write and wake-up cost
 * the engine more than the rows do; arrays rather than objects keep the JSON small to build.
 */

/** The aggregate to select in the subquery: `[[c1, c2, ...], ...]`, `[]` when it has no rows. */
export function jsonRowArrays(db: Kysely<any>, columns: readonly string[]): RawBuilder<unknown> {
  const values = sql.join(columns.map((column) => sql.ref(column)));
  return isPostgres(db)
    ? sql`coalesce(json_agg(json_build_array(${values})), '[]')`
    : sql`json_group_array(json_array(${values}))`;
}

/** The column's value as rows: pg parses json itself, SQLite answers its text. */
export function parseJsonRows<Row extends readonly unknown[]>(value: unknown): Row[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as Row[];
}
