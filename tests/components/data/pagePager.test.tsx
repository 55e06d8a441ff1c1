import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ListBase, type DataProvider, type GetListParams, type GetListResult } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PagePager, pageRange, pageRangeLabel } from '../../../src/dashboard/resources/PagePager.tsx';

// A server-paged list gives no row total (cursor, or page numbers with hasMoreRecords). The pager
// counts the rows that arrived, by MUI TablePagination's convention: an empty list reads
// '0–0 of 0' and a one-row list '1–1 of 1', never react-admin's guessed '1-10 of 10'.
afterEach(cleanup);

const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: `row_${from + i}` }));

/** A server of `total` rows in pages of 10 that says only whether another page follows. */
function pagedServer(total: number): DataProvider {
  const getList = async (_resource: string, params: GetListParams): Promise<GetListResult> => {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const start = (page - 1) * perPage;
    return { data: rows(start + 1, Math.max(0, Math.min(perPage, total - start))), pageInfo: { hasNextPage: start + perPage < total, hasPreviousPage: page > 1 } };
  };
  return { getList } as unknown as DataProvider;
}

function renderList(total: number) {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={pagedServer(total)}>
        <ListBase resource="things" perPage={10} disableSyncWithLocation>
          <PagePager />
        </ListBase>
      </AdminContext>
    </MemoryRouter>,
  );
}

const pager = async () => within(await screen.findByRole('navigation', { name: 'Pagination' }));

describe('PagePager', () => {
  it("reads '0–0 of 0' for an empty list, with nowhere to go", async () => {
    renderList(0);
    const nav = await pager();
    expect(nav.getByTestId('page-range').textContent).toBe('0–0 of 0');
    expect(nav.queryByText(/1-10|of 10/)).toBeNull();
    expect((nav.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((nav.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("reads '1–1 of 1' for a one-row list", async () => {
    renderList(1);
    const nav = await pager();
    expect(nav.getByTestId('page-range').textContent).toBe('1–1 of 1');
    expect(nav.getByTestId('page-number').textContent).toBe('1');
  });

  it("reads 'of more than' while pages follow, and the exact total on the last page", async () => {
    const user = userEvent.setup({ delay: null });
    renderList(13);
    const nav = await pager();
    expect(nav.getByTestId('page-range').textContent).toBe('1–10 of more than 10');
    await user.click(nav.getByRole('button', { name: 'Next page' }));
    expect(await nav.findByText('11–13 of 13')).toBeTruthy();
    expect(nav.getByTestId('page-number').textContent).toBe('2');
  });
});

describe('pageRange', () => {
  it.each([
    [{ page: 1, perPage: 10, rows: 0, hasNextPage: false }, '0–0 of 0'],
    [{ page: 1, perPage: 10, rows: 1, hasNextPage: false }, '1–1 of 1'],
    [{ page: 1, perPage: 10, rows: 10, hasNextPage: false }, '1–10 of 10'],
    [{ page: 1, perPage: 10, rows: 10, hasNextPage: true }, '1–10 of more than 10'],
    [{ page: 3, perPage: 10, rows: 4, hasNextPage: false }, '21–24 of 24'],
    // A total from the server wins; a page past the end shows no rows.
    [{ page: 1, perPage: 10, rows: 1, total: 1 }, '1–1 of 1'],
    [{ page: 2, perPage: 10, rows: 10, total: 57, hasNextPage: true }, '11–20 of 57'],
    [{ page: 2, perPage: 10, rows: 0, hasNextPage: false }, '0–0 of 10'],
  ])('%o reads %s', (input, label) => expect(pageRangeLabel(pageRange(input))).toBe(label));
});
