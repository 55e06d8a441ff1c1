import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyKeyset,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  type KeysetCursor,
  paginate,
} from '../../src/engine/db/keyset.ts';
import { pagedList, pageOldestFirst } from '../../src/engine/repositories/listPaging.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const BASE = 1_795_000_000_000;
const ROWS = 25;

// 25 rows whose timestamps tie in groups of four (same millisecond), inserted shuffled so that
// id order and time order disagree: the id alone must break the ties.
const shuffled = Array.from({ length: ROWS }, (_, i) => i).sort((a, b) => ((a * 7) % ROWS) - ((b * 7) % ROWS));
const tsOf = (i: number) => BASE - Math.floor(i / 4) * 1000;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedJobParents();
  for (const i of shuffled) {
    await t.db
      .insertInto('api_logs')
      .values({
        org_id: 'org_a',
        request_ts: tsOf(i),
        execution_id: `exe_${i}`,
        origin_org_id: 'cust',
        origin_org_name: 'Cust',
        method: 'GET',
        url: 'https://x.test',
        path: '/x',
        status_code: 200,
      })
      .execute();
    await t.db
      .insertInto('sync_runs')
      .values({
        id: `run_${String((i * 11) % ROWS).padStart(2, '0')}`,
        job_id: 'job_1',
        org_id: 'org_a',
        integration_id: 'int_1',
        started_at: tsOf(i),
        sync_status: 'completed',
        sync_type: 'delta_sync',
      })
      .execute();
  }
  // A row of another org that must never show up.
  await t.db
    .insertInto('api_logs')
    .values({ org_id: 'org_b', request_ts: BASE, execution_id: 'exe_b', origin_org_id: 'c', origin_org_name: 'C', method: 'GET', url: 'u', path: '/', status_code: 500 })
    .execute();
});
afterAll(() => t?.cleanup());

const logRow = (orgId: string, ts: number) => ({
  org_id: orgId, request_ts: ts, execution_id: `exe_${orgId}_${ts}`, origin_org_id: 'c', origin_org_name: 'C', method: 'GET', url: 'u', path: '/', status_code: 200,
});

/** sync_runs references sync_jobs, which references an account and an org. */
async function seedJobParents() {
  const T = BASE;
  await t.db.insertInto('organisations').values({ id: 'org_a', name: 'A', created_at: T, updated_at: T }).execute();
  await t.db.insertInto('integrated_accounts').values({ id: 'int_1', org_id: 'org_a', origin_org_id: 'cust', origin_org_name: 'Cust', app_id: 'app', app_label: 'App', category: 'HRIS', integration_state: 'Success', created_at: T, updated_at: T }).execute();
  await t.db.insertInto('sync_jobs').values({ id: 'job_1', org_id: 'org_a', integration_id: 'int_1', origin_org_id: 'cust', origin_org_name: 'Cust', app_id: 'app', app_label: 'App', category: 'HRIS', sync_data_type: 'hris_employees', sync_data_type_label: 'Employees', created_at: T, updated_at: T }).execute();
}

/** Walks every page and returns the keys in the order they came. */
async function walk(
  fetchPage: (cursor?: KeysetCursor) => Promise<{ keys: string[]; nextCursor: string | null; hasMore: boolean }>,
) {
  const keys: string[] = [];
  const sizes: number[] = [];
  let cursor: KeysetCursor | undefined;
  for (let guard = 0; guard < 10; guard++) {
    const page = await fetchPage(cursor);
    keys.push(...page.keys);
    sizes.push(page.keys.length);
    expect(page.hasMore).toBe(page.nextCursor !== null);
    if (!page.nextCursor) break;
    cursor = decodeCursor(page.nextCursor);
  }
  return { keys, sizes };
}

describe('keyset paging', () => {
  it('pages 25 rows with tied timestamps (integer ids) without skipping or repeating', async () => {
    const all = await t.db.selectFrom('api_logs').select(['id', 'request_ts']).where('org_id', '=', 'org_a').execute();
    const expected = all
      .sort((a, b) => b.request_ts - a.request_ts || b.id - a.id)
      .map((r) => `${r.request_ts}:${r.id}`);

    const { keys, sizes } = await walk(async (cursor) => {
      const page = await paginate(
        t.db.selectFrom('api_logs').select(['id', 'request_ts']).where('org_id', '=', 'org_a'),
        { ts: 'request_ts', id: 'id', cursor, limit: 10 },
      );
      return { ...page, keys: page.items.map((r) => `${r.request_ts}:${r.id}`) };
    });
    expect(sizes).toEqual([10, 10, 5]);
    expect(keys).toEqual(expected);
    expect(new Set(keys).size).toBe(ROWS);
  });

  it('pages text ids the same way, with a page size that splits a tie', async () => {
    const { keys, sizes } = await walk(async (cursor) => {
      const page = await paginate(
        t.db.selectFrom('sync_runs').select(['id', 'started_at']).where('job_id', '=', 'job_1'),
        { ts: 'started_at', id: 'id', cursor, limit: 3 },
      );
      return { ...page, keys: page.items.map((r) => `${r.started_at}:${r.id}`) };
    });
    const all = await t.db.selectFrom('sync_runs').select(['id', 'started_at']).execute();
    const expected = all
      .sort((a, b) => b.started_at - a.started_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((r) => `${r.started_at}:${r.id}`);
    expect(sizes).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 1]);
    expect(keys).toEqual(expected);
  });

  it('reaches a page by offset when there is no cursor (pageNo without cursor)', async () => {
    const first = await paginate(
      t.db.selectFrom('api_logs').select(['id', 'request_ts']).where('org_id', '=', 'org_a'),
      { ts: 'request_ts', id: 'id', limit: 10 },
    );
    const byCursor = await paginate(
      t.db.selectFrom('api_logs').select(['id', 'request_ts']).where('org_id', '=', 'org_a'),
      { ts: 'request_ts', id: 'id', limit: 10, cursor: decodeCursor(first.nextCursor) },
    );
    const byOffset = await paginate(
      t.db.selectFrom('api_logs').select(['id', 'request_ts']).where('org_id', '=', 'org_a'),
      { ts: 'request_ts', id: 'id', limit: 10, offset: 10 },
    );
    expect(byOffset.items).toEqual(byCursor.items);
    expect(byOffset.nextCursor).toEqual(byCursor.nextCursor);
  });

  // The bound values and then the limit: SQLite's dialect writes the limit into the text (db/sqliteDialect.ts).
  const withLimit = ({ sql: text, parameters }: { sql: string; parameters: readonly unknown[] }) => {
    const literal = / limit (\d+)$/.exec(text);
    return literal ? [...parameters, Number(literal[1])] : [...parameters];
  };

  it('orders newest first and fetches limit + 1', () => {
    const compiled = applyKeyset(t.db.selectFrom('api_logs').selectAll(), {
      ts: 'api_logs.request_ts',
      id: 'api_logs.id',
      limit: 10,
      cursor: { ts: 5, id: 7 },
    }).compile();
    expect(compiled.sql).toMatch(/order by "api_logs"\."request_ts" desc, "api_logs"\."id" desc limit/);
    expect(withLimit(compiled)).toEqual([5, 5, 7, 11]);
  });

  it("puts the cursor's bound ahead of the list's own date range (SQLite seeks on the first upper bound)", () => {
    const dateRanged = t.db.selectFrom('sync_runs').select(['id', 'started_at']).where('job_id', '=', 'job_1').where('started_at', '<=', 900);
    const compiled = applyKeyset(dateRanged, { ts: 'started_at', id: 'id', limit: 10, cursor: { ts: 5, id: 'run_7' } }).compile();
    expect(compiled.sql).toMatch(/where "started_at" <= \$?\d*\?? and \("started_at", "id"\) < .* and "job_id" = .* and "started_at" <= /);
    expect(withLimit(compiled)).toEqual([5, 5, 'run_7', 'job_1', 900, 11]);
  });
});

describe('cursor pages of the lists (listPaging)', () => {
  /** The database with a count of the statements it runs. */
  const counted = () => {
    const counter = { statements: 0 };
    const db = t.db.withPlugin({
      // Once per executed statement (transformQuery also sees every embedded subquery).
      transformQuery: (args) => args.node,
      transformResult: async (args) => { counter.statements += 1; return args.result; },
    });
    return { db, counter };
  };
  const logsOf = (db: TestDatabase['db'], org: string) => db.selectFrom('api_logs').select(['id', 'request_ts', 'path']).where('org_id', '=', org);
  const columns = { ts: 'request_ts', id: 'id', idKind: 'integer' } as const;
  const bad = { status: 400, extra: { field: 'cursor' } };
  const logsPage = pagedList({
    shapeOf: () => ({}),
    build: (db, { org }: { org: string }) => logsOf(db, org),
  }, columns);
  const logsPageOf = (db: TestDatabase['db'], request: { limit: number; pageNo?: number; cursor?: string | null }) => logsPage(db, { org: 'org_a' }, request);

  it('check the cursor and read the page in one statement, and return only the selected columns', async () => {
    const first = await logsPageOf(t.db, { limit: 10 });
    const { db, counter } = counted();
    const second = await logsPageOf(db, { limit: 10, pageNo: 2, cursor: first.nextCursor });
    expect(counter.statements).toBe(1);
    expect(second.items).toHaveLength(10);
    expect(Object.keys(second.items[0]!).sort()).toEqual(['id', 'path', 'request_ts']);
    const byOffset = await logsPageOf(t.db, { limit: 10, pageNo: 2 });
    expect(second).toEqual(byOffset);

    const { db: db2, counter: counter2 } = counted();
    const oldest = await pageOldestFirst(logsOf(t.db, 'org_a'), { limit: 10 }, columns);
    const next = await pageOldestFirst(logsOf(db2, 'org_a'), { limit: 10, cursor: oldest.nextCursor }, columns);
    expect(counter2.statements).toBe(1);
    expect(Object.keys(next.items[0]!).sort()).toEqual(['id', 'path', 'request_ts']);
    expect(next.items[0]!.request_ts).toBeGreaterThanOrEqual(oldest.items[9]!.request_ts);
  });

  it("refuse another list's cursor whether or not rows follow it; the last row's cursor gives an empty page", async () => {
    const other = await t.db.selectFrom('api_logs').select(['id', 'request_ts']).where('org_id', '=', 'org_b').executeTakeFirstOrThrow();
    // org_a has rows older than org_b's row: the page is not empty, the in-statement check refuses it.
    const foreign = encodeCursor({ ts: other.request_ts, id: other.id });
    await expect(logsPageOf(t.db, { limit: 10, cursor: foreign })).rejects.toMatchObject(bad);
    await expect(pageOldestFirst(logsOf(t.db, 'org_a'), { limit: 10, cursor: encodeCursor({ ts: 1, id: other.id }) }, columns)).rejects.toMatchObject(bad);
    // Nothing follows a cursor older than every row: the empty page is checked by a second lookup.
    await expect(logsPageOf(t.db, { limit: 10, cursor: encodeCursor({ ts: 1, id: other.id }) })).rejects.toMatchObject(bad);

    const all = await logsPageOf(t.db, { limit: ROWS });
    const last = all.items[ROWS - 1]!;
    const { db, counter } = counted();
    const end = await logsPageOf(db, { limit: 10, cursor: encodeCursor({ ts: last.request_ts, id: last.id }) });
    expect(end).toEqual({ items: [], hasMore: false, nextCursor: null });
    expect(counter.statements).toBe(2);
  });
});

describe('month-first pages of monthly-partitioned logs', () => {
  const logs = {
    shapeOf: () => ({}),
    build: (db: TestDatabase['db'], { org }: { org: string }) => db.selectFrom('api_logs').select(['id', 'request_ts']).where('org_id', '=', org),
  };
  const columns = { ts: 'request_ts', id: 'id', idKind: 'integer' } as const;
  const plainLogs = pagedList(logs, columns);
  const monthlyLogs = pagedList(logs, columns, { monthlyPartitions: true });

  it("read the upper end's month, then older rows only past it, in one statement: the rows of a plain read", async () => {
    // org_a's 25 rows lie within 7 seconds before BASE; "now" puts them in the current month or not.
    const counter = { statements: 0 };
    const db = t.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => { counter.statements += 1; return args.result; } });
    const monthFirst = (request: { limit: number; cursor?: string | null }, now: number) => monthlyLogs(db, { org: 'org_a' }, request, now);
    const plain = await plainLogs(db, { org: 'org_a' }, { limit: 10 });
    const plainSecond = await plainLogs(db, { org: 'org_a' }, { limit: 10, cursor: plain.nextCursor });
    const all = await plainLogs(db, { org: 'org_a' }, { limit: 20 });
    const lastPage = await plainLogs(db, { org: 'org_a' }, { limit: 20, cursor: all.nextCursor });
    expect(lastPage.items).toHaveLength(5);

    const cases: [string, () => Promise<unknown>, unknown][] = [
      ['the month holds the page', () => monthFirst({ limit: 10 }, BASE), plain],
      ["a cursor's page", () => monthFirst({ limit: 10, cursor: plain.nextCursor }, BASE), plainSecond],
      ['a month later: every row is older than the month', () => monthFirst({ limit: 10 }, BASE + 40 * 86_400_000), plain],
      ['the short last page', () => monthFirst({ limit: 20, cursor: all.nextCursor }, BASE), lastPage],
    ];
    for (const [name, read, expected] of cases) {
      counter.statements = 0;
      expect(await read(), name).toEqual(expected);
      expect(counter.statements, name).toBe(1);
    }
  });

  it('keeps rows on both sides of a month boundary in order, without repeating one', async () => {
    // Rows straddling the start of BASE's month: pages cross from the month into the older part.
    const monthStart = Date.UTC(new Date(BASE).getUTCFullYear(), new Date(BASE).getUTCMonth(), 1);
    const rows = Array.from({ length: 15 }, (_, i) => logRow('org_c', monthStart - 7_000 + i * 1_000));
    await t.db.insertInto('api_logs').values(rows).execute();
    const pages = [];
    let cursor: string | null | undefined;
    do {
      const page = await monthlyLogs(t.db, { org: 'org_c' }, { limit: 4, cursor }, monthStart + 86_400_000);
      pages.push(page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const plain = await plainLogs(t.db, { org: 'org_c' }, { limit: 100 });
    expect(pages.flat()).toEqual(plain.items);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 3]);
  });
});

describe('cursors', () => {
  it('round-trip integer and text ids as base64url', () => {
    for (const c of [{ ts: BASE, id: 42 }, { ts: 0, id: 'run_0a' }]) {
      const encoded = encodeCursor(c);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(encoded)).toEqual(c);
    }
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(decodeCursor('')).toBeUndefined();
    expect(decodeCursor(null)).toBeUndefined();
  });

  it('reject anything that is not a cursor', () => {
    const bad = [
      'not a cursor!',
      Buffer.from('{"ts":1,"id":2}').toString('base64url'),
      Buffer.from('[1.5,2]').toString('base64url'),
      Buffer.from('[1,""]').toString('base64url'),
      Buffer.from('[1,2,3]').toString('base64url'),
      Buffer.from('[1e300,2]').toString('base64url'),
      'e30',
    ];
    for (const value of bad) expect(() => decodeCursor(value), value).toThrow(InvalidCursorError);
  });
});
