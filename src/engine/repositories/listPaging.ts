import { type Compilable, type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { compiledOnce } from '../db/compiledOnce.ts';
import {
  applyKeyset,
  decodeCursor,
  InvalidCursorError,
  type KeysetCursor,
  type KeysetPage,
  paginate,
  toKeysetPage,
  whereFirst,
} from '../db/keyset.ts';
import { badRequest } from '../errors.ts';
import { isPostgres } from '../db/dialect.ts';
import { monthStartOf } from '../db/partitions.ts';
import { LIST_PAGE_SIZE } from '../../shared/constants.ts';
import { DAY_MS } from '../../shared/timeWindows.ts';

/*
 * Paging glue shared by the data screens' list handlers, on top of db/keyset.ts:
 * - cursors that do not decode, or whose row does not belong to the query, answer 400;
 * - page-number lists (pageNo + limit, hasMoreRecords) accept the previous page's nextCursor, so a
 *   deep page costs what the first does; without one they fall back to an offset;
 * - lists shown in the order things happened (native calls) page oldest first.
 */

export const CURSOR_MESSAGE = 'Invalid cursor';

/** Decodes a request cursor; ids of integer-identity tables must be numbers, text ids strings. */
export function readCursor(value: string | null | undefined, idKind: 'text' | 'integer'): KeysetCursor | undefined {
  let cursor: KeysetCursor | undefined;
  try {
    cursor = decodeCursor(value);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw badRequest(CURSOR_MESSAGE, 'cursor');
    throw error;
  }
  if (cursor && (idKind === 'integer') !== (typeof cursor.id === 'number')) throw badRequest(CURSOR_MESSAGE, 'cursor');
  return cursor;
}

/**
 * A cursor is the (ts, id) of the last row of the previous page of the same query. The filtered
 * query must still hold that row: one lookup on the list's own index. A cursor of another view,
 * job, run or filter set answers 400 instead of silently paging something else.
 */
async function assertCursorRow<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  cursor: KeysetCursor | undefined,
  columns: { ts: string; id: string },
): Promise<void> {
  if (!cursor) return;
  const row = await cursorRow(query, cursor, columns).executeTakeFirst();
  if (!row) throw badRequest(CURSOR_MESSAGE, 'cursor');
}

function cursorRow<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, cursor: KeysetCursor, columns: { ts: string; id: string }) {
  return query
    .clearSelect()
    .select(sql<number>`1`.as('found'))
    .where(sql<SqlBool>`${sql.ref(columns.ts)} = ${cursor.ts} and ${sql.ref(columns.id)} = ${cursor.id}`)
    .limit(1);
}

const CURSOR_FOUND = 'cursor_row_found';
type Checked<O> = O & { [CURSOR_FOUND]: SqlBool };

/**
 * The query with the cursor check as one more column: an uncorrelated EXISTS, which both planners
 * evaluate once, so a cursor page is one statement instead of a lookup and then the page.
 */
function withCursorCheck<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, cursor: KeysetCursor, columns: { ts: string; id: string }) {
  return query.select(sql<SqlBool>`exists ${cursorRow(query, cursor, columns)}`.as(CURSOR_FOUND)) as unknown as SelectQueryBuilder<DB, TB, Checked<O>>;
}

/** The rows of a checked query without the check column; 400 when the cursor's row is not the query's. */
async function checkedRows<DB, TB extends keyof DB, O>(
  rows: Checked<O>[],
  query: () => SelectQueryBuilder<DB, TB, O>,
  cursor: KeysetCursor,
  columns: { ts: string; id: string },
): Promise<O[]> {
  // An empty page says nothing about the cursor: the end of the list, or a foreign cursor.
  if (rows.length === 0) await assertCursorRow(query(), cursor, columns);
  else if (!rows[0]![CURSOR_FOUND]) throw badRequest(CURSOR_MESSAGE, 'cursor');
  return rows.map((row) => {
    const { [CURSOR_FOUND]: _found, ...rest } = row;
    return rest as O;
  });
}

export interface PageRequest {
  pageNo?: number;
  limit?: number;
  cursor?: string | null;
}

/**
 * Newest-first lists of the monthly-partitioned log tables (on PostgreSQL; SQLite's are one table,
 * read as any other list). To order by (ts, id), PostgreSQL merges one index scan per partition in
 * the range (the partitions are ordered by ts alone): on the 1M-row seed 0.085 ms a page against
 * 0.018 ms for one month. So a page is one statement of two parts under one limit: the rows of the
 * month of its upper end (the cursor's month, or now's), then the older ones, each newest first.
 * PostgreSQL runs the parts of a UNION ALL in order (the engine's sessions run no parallel
 * workers, db/database.ts) and stops at the limit, so older partitions are read only when the
 * month holds less than a page. The rows are those of one read of the whole range.
 */
function newestFirstByMonth<O>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<any, any, O>,
  keyset: Parameters<typeof applyKeyset>[1],
  month: number,
): Compilable<O> {
  const ts = sql.ref(keyset.ts);
  const recent = applyKeyset(query.where(sql<SqlBool>`${ts} >= ${month}`), keyset);
  const older = applyKeyset(query.where(sql<SqlBool>`${ts} < ${month}`), keyset);
  const union = sql<O>`${recent} union all ${older} limit ${keyset.limit + 1}`;
  return { compile: () => union.compile(db) };
}

/**
 * The query of a list under its filters: `shapeOf` says what changes its SQL text (which filters
 * are present), `build` makes it, reading values only to hand them to Kysely (db/compiledOnce.ts).
 */
export interface ListQuery<V extends object, S, O> {
  shapeOf(values: V): S;
  build(db: Kysely<Database>, values: V, shape: S): SelectQueryBuilder<any, any, O>;
}

type Columns = { ts: string; id: string; idKind: 'text' | 'integer' };
/** What a page adds to a list's values; its page size, cursor and month are part of its shape. */
interface PageValues { pageSize: number; cursorTs?: number; cursorId?: string | number; month?: number }

/**
 * A page-number list, newest first by (ts, id): with the previous page's cursor the page starts
 * after it (keyset); without one, pageNo is reached by an offset. Fetches limit + 1 rows, never a
 * count. The page statement is compiled once per shape; offset pages (no cursor, a later page
 * number: rare, and slow anyway) and the check of a cursor past the end are built per call.
 * `monthlyPartitions`: the list is a log table read month by month on PostgreSQL (`now` is then the
 * upper end of a first page).
 */
export function pagedList<V extends object, S, O>(list: ListQuery<V, S, O>, columns: Columns, options: { monthlyPartitions?: boolean } = {}) {
  const page = compiledOnce(
    (values: V & PageValues) => ({ list: list.shapeOf(values), size: values.pageSize, cursor: values.cursorTs !== undefined, byMonth: values.month !== undefined }),
    (db, values, shape) => {
      const cursor = shape.cursor ? { ts: values.cursorTs!, id: values.cursorId! } : undefined;
      const query = list.build(db, values, shape.list);
      const checked = cursor ? withCursorCheck(query, cursor, columns) : query;
      const keyset = { ts: columns.ts, id: columns.id, limit: shape.size, cursor };
      return shape.byMonth ? newestFirstByMonth(db, checked, keyset, values.month!) : applyKeyset(checked, keyset);
    },
  );
  return async (db: Kysely<Database>, values: V, request: PageRequest, now?: number): Promise<KeysetPage<O>> => {
    const limit = request.limit ?? LIST_PAGE_SIZE;
    const cursor = readCursor(request.cursor, columns.idKind);
    const keyset = { ts: columns.ts, id: columns.id, limit };
    const built = () => list.build(db, values, list.shapeOf(values));
    if (!cursor && (request.pageNo ?? 1) > 1) return paginate(built(), { ...keyset, offset: ((request.pageNo ?? 1) - 1) * limit });
    const byMonth = options.monthlyPartitions === true && isPostgres(db);
    if (byMonth && now === undefined && !cursor) throw new Error('pagedList: a monthly-partitioned list needs now');
    const rows = await page.rows(db, {
      ...values,
      pageSize: limit,
      cursorTs: cursor?.ts,
      cursorId: cursor?.id,
      month: byMonth ? monthStartOf(cursor?.ts ?? now!) : undefined,
    });
    return toKeysetPage(cursor ? await checkedRows(rows as Checked<O>[], built, cursor, columns) : rows as O[], keyset);
  };
}

/** A cursor list (no page numbers): the first page, or the one after the cursor. */
export function cursorList<V extends object, S, O>(list: ListQuery<V, S, O>, columns: Columns) {
  const page = pagedList(list, columns);
  return (db: Kysely<Database>, values: V, request: { limit?: number; cursor?: string | null }) => page(db, values, { ...request, pageNo: 1 });
}

/**
 * Oldest-first keyset page (native calls are listed in the order they were made). The mirror of
 * keyset.ts's applyKeyset: `(ts, id) > cursor`, ascending order, limit + 1 rows; the same
 * (filter, ts, id) index serves it read forwards.
 */
export async function pageOldestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: PageRequest,
  columns: { ts: string; id: string; idKind: 'text' | 'integer' },
): Promise<KeysetPage<O>> {
  const limit = request.limit ?? LIST_PAGE_SIZE;
  const cursor = readCursor(request.cursor, columns.idKind);
  const ts = sql.ref(columns.ts);
  const id = sql.ref(columns.id);
  const oldestFirst = <T>(q: SelectQueryBuilder<DB, TB, T>) => q.orderBy(sql`${ts}`, 'asc').orderBy(sql`${id}`, 'asc').limit(limit + 1).execute();
  const keyset = { ts: columns.ts, id: columns.id, limit };
  if (!cursor) {
    const page = (request.pageNo ?? 1) > 1 ? query.offset(((request.pageNo ?? 1) - 1) * limit) : query;
    return toKeysetPage(await oldestFirst(page) as O[], keyset);
  }
  const after = whereFirst(withCursorCheck(query, cursor, columns), sql<SqlBool>`${ts} >= ${cursor.ts} and (${ts}, ${id}) > (${cursor.ts}, ${cursor.id})`);
  return toKeysetPage(await checkedRows(await oldestFirst(after) as Checked<O>[], () => query, cursor, columns), keyset);
}

/**
 * A date range of a list (start/end unix ms): end defaults to and never goes beyond now, start
 * defaults to `defaultDays` before end (or no bound); start after end is a 400.
 */
export function dateRange(start: number | undefined, end: number | undefined, now: number, defaultDays?: number): { from?: number; to: number } {
  const to = end === undefined || end > now ? now : end;
  const from = start ?? (defaultDays === undefined ? undefined : to - defaultDays * DAY_MS);
  if (from !== undefined && from > to) throw badRequest('Start date must be before end date', 'start');
  return { from, to };
}
