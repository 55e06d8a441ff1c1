import { type Expression, ExpressionWrapper, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/**
 * Keyset ("seek") paging for lists ordered newest first by (timestamp ms, id).
 *
 * Why not offset: an offset scans and discards every earlier row, so page 10,000 of a log costs
 * 10,000 pages; a keyset page starts where the index says and costs the same at any depth.
 * The id breaks ties between rows with the same millisecond, so no row is skipped or repeated.
 * Timestamps must be integer ms, never Date: a Date drops PostgreSQL's microseconds and a cursor
 * built from it then skips rows.
 */

type KeysetId = string | number;

export interface KeysetCursor<Id extends KeysetId = KeysetId> {
  /** Epoch milliseconds of the last row of the previous page. */
  ts: number;
  /** Id of that row. */
  id: Id;
}

export interface KeysetPage<T> {
  items: T[];
  /** Opaque cursor of the next page, null on the last page. */
  nextCursor: string | null;
  hasMore: boolean;
}

/** A cursor that does not decode; handlers answer 400. */
export class InvalidCursorError extends Error {
  readonly code = 'INVALID_CURSOR';
  constructor(message = 'Invalid cursor') {
    super(message);
    this.name = 'InvalidCursorError';
  }
}

const MAX_PAGE_SIZE = 1000;

/** base64url of the JSON array [ts, id]: opaque to callers, stable across processes. */
export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.ts, cursor.id]), 'utf8').toString('base64url');
}

/** Decodes a cursor; null or '' means "first page". Throws InvalidCursorError on anything else. */
export function decodeCursor(value: string | null | undefined): KeysetCursor | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new InvalidCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw new InvalidCursorError();
  const [ts, id] = parsed as unknown[];
  if (!Number.isSafeInteger(ts)) throw new InvalidCursorError();
  const idOk = (typeof id === 'string' && id.length > 0) || Number.isSafeInteger(id);
  if (!idOk) throw new InvalidCursorError();
  return { ts: ts as number, id: id as KeysetId };
}

interface KeysetOptions {
  /** Timestamp column, optionally table-qualified ('api_logs.request_ts'). */
  ts: string;
  /** Id column, optionally table-qualified. */
  id: string;
  cursor?: KeysetCursor;
  /** Page size; one more row is fetched to learn whether another page exists. */
  limit: number;
  /**
   * Rows to skip, used only without a cursor: page-number lists (pageNo) reach a page this way
   * when the caller has no cursor; with the previous page's cursor the offset is not needed.
   */
  offset?: number;
}

/**
 * Adds `(ts, id) < (cursor.ts, cursor.id)`, newest-first order and limit + 1.
 * Row-value comparison works on PostgreSQL and SQLite (>= 3.15) alike. The redundant `ts <= c`
 * gives both planners a plain range bound on the index (SQLite does not seek on a row value by
 * itself), so the scan starts at the cursor instead of filtering from the top.
 * The table needs an index ending in (ts, id) after the equality filters.
 */
export function applyKeyset<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  options: KeysetOptions,
): SelectQueryBuilder<DB, TB, O> {
  const limit = checkLimit(options.limit);
  const ts = sql.ref(options.ts);
  const id = sql.ref(options.id);
  let q = query;
  if (options.cursor) {
    const c = options.cursor;
    q = whereFirst(q, sql<SqlBool>`${ts} <= ${c.ts} and (${ts}, ${id}) < (${c.ts}, ${c.id})`);
  } else if (options.offset && options.offset > 0) {
    q = q.offset(options.offset);
  }
  return q
    .orderBy(sql`${ts}`, 'desc')
    .orderBy(sql`${id}`, 'desc')
    .limit(limit + 1);
}

/**
 * Adds a condition ahead of the query's others. SQLite bounds an index range by the first of two
 * bounds on the same side of a column and only filters by the other: a list's own date-range end
 * written before the cursor's would make a deep page scan from the end of the range down to the
 * cursor (4,670 index entries for a deep page of sync runs instead of 11).
 */
export function whereFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  condition: Expression<SqlBool>,
): SelectQueryBuilder<DB, TB, O> {
  const where = query.toOperationNode().where;
  if (!where) return query.where(condition);
  return query.clearWhere().where(condition).where(new ExpressionWrapper<DB, TB, SqlBool>(where.where));
}

/**
 * Turns the limit + 1 rows of applyKeyset into a page. keyOf reads the cursor key of a row;
 * by default the row's properties named like the ts and id columns (without table prefix).
 */
export function toKeysetPage<T>(
  rows: T[],
  options: Pick<KeysetOptions, 'ts' | 'id' | 'limit'>,
  keyOf: (row: T) => KeysetCursor = defaultKeyOf(options),
): KeysetPage<T> {
  const hasMore = rows.length > options.limit;
  const items = hasMore ? rows.slice(0, options.limit) : rows;
  const last = items[items.length - 1];
  return {
    items,
    hasMore,
    nextCursor: hasMore && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}

/** applyKeyset, execute, toKeysetPage in one call. */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  options: KeysetOptions,
  keyOf?: (row: O) => KeysetCursor,
): Promise<KeysetPage<O>> {
  const rows = await applyKeyset(query, options).execute();
  return toKeysetPage(rows as O[], options, keyOf);
}

function defaultKeyOf<T>(options: Pick<KeysetOptions, 'ts' | 'id'>): (row: T) => KeysetCursor {
  const tsKey = columnName(options.ts);
  const idKey = columnName(options.id);
  return (row) => {
    const r = row as Record<string, unknown>;
    const ts = r[tsKey];
    const id = r[idKey];
    if (typeof ts !== 'number' || (typeof id !== 'string' && typeof id !== 'number')) {
      throw new Error(`keyset: select ${tsKey} (number) and ${idKey} to build the next cursor`);
    }
    return { ts, id };
  };
}

function columnName(ref: string): string {
  return ref.slice(ref.lastIndexOf('.') + 1);
}

function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new RangeError(`page size must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  }
  return limit;
}
