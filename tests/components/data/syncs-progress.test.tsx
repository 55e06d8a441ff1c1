import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, type DataProvider, type GetListResult } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { operations } from '../../../src/generated/api/engine.ts';
import { syncRunsResource } from '../../../src/generated/resources/sync-runs.ts';
import { syncsResource } from '../../../src/generated/resources/syncs.ts';
import { ColumnCell } from '../../../src/dashboard/components/columns/ColumnCell.tsx';
import { formatDate, syncStatusLabel, upcomingSyncLabel } from '../../../src/dashboard/components/columns/format.ts';
import { SyncRunList } from '../../../src/dashboard/resources/syncs/SyncRunList.tsx';

// The syncs screens show the scheduler live (issue 16, point 5): a run in progress shows how many
// records it has read so far (its counts are updated per page and the runs list reads its page
// again every 20 s), and a job's Upcoming Sync is the scheduler's next run, or says why there is none.

type RunsMsg = operations['appDashboardSyncRuns']['responses'][200]['content']['application/json']['msg'];
type RunRow = RunsMsg['items'][number];

afterEach(cleanup);

const statusColumn = syncRunsResource.columns.find((column) => column.source === 'syncStatus')!;
const upcomingColumn = syncsResource.columns.find((column) => column.source === 'upcomingSync')!;
const DUE = 1716214400000;

const run = (overrides: Partial<RunRow>): RunRow => ({
  syncRunId: 'run_1', jobId: 'job_1', startedAt: 1716191400000, completedAt: null, eventsTriggered: 180, eventsConsumed: 0,
  eventsProcessed: 300, syncStatus: 'running', syncType: 'initial_sync', ...overrides,
});

describe('a run in progress', () => {
  it("shows the records it has read so far: 'Running: 300 records read'", () => {
    expect(syncStatusLabel('running', 300)).toBe('Running: 300 records read');
    expect(syncStatusLabel('running', 1)).toBe('Running: 1 record read');
    expect(syncStatusLabel('running', 12_400)).toBe('Running: 12,400 records read');
    // Finished runs show their status alone, with its first letter capitalised.
    expect(syncStatusLabel('completed', 300)).toBe('Completed');
    expect(syncStatusLabel('running')).toBe('Running');
  });

  it('is the status cell of the runs list, from the row the engine answers', () => {
    render(<ColumnCell column={statusColumn} record={run({})} />);
    expect(screen.getByText('Running: 300 records read')).toBeTruthy();
  });
});

describe("a job's upcoming sync", () => {
  it("is the scheduler's time while one is scheduled, and otherwise what the job waits for", () => {
    expect(upcomingSyncLabel({ upcomingSync: DUE, upcomingSyncStatus: 'scheduled' })).toBe(formatDate(DUE));
    expect(upcomingSyncLabel({ upcomingSync: null, upcomingSyncStatus: 'notScheduled' })).toBe('Not scheduled: restart syncs');
    expect(upcomingSyncLabel({ upcomingSync: null, upcomingSyncStatus: 'paused' })).toBe('Paused');
    expect(upcomingSyncLabel({ upcomingSync: null, upcomingSyncStatus: 'apiTrigger' })).toBe('Waiting for v1.0/sync.start');
    // A job being run shows that, not the time it was due.
    expect(upcomingSyncLabel({ upcomingSync: DUE, upcomingSyncStatus: 'running' })).toBe('Running now');
  });

  it('is the Upcoming Sync cell of the syncs list', () => {
    render(<ColumnCell column={upcomingColumn} record={{ upcomingSync: null, upcomingSyncStatus: 'notScheduled' }} />);
    expect(screen.getByText('Not scheduled: restart syncs')).toBeTruthy();
  });
});

describe('the job page', () => {
  const JOB: RunsMsg = {
    jobId: 'job_1', orgName: 'Acme Corp', integrationName: 'BambooHR', lastSyncedAt: 1716192000000, upcomingSync: DUE, upcomingSyncStatus: 'running',
    syncDataTypeLabel: 'Employees', integrationId: 'int_1', appId: 'bamboohr', appLabel: 'BambooHR', syncFrequency: 'HIGH', frequencyRate: null, frequencyUnit: null,
    items: [run({}), run({ syncRunId: 'run_0', completedAt: 1716170000000, syncStatus: 'completed', eventsProcessed: 280, eventsTriggered: 12 })],
    nextCursor: null,
  };

  it('shows the running run with its progress, and the job running now in its header', async () => {
    const getList = vi.fn((): Promise<GetListResult> => Promise.resolve({
      data: JOB.items.map((item) => ({ ...item, id: item.syncRunId })),
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
      meta: { response: { msg: JOB } },
    }));
    render(
      <MemoryRouter initialEntries={['/dashboard/syncs/job_1']}>
        <AdminContext dataProvider={{ getList } as unknown as DataProvider}>
          <SyncRunList params={{ jobId: 'job_1' }} title="Sync Runs" />
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Running: 300 records read')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    const header = await screen.findByLabelText('Sync job');
    expect(within(header).getByText('Running now')).toBeTruthy();
  });
});
