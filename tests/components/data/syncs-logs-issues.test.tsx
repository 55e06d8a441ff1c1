import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { AdminContext, type DataProvider, type GetListParams, type GetListResult } from 'react-admin';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCancelled } from '../../../src/dashboard/resources/listHooks.ts';
import { SyncRecordList } from '../../../src/dashboard/resources/syncs/SyncRecordList.tsx';
import {
  runsEmptyText,
  SYNCS_NOT_STARTED_MESSAGE,
} from '../../../src/dashboard/resources/syncs/syncRules.ts';
import { searchToApply as searchOf, useDebouncedSearch } from '../../../src/dashboard/resources/filters/SearchFilter.tsx';
import { syncRecordsResource } from '../../../src/generated/resources/sync-records.ts';

const searchFilter = syncRecordsResource.filters[0]!;
const useRunSearch = (applied: string, apply: (search: string) => void) => useDebouncedSearch(applied, apply, searchFilter.minLength, searchFilter.debounceMs);
const searchToApply = (text: string) => searchOf(text, searchFilter.minLength);

// The display rules of the syncs screens (part 2 §4, §5, §8, §9); the logs and issues ones are in
// syncs-logs-issues.logs.test.tsx.

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('run search by Audit ID', () => {
  it('applies at 3 or more characters or when empty, and ignores 1 or 2', () => {
    expect(searchToApply('')).toBe('');
    expect(searchToApply('   ')).toBe('');
    expect(searchToApply('a')).toBeUndefined();
    expect(searchToApply('ab')).toBeUndefined();
    expect(searchToApply(' ab ')).toBeUndefined();
    expect(searchToApply('abc')).toBe('abc');
    expect(searchToApply(' aud_7KQ ')).toBe('aud_7KQ');
  });

  it('is debounced 500 ms after the last keystroke, and a short text never applies', () => {
    vi.useFakeTimers();
    const apply = vi.fn();
    const { result } = renderHook(() => useRunSearch('', apply));
    act(() => result.current.onChange('a'));
    act(() => result.current.onChange('au'));
    act(() => result.current.onChange('aud'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.onChange('aud_'));
    act(() => vi.advanceTimersByTime(499));
    expect(apply).not.toHaveBeenCalled();
    // What the user typed shows at once, applied or not.
    expect(result.current.text).toBe('aud_');
    act(() => vi.advanceTimersByTime(1));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenLastCalledWith('aud_');

    // Back to 2 characters: nothing is applied (the table keeps the last search).
    act(() => result.current.onChange('au'));
    act(() => vi.advanceTimersByTime(2_000));
    expect(apply).toHaveBeenCalledTimes(1);

    // Emptying the box clears the search, after the same debounce.
    act(() => result.current.onChange(''));
    act(() => vi.advanceTimersByTime(499));
    expect(apply).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(apply).toHaveBeenLastCalledWith('');
  });

  it('a typed 3-character text cut back to 2 before the debounce ends applies nothing', () => {
    vi.useFakeTimers();
    const apply = vi.fn();
    const { result } = renderHook(() => useRunSearch('', apply));
    act(() => result.current.onChange('abc'));
    act(() => vi.advanceTimersByTime(400));
    act(() => result.current.onChange('ab'));
    act(() => vi.advanceTimersByTime(1_000));
    expect(apply).not.toHaveBeenCalled();
  });
});

describe('the run page aborts the previous records request', () => {
  const RUN = {
    jobId: 'job_1',
    syncRunId: 'run_1',
    orgName: 'Acme Corp',
    integrationName: 'BambooHR',
    appId: 'bamboohr',
    appLabel: 'BambooHR',
    integrationId: 'int_1',
    syncDataTypeLabel: 'Employees',
    startedAt: 1716191400000,
    completedAt: 1716192000000,
    syncStatus: 'completed',
    syncType: 'delta_sync',
    eventsTriggered: 2,
    eventsConsumed: 2,
    eventsProcessed: 2,
  };
  const row = (auditId: string) => ({ id: auditId, auditId, eventType: 'record.new', dispatchedAt: 1716191460000, consumedAt: null, models: [{ label: 'Employee', value: 'employee' }] });

  it('sends the search after 500 ms with an AbortSignal and aborts the request in flight when a newer search is applied', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls: { filter: Record<string, unknown>; signal: AbortSignal | undefined }[] = [];
    const getList = vi.fn((_resource: string, params: GetListParams): Promise<GetListResult> => {
      const filter = params.filter as Record<string, unknown>;
      calls.push({ filter, signal: params.signal });
      const body = { data: [row('aud_1'), row('aud_2')], pageInfo: { hasNextPage: false, hasPreviousPage: false }, meta: { response: { msg: RUN } } };
      if (!filter.search) return Promise.resolve(body);
      // A search answers only after a while; an aborted one rejects as fetch does.
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve({ ...body, data: [row(`${String(filter.search)}_x`)] }), 5_000);
        params.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      });
    });
    const dataProvider = { getList, supportAbortSignal: true } as unknown as DataProvider;
    render(
      <MemoryRouter initialEntries={['/dashboard/syncs/job_1/run_1']}>
        <AdminContext dataProvider={dataProvider}>
          <SyncRecordList params={{ jobId: 'job_1', syncRunId: 'run_1' }} title="Sync Records" />
        </AdminContext>
      </MemoryRouter>,
    );
    await screen.findByText('aud_1', undefined, { timeout: 10_000 });
    // The route's runId goes out as the contract's syncRunId, with the jobId.
    expect(calls[0]?.filter).toMatchObject({ jobId: 'job_1', syncRunId: 'run_1' });
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);

    const box = screen.getByRole('searchbox', { name: 'Search by Audit ID' });
    fireEvent.change(box, { target: { value: 'au' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(calls.filter((call) => call.filter.search)).toHaveLength(0);

    fireEvent.change(box, { target: { value: 'aud_1' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    await waitFor(() => expect(calls.filter((call) => call.filter.search === 'aud_1')).toHaveLength(1), { timeout: 10_000 });
    const first = calls.find((call) => call.filter.search === 'aud_1');
    expect(first?.signal?.aborted).toBe(false);

    fireEvent.change(box, { target: { value: 'aud_12' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    await waitFor(() => expect(calls.filter((call) => call.filter.search === 'aud_12')).toHaveLength(1), { timeout: 10_000 });
    expect(first?.signal?.aborted).toBe(true);
    // The cancelled request shows nothing: no error state, no toast.
    expect(screen.queryByText('Something went wrong')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(await screen.findByText('aud_12_x', undefined, { timeout: 10_000 })).toBeTruthy();
   }, 30_000);

  it('treats aborts and cancelled queries as cancelled, nothing else', () => {
    expect(isCancelled(new DOMException('aborted', 'AbortError'))).toBe(true);
    expect(isCancelled(Object.assign(new Error('Network'), { cause: new DOMException('aborted', 'AbortError') }))).toBe(true);
    expect(isCancelled({ name: 'CancelledError' })).toBe(true);
    expect(isCancelled(Object.assign(new Error('Sync details not found.'), { status: 404 }))).toBe(false);
    expect(isCancelled(undefined)).toBe(false);
  });
});

describe('run history', () => {
  it("says a job that never ran hasn't been started properly", () => {
    expect(runsEmptyText({ lastSyncedAt: null })).toBe(SYNCS_NOT_STARTED_MESSAGE);
    expect(SYNCS_NOT_STARTED_MESSAGE).toBe("Syncs haven't been started properly for this account. Please restart syncs and try again.");
    expect(runsEmptyText({ lastSyncedAt: 1716192000000 })).toBe('No runs in this date range.');
  });
});
