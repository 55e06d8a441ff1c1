import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, type DataProvider, type GetListResult } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { operations } from '../../../src/generated/api/engine.ts';
import { SyncRunList } from '../../../src/dashboard/resources/syncs/SyncRunList.tsx';

// A job page opened by its URL (no syncs row to come from): the header's frequency comes from the
// runs call alone (part 2: STANDARD/MEDIUM/HIGH or 'Every {frequencyRate} {frequencyUnit}').

type RunsMsg = operations['appDashboardSyncRuns']['responses'][200]['content']['application/json']['msg'];

// Typed by the contract: without frequencyRate and frequencyUnit in the runs response this does not compile.
const JOB: RunsMsg = {
  jobId: 'job_1',
  orgName: 'Acme Corp',
  integrationName: 'BambooHR',
  lastSyncedAt: 1716192000000,
  upcomingSync: 1716214400000,
  upcomingSyncStatus: 'scheduled',
  syncDataTypeLabel: 'Employees',
  integrationId: 'int_1',
  appId: 'bamboohr',
  appLabel: 'BambooHR',
  syncFrequency: 'custom',
  frequencyRate: 6,
  frequencyUnit: 'hours',
  items: [],
  nextCursor: null,
};

afterEach(cleanup);

function renderJobPage(msg: RunsMsg) {
  const getList = vi.fn((): Promise<GetListResult> => Promise.resolve({ data: [], pageInfo: { hasNextPage: false, hasPreviousPage: false }, meta: { response: { msg } } }));
  render(
    // No route state: the page is opened by its URL.
    <MemoryRouter initialEntries={['/dashboard/syncs/job_1']}>
      <AdminContext dataProvider={{ getList } as unknown as DataProvider}>
        <SyncRunList params={{ jobId: 'job_1' }} title="Sync Runs" />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the job header opened by URL', () => {
  it("shows a custom frequency as 'Every {rate} {unit}' from the runs call", async () => {
    renderJobPage(JOB);
    const header = await screen.findByLabelText('Sync job');
    expect(await within(header).findByText('Every 6 hours')).toBeTruthy();
    expect(within(header).queryByText('custom')).toBeNull();
  });

  it('shows a preset frequency by its name', async () => {
    renderJobPage({ ...JOB, syncFrequency: 'HIGH', frequencyRate: null, frequencyUnit: null });
    const header = await screen.findByLabelText('Sync job');
    expect(await within(header).findByText('HIGH')).toBeTruthy();
  });
});
