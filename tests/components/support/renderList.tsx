import { render } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { AdminContext, TestMemoryRouter, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { GeneratedList } from '../../../src/dashboard/resources/GeneratedList.tsx';

/**
 * A generated list screen at `url`, over `dataProvider` (usually a mocked getList). Under vitest,
 * react-admin (an external package) and the dashboard's sources load different copies of
 * react-router, so each gets a router of its own at the same URL (the browser build has one).
 */
export function renderList(url: string, dataProvider: DataProvider, props: ComponentProps<typeof GeneratedList>) {
  return render(
    <TestMemoryRouter initialEntries={[url]}>
      <MemoryRouter initialEntries={[url]}>
        <AdminContext dataProvider={dataProvider}>
          <GeneratedList {...props} />
        </AdminContext>
      </MemoryRouter>
    </TestMemoryRouter>,
  );
}
