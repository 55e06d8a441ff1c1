import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userManagementResource } from '../../../src/generated/resources/user-management.ts';
import { renderList } from '../support/renderList.tsx';

// The users' Search (a search filter over a query parameter with maxLength 100 in the contract):
// the input takes no more than the contract allows and says so once full, so the engine's
// 'Search must be at most 100 characters' is never the answer to typing.

afterEach(cleanup);

describe('a search filter', () => {
  it("takes no more than its parameter's maxLength, says so once full, and searches with it", async () => {
    const page = { data: [], total: 0 };
    const getList = vi.fn(async (_resource: string, _params: { filter: Record<string, unknown> }) => page);
    const dataProvider = { getList, supportAbortSignal: true } as unknown as DataProvider;
    const url = '/dashboard/user-management';
    renderList(url, dataProvider, { definition: userManagementResource, title: 'User Management' });
    const search = (await screen.findByRole('searchbox', { name: 'Search' }, { timeout: 10_000 })) as HTMLInputElement;
    expect(search.maxLength).toBe(100);
    expect(screen.queryByText('At most 100 characters')).toBeNull();
    const longest = 'a'.repeat(100);
    fireEvent.change(search, { target: { value: longest } });
    expect(await screen.findByText('At most 100 characters')).toBeTruthy();
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toMatchObject({ search: longest }), { timeout: 10_000 });
    fireEvent.change(search, { target: { value: 'ab' } });
    await waitFor(() => expect(screen.queryByText('At most 100 characters')).toBeNull());
  }, 30_000);
});
