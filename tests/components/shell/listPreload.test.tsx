import { beforeEach, describe, expect, it, vi } from 'vitest';

// A list screen's first calls, started by the route preload once the session is read: the list
// itself, and the filter bar's data choices into the cache its filters read, so they arrive with
// the list instead of being asked for once it has rendered.
const calls: string[] = [];
vi.mock('../../../src/dashboard/providers/instances.ts', async (original) => {
  const actual = await original<typeof import('../../../src/dashboard/providers/instances.ts')>();
  const GET = vi.fn(async (path: string) => {
    calls.push(path);
    return { data: { success: true, msg: { categories: [], organizations: [] } }, response: new Response(null, { status: 200 }) };
  });
  return {
    ...actual,
    apiClients: { ...actual.apiClients, engine: { ...actual.apiClients.engine, GET } },
    dataProvider: { ...actual.dataProvider, preloadList: vi.fn((resource: string) => calls.push(`list ${resource}`)) },
  };
});

const { preloadFirstList } = await import('../../../src/dashboard/app/listPreload.ts');
const { queryClientFor } = await import('../../../src/dashboard/app/dashboardData.ts');
const { logsResource } = await import('../../../src/generated/resources/logs.ts');

const signedIn = Promise.resolve({ token: 'token-1', isLoggedIn: true, isFirstLogin: false, onBoardingCompleted: true, uiVersion: null });

describe('preloadFirstList', () => {
  beforeEach(() => {
    calls.length = 0;
    localStorage.clear();
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

  it('starts nothing without a signed-in session', async () => {
    await preloadFirstList({ pathname: '/dashboard/logs', search: '' }, Promise.resolve(null), 'logs');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
  });
});
