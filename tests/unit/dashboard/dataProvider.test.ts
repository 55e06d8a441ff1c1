import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../src/dashboard/providers/dataProvider.ts';
import { ApiError } from '../../../src/dashboard/providers/errors.ts';
import { resources } from '../../../src/generated/resources/index.ts';
import { ORIGIN, server, testClients } from './support/clients.ts';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface Seen {
  method: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
}

/** Records every request of one operation and answers with `reply(seen, index)`. */
function record(method: 'get' | 'post', path: string, reply: (seen: Seen, index: number) => unknown) {
  const seen: Seen[] = [];
  server.use(
    http[method](`${ORIGIN}${path}`, async ({ request }) => {
      const url = new URL(request.url);
      const text = method === 'post' ? await request.text() : '';
      const entry = { method: request.method, query: Object.fromEntries(url.searchParams), body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
      seen.push(entry);
      return HttpResponse.json({ success: true, msg: reply(entry, seen.length - 1) });
    }),
  );
  return seen;
}

const provider = () => createDataProvider({ clients: testClients().clients });
const page = (n: number, perPage = 10) => ({ pagination: { page: n, perPage }, sort: { field: 'id', order: 'ASC' as const }, filter: {} });

describe('dataProvider: cursor paging (issues: POST /app.issue.data)', () => {
  const issues = (cursor: unknown) => {
    const n = cursor ? Number(String(cursor).slice(1)) : 1;
    return { issues: [{ issueId: `iss_${n}`, errorType: 'x' }], nextCursor: n < 3 ? `c${n + 1}` : null };
  };

  it('sends limit and, from page 2 on, the previous page nextCursor (the cursor stack)', async () => {
    const seen = record('post', '/api/app.issue.data', (s) => issues(s.body?.cursor));
    const dp = provider();
    const p1 = await dp.getList('issues', { ...page(1), filter: { type: 'all', status: '' } });
    expect(seen[0].body).toEqual({ type: 'all', limit: 10 });
    expect(p1.data).toEqual([{ issueId: 'iss_1', errorType: 'x', id: 'iss_1' }]);
    expect(p1.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(p1.total).toBeUndefined();

    await dp.getList('issues', { ...page(2), filter: { type: 'all' } });
    expect(seen[1].body).toEqual({ type: 'all', limit: 10, cursor: 'c2' });
    const p3 = await dp.getList('issues', { ...page(3), filter: { type: 'all' } });
    expect(seen[2].body).toEqual({ type: 'all', limit: 10, cursor: 'c3' });
    expect(p3.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });

    // Back one page: page 2 is fetched again with the cursor that fetched it first.
    await dp.getList('issues', { ...page(2), filter: { type: 'all' } });
    expect(seen[3].body).toEqual({ type: 'all', limit: 10, cursor: 'c2' });
  });

  it('starts a new stack when a filter changes (page 1 without a cursor)', async () => {
    const seen = record('post', '/api/app.issue.data', (s) => issues(s.body?.cursor));
    const dp = provider();
    await dp.getList('issues', { ...page(1), filter: { type: 'all' } });
    await dp.getList('issues', { ...page(2), filter: { type: 'all' } });
    await dp.getList('issues', { ...page(1), filter: { type: 'api' } });
    expect(seen[2].body).toEqual({ type: 'api', limit: 10 });
    // A value the contract refuses never reaches the engine (it applies its default instead).
    await dp.getList('issues', { ...page(1), filter: { type: 'error' } });
    expect(seen[3].body).toEqual({ limit: 10 });
  });

  it('reaching page N without its cursor walks the pages before it', async () => {
    const seen = record('post', '/api/app.issue.data', (s) => issues(s.body?.cursor));
    const result = await provider().getList('issues', page(3));
    expect(seen.map((s) => s.body?.cursor ?? null)).toEqual([null, 'c2', 'c3']);
    expect(result.data[0].id).toBe('iss_3');
  });

  it('sends the cursor in the query as offset for invoices (POST with query paging)', async () => {
    const seen = record('post', '/api/app.payment.invoices', (s) => ({
      invoices: [{ id: s.query.offset ? 'inv_2' : 'inv_1' }],
      nextCursor: s.query.offset ? null : 'o2',
    }));
    const dp = provider();
    await dp.getList('invoices', page(1, 5));
    await dp.getList('invoices', page(2, 5));
    expect(seen.map((s) => s.query)).toEqual([{ limit: '5' }, { limit: '5', offset: 'o2' }]);
    expect(seen[0].body).toEqual({});
  });
});

describe('dataProvider: page-number paging', () => {
  it('GET: filters and pageNo/limit in the query, hasMoreRecords as pageInfo, the total in meta', async () => {
    const seen = record('get', '/api/app.getOrganizations', (s) => ({
      orgCount: 42,
      organizationDetails: [{ orgId: `org_${s.query.pageNo}`, organization: 'Acme' }],
      hasMoreRecords: s.query.pageNo === '1',
      nextCursor: `n${s.query.pageNo}`,
    }));
    const dp = provider();
    const p1 = await dp.getList('organizations', { ...page(1), filter: { timeFilter: 'last30' } });
    expect(seen[0].query).toEqual({ timeFilter: 'last30', pageNo: '1', limit: '10' });
    expect(p1.data[0].id).toBe('org_1');
    expect(p1.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(p1.meta).toMatchObject({ total: 42 });

    // Moving forward one page also sends the previous page's nextCursor.
    const p2 = await dp.getList('organizations', { ...page(2), filter: { timeFilter: 'last30' } });
    expect(seen[1].query).toEqual({ timeFilter: 'last30', pageNo: '2', limit: '10', cursor: 'n1' });
    expect(p2.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });

    // Jumping back sends pageNo alone.
    await dp.getList('organizations', { ...page(1), filter: { timeFilter: 'last30' } });
    expect(seen[2].query).toEqual({ timeFilter: 'last30', pageNo: '1', limit: '10' });
  });

  it("asks for the contract's page size whatever page size it is given (a linked perPage=1000 is over the operation's limit)", async () => {
    const seen = record('get', '/api/app.getOrganizations', () => ({ orgCount: 1, organizationDetails: [{ orgId: 'org_1', organization: 'Acme' }], hasMoreRecords: false }));
    await provider().getList('organizations', { ...page(1, 1000), filter: { timeFilter: 'last30' } });
    expect(seen[0].query).toEqual({ timeFilter: 'last30', pageNo: '1', limit: '10' });
  });

  it('POST: filters declared in the body go to the body with pageNo and limit', async () => {
    const seen = record('post', '/api/app.getLogsDataV2', () => ({ logs: [{ logId: 'l1' }], hasMoreRecords: false, nextCursor: null }));
    await provider().getList('logs', { ...page(1), filter: { isApiLogs: true, timestamp: 2592000000, category: 'HRIS' } });
    expect(seen[0].body).toEqual({ isApiLogs: true, timestamp: 2592000000, category: 'HRIS', pageNo: 1, limit: 10 });
    expect(seen[0].query).toEqual({});
  });

  it('route params the definition does not list go where the method says (sync-records: search in query, ids in body)', async () => {
    const seen = record('post', '/api/app.dashboard/syncRecords', () => ({ items: [{ auditId: 'a1' }], nextCursor: null }));
    const result = await provider().getList('sync-records', { ...page(1), filter: { search: 'abc', jobId: 'sj_1', syncRunId: 'run_1' } });
    expect(seen[0].query).toEqual({ search: 'abc' });
    expect(seen[0].body).toEqual({ jobId: 'sj_1', syncRunId: 'run_1', limit: 10 });
    expect(result.data[0].id).toBe('a1');
  });
});

describe('dataProvider: no paging', () => {
  it('one call; the table pages and sorts locally (fcm: 10 rows per page)', async () => {
    const rows = Array.from({ length: 23 }, (_, i) => ({ rowId: `r${i}`, modelName: `m${String(i).padStart(2, '0')}`, fieldName: 'f', apps: {} }));
    const seen = record('get', '/api/app.feasibility', () => ({ rows, totalRows: 23 }));
    const dp = provider();
    const p3 = await dp.getList('fcm', { ...page(3), filter: { category: 'HRIS' } });
    expect(seen[0].query).toEqual({ category: 'HRIS' });
    expect(p3.data.map((r) => r.id)).toEqual(['r20', 'r21', 'r22']);
    expect(p3.total).toBe(23);
    const sorted = await dp.getList('fcm', { pagination: { page: 1, perPage: 2 }, sort: { field: 'modelName', order: 'DESC' }, filter: {} });
    expect(sorted.data.map((r) => r.modelName)).toEqual(['m22', 'm21']);
  });
});

describe('dataProvider: one record and errors', () => {
  it('getOne uses the detail operation where one exists (presets)', async () => {
    const seen = record('get', '/api/app.getPresetDetails', () => ({ presetDetails: { presetId: 'p1', presetName: 'Default' } }));
    const result = await provider().getOne('presets', { id: 'p1' });
    expect(seen[0].query).toEqual({ presetId: 'p1' });
    expect(result.data).toEqual({ presetId: 'p1', presetName: 'Default', id: 'p1' });
  });

  it('getOne elsewhere answers the row the list returned; getMany too', async () => {
    record('get', '/api/app.getOrganizations', () => ({ orgCount: 1, organizationDetails: [{ orgId: 'org_9', organization: 'Nine' }], hasMoreRecords: false, nextCursor: null }));
    const dp = provider();
    await dp.getList('organizations', page(1));
    await expect(dp.getOne('organizations', { id: 'org_9' })).resolves.toEqual({ data: { orgId: 'org_9', organization: 'Nine', id: 'org_9' } });
    await expect(dp.getMany('organizations', { ids: ['org_9', 'nope'] })).resolves.toEqual({ data: [{ orgId: 'org_9', organization: 'Nine', id: 'org_9' }] });
    await expect(dp.getOne('organizations', { id: 'missing' })).rejects.toBeInstanceOf(ApiError);
  });

  it('getManyReference filters getList by the target', async () => {
    const seen = record('get', '/api/app.getIntegrationsOfOrg', () => ({ orgIntCount: 0, organizationDetails: [] }));
    await provider().getManyReference('organization-integrations', { target: 'orgId', id: 'org_1', pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(seen[0].query).toEqual({ orgId: 'org_1' });
  });

  it('failures reach react-admin as ApiError with the server message', async () => {
    server.use(http.post(`${ORIGIN}/api/app.issue.data`, () => HttpResponse.json({ success: false, error: { msg: 'Something went wrong', code: 'INTERNAL' } }, { status: 500 })));
    await expect(provider().getList('issues', page(1))).rejects.toMatchObject({ status: 500, message: 'Something went wrong' });
  });

  it('refuses unknown resources and generic writes', async () => {
    const dp = provider();
    await expect(dp.getList('nope', page(1))).rejects.toMatchObject({ status: 404 });
    await expect(dp.create('accounts', { data: {} })).rejects.toMatchObject({ status: 405 });
    await expect(dp.delete('accounts', { id: 1 })).rejects.toMatchObject({ status: 405 });
  });

  it('covers every generated resource with a list operation it can call', () => {
    for (const definition of Object.values(resources)) {
      expect(['cursor', 'pageNumber', 'none']).toContain(definition.paging.style);
      expect(definition.rows.split('.').length).toBeGreaterThan(1);
    }
  });
});

describe('dataProvider: the route preload of a list', () => {
  const issues = () => ({ issues: [{ issueId: 'iss_1', errorType: 'x' }], nextCursor: null });
  const params = { ...page(1), filter: { type: 'all' } };

  it("answers the list's first getList with the preloaded call: one request, the same result", async () => {
    const seen = record('post', '/api/app.issue.data', issues);
    const dp = provider();
    dp.preloadList('issues', params);
    const listed = await dp.getList('issues', { ...params, filter: { type: 'all' } });
    expect(seen).toHaveLength(1);
    expect(listed.data).toEqual([{ issueId: 'iss_1', errorType: 'x', id: 'iss_1' }]);
    // Taken once: the next getList (a refresh) calls again.
    await dp.getList('issues', params);
    expect(seen).toHaveLength(2);
  });

  it('hands a preloaded answer over once (to the query cache); the list then calls anew', async () => {
    const seen = record('post', '/api/app.issue.data', issues);
    const dp = provider();
    const answer = await dp.preloadList('issues', params);
    expect(answer.data).toEqual([{ issueId: 'iss_1', errorType: 'x', id: 'iss_1' }]);
    expect(await dp.takePreloadedList('issues', params)).toEqual(answer);
    expect(dp.takePreloadedList('issues', params)).toBeUndefined();
    await dp.getList('issues', params);
    expect(seen).toHaveLength(2);
  });

  it('calls anew when the list asks for other params than the preload had', async () => {
    const seen = record('post', '/api/app.issue.data', issues);
    const dp = provider();
    dp.preloadList('issues', params);
    await dp.getList('issues', { ...params, filter: { type: 'all', status: 'resolved' } });
    expect(seen.map((s) => s.body?.status)).toEqual([undefined, 'resolved']);
  });

  it("leaves a failed preload's error to the list that takes it", async () => {
    server.use(http.post(`${ORIGIN}/api/app.issue.data`, () => HttpResponse.json({ success: false, error: { msg: 'Something went wrong', code: 'INTERNAL' } }, { status: 500 })));
    const dp = provider();
    dp.preloadList('issues', params);
    await expect(dp.getList('issues', params)).rejects.toMatchObject({ status: 500, message: 'Something went wrong' });
  });
});
