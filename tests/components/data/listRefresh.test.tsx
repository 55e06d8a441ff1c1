import { cleanup, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountsResource } from '../../../src/generated/resources/accounts.ts';
import { syncsResource } from '../../../src/generated/resources/syncs.ts';
import { renderList } from '../support/renderList.tsx';

// A list whose contract says refreshSeconds (the syncs, runs, records and logs screens: every
// 20 s, part 1 §9) reads its page again on that period, so new runs and deliveries appear without
// a reload; a list without it reads once.

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function callsAfter(definition: typeof syncsResource | typeof accountsResource, seconds: number): Promise<number> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const page = { data: [], total: 0, pageInfo: { hasNextPage: false, hasPreviousPage: false } };
  const getList = vi.fn(async () => page);
  const dataProvider = { getList, supportAbortSignal: true } as unknown as DataProvider;
  const url = `/dashboard/${definition.name}`;
  renderList(url, dataProvider, { definition, title: 'List' });
  await waitFor(() => expect(getList).toHaveBeenCalled(), { timeout: 10_000 });
  const first = getList.mock.calls.length;
  await vi.advanceTimersByTimeAsync(seconds * 1000);
  return getList.mock.calls.length - first;
}

describe('list refresh from the contract', () => {
  it('the sync jobs list reads its page again every 20 s', async () => {
    expect(syncsResource.refreshSeconds).toBe(20);
    expect(await callsAfter(syncsResource, 41)).toBe(2);
  }, 30_000);

  it('a list without refreshSeconds reads once', async () => {
    expect(accountsResource.refreshSeconds).toBeUndefined();
    expect(await callsAfter(accountsResource, 41)).toBe(0);
  }, 30_000);
});
