import { cleanup, waitFor } from '@testing-library/react';
import { memoryStore, type DataProvider } from 'react-admin';
import type { Location, NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountsResource } from '../../../src/generated/resources/accounts.ts';
import { organizationIntegrationsResource } from '../../../src/generated/resources/organization-integrations.ts';
import { listSetupOf } from '../../../src/dashboard/resources/listParams.ts';
import { renderList } from '../support/renderList.tsx';

// A link whose filters the list corrects (here one that leaves out the Status filter, whose
// contract default is 'all') is put right in place: its page holds, and Back leaves the list.

afterEach(cleanup);

const filterOf = (location: Location | undefined) => JSON.parse(new URLSearchParams(location?.search).get('filter') ?? 'null') as unknown;

describe('the list guard', () => {
  it('corrects a link in its own history entry, keeping the page it asks for', async () => {
    const page = { data: [], total: 0, pageInfo: { hasNextPage: true, hasPreviousPage: true } };
    const getList = vi.fn(async (_resource: string, _params: { filter: Record<string, unknown>; pagination: { page: number } }) => page);
    const dataProvider = { getList, supportAbortSignal: true } as unknown as DataProvider;
    let location: Location | undefined;
    let navigate: NavigateFunction | undefined;
    // A click on the pager made while the corrected URL was still rendering asks for page 2 with the
    // link's filters: the correction must not send it back to page 1.
    renderList(`/dashboard/accounts?filter=${encodeURIComponent('{}')}&page=2`, dataProvider, { definition: accountsResource, title: 'Integrated Accounts' }, {
      earlier: ['/dashboard/home'],
      onLocation: (current) => (location = current),
      onNavigate: (current) => (navigate = current),
    });
    await waitFor(() => expect(filterOf(location)).toEqual({ integrationState: 'all' }), { timeout: 10_000 });
    expect(new URLSearchParams(location?.search).get('page')).toBe('2');
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1]).toMatchObject({ filter: { integrationState: 'all' }, pagination: { page: 2 } }));
    // The link's entry was replaced: Back goes where the user came from, not to the link (which
    // would be corrected again, and again, trapping the user on the list).
    navigate?.(-1);
    await waitFor(() => expect(location?.pathname).toBe('/dashboard/home'));
  }, 30_000);

  it('corrects a list kept in the store (one with route params) keeping its page too', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: `int_${i}`, integrationId: `int_${i}` }));
    const page = { data: rows, total: rows.length };
    const getList = vi.fn(async (_resource: string, _params: { filter: Record<string, unknown>; pagination: { page: number } }) => page);
    const dataProvider = { getList, supportAbortSignal: true } as unknown as DataProvider;
    const params = { orgId: 'org_1' };
    const { storeKey, disableSyncWithLocation } = listSetupOf(organizationIntegrationsResource, params);
    expect(disableSyncWithLocation).toBe(true);
    const store = memoryStore({ [storeKey]: { filter: { timeFilter: 'last24' }, page: 2, perPage: 10, sort: 'id', order: 'ASC' } });
    renderList('/dashboard/organizations/org_1', dataProvider, { definition: organizationIntegrationsResource, title: 'Integrations', params }, { store });
    await waitFor(() => expect(store.getItem(storeKey)).toMatchObject({ filter: { timeFilter: 'all' }, page: 2 }), { timeout: 10_000 });
  }, 30_000);
});
