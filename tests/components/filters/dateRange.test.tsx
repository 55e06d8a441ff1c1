import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { START_AFTER_END_MESSAGE } from '../../../src/dashboard/resources/filters/DateRangeFilter.tsx';
import { accountsResource } from '../../../src/generated/resources/accounts.ts';
import { renderList } from '../support/renderList.tsx';

// The accounts' 'Created between' range (the contract's dateRange filter over start and end): a
// start after the end is said next to the inputs and never sent; a valid range is sent in ms.

afterEach(cleanup);

describe('a date range filter', () => {
  it('says a start after the end next to the field and sends nothing until it is fixed', async () => {
    const page = { data: [], total: 0, pageInfo: { hasNextPage: false, hasPreviousPage: false } };
    const getList = vi.fn(async (_resource: string, _params: { filter: Record<string, unknown> }) => page);
    const dataProvider = { getList, supportAbortSignal: true } as unknown as DataProvider;
    const start = new Date(2026, 0, 5).getTime();
    const end = new Date(2026, 0, 10, 23, 59, 59, 999).getTime();
    const url = `/dashboard/accounts?filter=${encodeURIComponent(JSON.stringify({ integrationState: 'all', start, end }))}`;
    renderList(url, dataProvider, { definition: accountsResource, title: 'Integrated Accounts' });
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toMatchObject({ start, end }), { timeout: 10_000 });
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.value).toBe('2026-01-05');
    const calls = getList.mock.calls.length;
    fireEvent.change(from, { target: { value: '2026-02-01' } });
    expect(await screen.findByText(START_AFTER_END_MESSAGE)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(getList.mock.calls.length).toBe(calls);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-02' } });
    await waitFor(() => expect(getList.mock.calls.at(-1)?.[1].filter).toMatchObject({ start: new Date(2026, 0, 2).getTime(), end }));
    expect(screen.queryByText(START_AFTER_END_MESSAGE)).toBeNull();
  }, 30_000);
});
