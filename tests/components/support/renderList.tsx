import { render } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { AdminContext, TestMemoryRouter, type DataProvider, type Store } from 'react-admin';
import { MemoryRouter, type Location, type NavigateFunction } from 'react-router';
import { GeneratedList } from '../../../src/dashboard/resources/GeneratedList.tsx';

interface RouterProbes {
  /** Entries before `url` in the history (Back goes to the last of them). */
  earlier?: string[];
  /** Called with react-admin's location on every render of its router. */
  onLocation?: (location: Location) => void;
  /** Receives react-admin's navigate (to go Back, say). */
  onNavigate?: (navigate: NavigateFunction) => void;
  /** react-admin's store (lists kept there: those with route params), instead of an empty one. */
  store?: Store;
}

/**
 * A generated list screen at `url`, over `dataProvider` (usually a mocked getList). Under vitest,
 * react-admin (an external package) and the dashboard's sources load different copies of
 * react-router, so each gets a router of its own at the same URL (the browser build has one).
 */
export function renderList(url: string, dataProvider: DataProvider, props: ComponentProps<typeof GeneratedList>, probes: RouterProbes = {}) {
  const entries = [...(probes.earlier ?? []), url];
  return render(
    <TestMemoryRouter initialEntries={entries} initialIndex={entries.length - 1} locationCallback={probes.onLocation} navigateCallback={probes.onNavigate}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <AdminContext dataProvider={dataProvider} {...(probes.store ? { store: probes.store } : {})}>
          <GeneratedList {...props} />
        </AdminContext>
      </MemoryRouter>
    </TestMemoryRouter>,
  );
}
