import { memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { firstListParams, listSetupOf } from '../../../src/dashboard/resources/listParams.ts';
import { logsResource } from '../../../src/generated/resources/logs.ts';

// The route preload computes a list's first call before the screen's code is in; it must be the
// call react-admin's list controller then makes (the same merge of URL, stored state and defaults).

const logs = listSetupOf(logsResource);

describe('firstListParams', () => {
  it("starts from the contract's filter defaults, first page, the contract's page size", () => {
    expect(firstListParams(logs, '', memoryStore())).toEqual({
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { isApiLogs: true, timestamp: 2592000000 },
    });
  });

  it("takes the URL's list query over the defaults", () => {
    const search = `?${new URLSearchParams({ filter: JSON.stringify({ isApiLogs: false, category: 'HRIS' }), page: '3' })}`;
    const params = firstListParams(logs, search, memoryStore());
    expect(params.pagination).toEqual({ page: 3, perPage: 10 });
    expect(params.filter).toEqual({ isApiLogs: false, category: 'HRIS' });
  });

  it('takes the list state stored from an earlier visit when the URL has none', () => {
    const store = memoryStore({ [logs.storeKey]: { filter: { timestamp: 86400000 }, page: 2, perPage: 10, sort: 'id', order: 'ASC' } });
    const params = firstListParams(logs, '', store);
    expect(params.pagination?.page).toBe(2);
    expect(params.filter).toEqual({ timestamp: 86400000 });
  });

  it("always sends a route's params as permanent filters, and keeps such lists out of the URL", () => {
    const runs = listSetupOf(logsResource, { syncRunId: 'run_1' });
    expect(runs.disableSyncWithLocation).toBe(true);
    expect(runs.storeKey).toBe('logs.run_1');
    const search = `?${new URLSearchParams({ filter: JSON.stringify({ category: 'HRIS' }) })}`;
    expect(firstListParams(runs, search, memoryStore()).filter).toEqual({ isApiLogs: true, timestamp: 2592000000, syncRunId: 'run_1' });
  });
});
