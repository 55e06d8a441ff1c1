import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { boundList, compiledOnce, givenValues, listLength, listValues } from '../../src/engine/db/compiledOnce.ts';
import { pagedList } from '../../src/engine/repositories/listPaging.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

// Statements compiled once per shape (db/compiledOnce.ts): the SQL text of a shape is built once
// per database handle and each call binds its own values, on both dialects.
const BASE = 1_795_000_000_000;
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const row = (org: string, i: number, category: string) => ({
    org_id: org, request_ts: BASE - i * 1000, execution_id: `exe_${org}_${i}`, origin_org_id: 'c', origin_org_name: 'C',
    method: 'GET', url: 'u', path: `/${i}`, status_code: 200 + i, category,
  });
  await t.db.insertInto('api_logs').values([
    ...Array.from({ length: 6 }, (_, i) => row('org_a', i, i % 2 === 0 ? 'HRIS' : 'ATS')),
    ...Array.from({ length: 3 }, (_, i) => row('org_b', i, 'HRIS')),
  ]).execute();
});
afterAll(() => t?.cleanup());

interface LogValues { orgId: string; category?: string; minStatus: number }

function logsStatement() {
  const build = vi.fn((db: TestDatabase['db'], v: LogValues, given: { category: boolean }) => db.selectFrom('api_logs').select(['path', 'category'])
    .where('org_id', '=', v.orgId)
    .where('status_code', '>=', v.minStatus)
    .$if(given.category, (q) => q.where('category', '=', v.category!))
    // A constant of the statement stays a parameter of every call.
    .where('method', '=', 'GET')
    .orderBy('request_ts', 'desc'));
  return { build, statement: compiledOnce((v: LogValues) => ({ category: v.category !== undefined }), build) };
}

describe('compiledOnce', () => {
  it('builds each shape once and binds each call its own values', async () => {
    const { build, statement } = logsStatement();
    const paths = async (v: LogValues) => (await statement.rows(t.db, v)).map((r) => r.path);
    expect(await paths({ orgId: 'org_a', minStatus: 0 })).toEqual(['/0', '/1', '/2', '/3', '/4', '/5']);
    expect(await paths({ orgId: 'org_b', minStatus: 201 })).toEqual(['/1', '/2']);
    expect(build).toHaveBeenCalledTimes(1);
    expect(await paths({ orgId: 'org_a', category: 'ATS', minStatus: 0 })).toEqual(['/1', '/3', '/5']);
    expect(await paths({ orgId: 'org_a', category: 'HRIS', minStatus: 203 })).toEqual(['/4']);
    expect(build).toHaveBeenCalledTimes(2);
    const compiled = statement.compiled(t.db, { orgId: 'org_b', category: 'HRIS', minStatus: 7 });
    expect(compiled.parameters).toEqual(['org_b', 7, 'HRIS', 'GET']);
    // The same statement as one built afresh with the values themselves.
    const afresh = build.getMockImplementation()!(t.db, { orgId: 'org_b', category: 'HRIS', minStatus: 7 }, { category: true }).compile();
    expect(afresh.parameters).toEqual(['org_b', 7, 'HRIS', 'GET']);
    expect(compiled.sql).toBe(afresh.sql);
  });

  it('compiles per database handle', async () => {
    const { build, statement } = logsStatement();
    const other = t.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result });
    await statement.rows(t.db, { orgId: 'org_a', minStatus: 0 });
    await statement.rows(other, { orgId: 'org_a', minStatus: 0 });
    await statement.rows(other, { orgId: 'org_b', minStatus: 0 });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('refuses a value used to compute while building, or one read but not bound', async () => {
    const computed = compiledOnce(() => ({}), (db, v: { orgId: string; ts: number }) => db.selectFrom('api_logs').select('path')
      .where('org_id', '=', v.orgId).where('request_ts', '>=', v.ts - 1000));
    await expect(computed.rows(t.db, { orgId: 'org_a', ts: BASE })).rejects.toThrow(/"ts" is bound at each call/);
    const structural = compiledOnce(() => ({}), (db, v: { orgId: string; category?: string }) => db.selectFrom('api_logs').select('path')
      .$if(v.category !== undefined, (q) => q.where('org_id', '=', v.orgId)));
    await expect(structural.rows(t.db, { orgId: 'org_a' })).rejects.toThrow(/category read while building but not bound/);
  });

  it('refuses a call without a value its shape binds', async () => {
    const { statement } = logsStatement();
    await expect(statement.rows(t.db, { orgId: 'org_a' } as LogValues)).rejects.toThrow(/no value for "minStatus"/);
  });

  it('binds an in-list item by item, one shape per length', async () => {
    const build = vi.fn((db: TestDatabase['db'], v: { orgId: string }, length: number) => db.selectFrom('api_logs').select('path')
      .where('org_id', '=', v.orgId).where('path', 'in', boundList<string>(v, 'path', length)).orderBy('path'));
    const statement = compiledOnce((v: { orgId: string }) => listLength(v, 'path'), build);
    const paths = async (orgId: string, items: string[]) => (await statement.rows(t.db, { orgId, ...listValues('path', items) })).map((r) => r.path);
    expect(await paths('org_a', ['/1', '/4'])).toEqual(['/1', '/4']);
    expect(await paths('org_b', ['/0', '/9'])).toEqual(['/0']);
    expect(build).toHaveBeenCalledTimes(1);
    expect(await paths('org_a', ['/5', '/0', '/2'])).toEqual(['/0', '/2', '/5']);
    expect(build).toHaveBeenCalledTimes(2);
    expect(listValues('p', ['a', 'b'])).toEqual({ p0: 'a', p1: 'b' });
    expect(listLength({ p0: 'a', p1: 'b', q0: 'c' }, 'p')).toBe(2);
  });

  it('says which values are given', () => {
    expect(givenValues({ b: 1, a: undefined, c: '' })).toEqual({ a: false, b: true, c: true });
    expect(Object.keys(givenValues({ b: 1, a: 2 }))).toEqual(['a', 'b']);
  });
});

describe('pagedList', () => {
  it('compiles a first page and a cursor page once each, whatever the values', async () => {
    const build = vi.fn((db: TestDatabase['db'], v: { orgId: string }) => db.selectFrom('api_logs').select(['id', 'request_ts', 'path']).where('org_id', '=', v.orgId));
    const page = pagedList({ shapeOf: () => ({}), build }, { ts: 'request_ts', id: 'id', idKind: 'integer' });
    const first = await page(t.db, { orgId: 'org_a' }, { limit: 2 });
    const second = await page(t.db, { orgId: 'org_a' }, { limit: 2, cursor: first.nextCursor });
    const third = await page(t.db, { orgId: 'org_a' }, { limit: 2, cursor: second.nextCursor });
    const otherOrg = await page(t.db, { orgId: 'org_b' }, { limit: 2 });
    expect([first, second, third].flatMap((p) => p.items.map((r) => r.path))).toEqual(['/0', '/1', '/2', '/3', '/4', '/5']);
    expect(otherOrg.items.map((r) => r.path)).toEqual(['/0', '/1']);
    expect(build).toHaveBeenCalledTimes(2);
    // A page size is part of the shape (SQLite writes the limit into the text).
    await page(t.db, { orgId: 'org_a' }, { limit: 3 });
    expect(build).toHaveBeenCalledTimes(3);
    // An offset page is built for its call.
    expect((await page(t.db, { orgId: 'org_a' }, { limit: 2, pageNo: 3 })).items.map((r) => r.path)).toEqual(['/4', '/5']);
    expect(build).toHaveBeenCalledTimes(4);
  });

  it("still refuses another list's cursor", async () => {
    const page = pagedList({
      shapeOf: () => ({}),
      build: (db, v: { orgId: string }) => db.selectFrom('api_logs').select(['id', 'request_ts']).where('org_id', '=', v.orgId),
    }, { ts: 'request_ts', id: 'id', idKind: 'integer' });
    const ofB = await page(t.db, { orgId: 'org_b' }, { limit: 1 });
    await expect(page(t.db, { orgId: 'org_a' }, { limit: 2, cursor: ofB.nextCursor })).rejects.toMatchObject({ status: 400 });
    await expect(sql`select 1`.execute(t.db)).resolves.toBeTruthy();
  });
});
