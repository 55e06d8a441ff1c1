import { beforeEach, describe, expect, it, vi } from 'vitest';

// A list screen's first calls, started by the route preload once the session is read: the list
// itself, and the filter bar's data choices into the cache its filters read, so they arrive with
// the list instead of being asked for once it has rendered.
const calls: string[] = [];
let listTaken = false;
const FIRST_PAGE = { data: [{ id: 'log_1' }], total: 1, pageInfo: { hasNextPage: false } };
let listAnswer = () => Promise.resolve(FIRST_PAGE);
vi.mock('../../../src/dashboard/providers/instances.ts', async (original) => {
  const actual = await original<typeof import('../../../src/dashboard/providers/instances.ts')>();
  const GET = vi.fn(async (path: string) => {
    calls.push(path);
    return { data: { success: true, msg: { categories: [], organizations: [] } }, response: new Response(null, { status: 200 }) };
  });
  return {
    ...actual,
    apiClients: { ...actual.apiClients, engine: { ...actual.apiClients.engine, GET } },
    dataProvider: {
      ...actual.dataProvider,
      preloadList: vi.fn((resource: string) => {
        calls.push(`list ${resource}`);
        return listAnswer();
      }),
      takePreloadedList: vi.fn(() => (listTaken ? undefined : Promise.resolve())),
    },
  };
});

const { FIRST_PAGE_WAIT_MS, preloadFirstList } = await import('../../../src/dashboard/app/listPreload.ts');
const { queryClientFor } = await import('../../../src/dashboard/app/dashboardData.ts');
const { logsResource } = await import('../../../src/generated/resources/logs.ts');
const { listStaleTime } = await import('../../../src/dashboard/resources/preloadedLists.ts');
const { hashKey } = await import('@tanstack/react-query');

const signedIn = Promise.resolve({ token: 'token-1', isLoggedIn: true, isFirstLogin: false, onBoardingCompleted: true, uiVersion: null });

describe('preloadFirstList', () => {
  beforeEach(() => {
    calls.length = 0;
    listTaken = false;
    listAnswer = () => Promise.resolve(FIRST_PAGE);
    localStorage.clear();
    queryClientFor('token-1').clear();
  });

  it("starts the list and its filters' data choices, whose answer is in the cache the filters read", async () => {
    await preloadFirstList({ pathname: '/dashboard/logs', search: '' }, signedIn as never, 'logs');
    await vi.waitFor(() => expect(calls).toContain('/app.filtersMetadata'));
    expect(calls[0]).toBe('list logs');
    // One call however many filters take their choices from it.
    const choiceFilters = logsResource.filters.filter((filter) => filter.choicesFrom);
    expect(choiceFilters.length).toBeGreaterThan(1);
    expect(calls.filter((path) => path === '/app.filtersMetadata')).toHaveLength(1);
    const from = choiceFilters[0]!.choicesFrom!;
    await vi.waitFor(() => expect(queryClientFor('token-1').getQueryData([from.operationId, from.query])).toEqual({ categories: [], organizations: [] }));
  });

  it("puts the first page into react-admin's query cache, fresh for a moment, so the list's first render draws the rows", async () => {
    await preloadFirstList({ pathname: '/dashboard/logs', search: '' }, signedIn as never, 'logs');
    const cache = queryClientFor('token-1').getQueryCache();
    await vi.waitFor(() => expect(cache.findAll({ queryKey: ['logs', 'getList'] })).toHaveLength(1));
    const [query] = cache.findAll({ queryKey: ['logs', 'getList'] });
    expect(query!.state.data).toEqual({ data: [{ id: 'log_1' }], total: 1, pageInfo: { hasNextPage: false } });
    // The key the list asks with: its page, sort and filters (the contract's defaults here).
    const { pagination, sort, filter } = query!.queryKey[2] as { pagination: unknown; sort: unknown; filter: Record<string, unknown> };
    expect(pagination).toEqual({ page: 1, perPage: 10 });
    expect(sort).toEqual({ field: 'id', order: 'ASC' });
    expect(filter).toMatchObject({ isApiLogs: true });
    // Fresh, so mounting the list (and enabling its query) does not ask again; any other page is stale at once.
    expect(listStaleTime(query!)).toBe(10_000);
    expect(query!.isStaleByTime(listStaleTime(query!))).toBe(false);
    expect(listStaleTime({ queryHash: hashKey(['logs', 'getList', { other: true }]), state: { dataUpdatedAt: Date.now() } })).toBe(0);
    // Once refetched it is a page like any other.
    expect(listStaleTime({ ...query!, state: { ...query!.state, dataUpdatedAt: query!.state.dataUpdatedAt + 1 } })).toBe(0);
    expect(listStaleTime(query!)).toBe(0);
  });

  it('resolves (the first render may start) once the first page is in the cache', async () => {
    listAnswer = () => new Promise((resolve) => setTimeout(() => resolve(FIRST_PAGE), 30));
    await preloadFirstList({ pathname: '/dashboard/logs', search: '' }, signedIn as never, 'logs');
    expect(queryClientFor('token-1').getQueryCache().findAll({ queryKey: ['logs', 'getList'] })).toHaveLength(1);
  });

  it('holds the first render back for a slow first page at most FIRST_PAGE_WAIT_MS', async () => {
    vi.useFakeTimers();
    try {
      listAnswer = () => new Promise(() => undefined);
      let resolved = false;
      void preloadFirstList({ pathname: '/dashboard/logs', search: '' }, signedIn as never, 'logs').then(() => { resolved = true; });
      await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1);
      expect(resolved).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(resolved).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the cache alone when the list took the call itself first', async () => {
    listTaken = true;
    await preloadFirstList({ pathname: '/dashboard/logs', search: '' }, signedIn as never, 'logs');
    await vi.waitFor(() => expect(calls).toContain('/app.filtersMetadata'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queryClientFor('token-1').getQueryCache().findAll({ queryKey: ['logs', 'getList'] })).toHaveLength(0);
  });

  it('starts nothing without a signed-in session', async () => {
    await preloadFirstList({ pathname: '/dashboard/logs', search: '' }, Promise.resolve(null), 'logs');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
  });
});
