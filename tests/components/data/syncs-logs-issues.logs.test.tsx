import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useListContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logsResource } from '../../../src/generated/resources/logs.ts';
import { dispatchStatusLabels } from '../../../src/generated/labels.ts';
import { DispatchStatus } from '../../../src/dashboard/resources/logs/LogCells.tsx';
import { logRowLink, logViewOf } from '../../../src/dashboard/resources/logs/logViews.ts';
import { columnsOfView } from '../../../src/dashboard/resources/views.ts';
import { activityOf, logsGraphQuery, type LogsGraph } from '../../../src/dashboard/resources/logs/logsGraph.ts';
import { bucketLabel, graphQuery, ISSUE_COUNTERS } from '../../../src/dashboard/resources/issues/issueRules.ts';
import { renderList } from '../support/renderList.tsx';

// The display rules of the logs and issues screens (part 2 §2, §3, §4, §9).

afterEach(cleanup);

describe('logs: each view shows its own columns', () => {
  const sources = (view: 'api' | 'webhook') => columnsOfView(logsResource, view).map((column) => column.source);

  it("API Calls: the contract's API columns, in the definition's order", () => {
    expect(sources('api')).toEqual([
      'requestTimestamp',
      'originOrgName',
      'method',
      'nativeApiCallCount',
      'url',
      'path',
      'statusCode',
      'statusMessage',
      'appId',
      'integrationId',
      'executionId',
    ]);
  });

  it("Webhooks: the contract's webhook columns, in the definition's order", () => {
    expect(sources('webhook')).toEqual(['timestamp', 'originOrgName', 'syncDataTypeLabel', 'nativeApiCallCount', 'path', 'appId', 'integrationId', 'syncRunId']);
  });

  it('every generated column shows in at least one view, and a new shared column in both', () => {
    for (const column of logsResource.columns) expect([...sources('api'), ...sources('webhook')]).toContain(column.source);
    const extra = { source: 'appLabel', label: 'App name', kind: 'text' } as const;
    const withExtra = { ...logsResource, columns: [...logsResource.columns, extra] };
    expect(columnsOfView(withExtra, 'api')).toContain(extra);
    expect(columnsOfView(withExtra, 'webhook')).toContain(extra);
    // The views come from the row schema's if/then/else: no field is hidden from both.
    const [api, webhook] = logsResource.views ?? [];
    expect(api?.hide.some((field) => webhook?.hide.includes(field))).toBe(false);
  });

  it('reads the view from isApiLogs, API Calls by default', () => {
    expect(logViewOf({})).toBe('api');
    expect(logViewOf({ isApiLogs: true })).toBe('api');
    expect(logViewOf({ isApiLogs: false })).toBe('webhook');
  });

  it('switches the table columns with the view filter in the URL', async () => {
    const page = { data: [{ id: 'log_1', logId: 'log_1', originOrgName: 'Acme' }], pageInfo: { hasNextPage: false, hasPreviousPage: false } };
    const dataProvider = { getList: vi.fn(async () => page), supportAbortSignal: true } as unknown as DataProvider;
    const renderAt = (search: string, header?: ReactNode) => renderList(`/dashboard/logs${search}`, dataProvider, { definition: logsResource, title: 'Logs', header });
    const headers = async () => {
      await screen.findAllByRole('columnheader', undefined, { timeout: 10_000 });
      return screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    };
    renderAt('');
    const api = await headers();
    expect(api).toContain('Method');
    expect(api).toContain('Execution ID');
    expect(api).not.toContain('Data Type');
    expect(api).not.toContain('Sync Run ID');
    cleanup();
    renderAt(`?filter=${encodeURIComponent(JSON.stringify({ isApiLogs: false, timestamp: 2592000000 }))}`);
    await waitFor(async () => expect(await headers()).toContain('Data Type'), { timeout: 10_000 });
    const webhook = await headers();
    expect(webhook).toContain('Sync Run ID');
    expect(webhook).not.toContain('Method');
    expect(webhook).not.toContain('Status Code');
    cleanup();
    // A broken filter from the URL falls back to the contract's defaults instead of reaching the engine.
    vi.mocked(dataProvider.getList).mockClear();
    renderAt(`?filter=${encodeURIComponent('{}')}`);
    await waitFor(() => expect(vi.mocked(dataProvider.getList).mock.calls.at(-1)?.[1].filter).toMatchObject({ isApiLogs: true, timestamp: 2592000000 }), { timeout: 10_000 });
    expect(await headers()).toContain('Method');
    cleanup();
    renderAt(`?filter=${encodeURIComponent(JSON.stringify({ isApiLogs: 'maybe', timestamp: 'abc', category: { $ne: 1 } }))}`);
    await waitFor(() => expect(vi.mocked(dataProvider.getList).mock.calls.at(-1)?.[1].filter).toEqual({ isApiLogs: true, timestamp: 2592000000 }), { timeout: 10_000 });
    cleanup();
    // What a screen renders inside the list (the logs' chart, the issues' counters: calls of their
    // own with the list's filters) never reads a refused value, not even on the first render.
    const seen: unknown[] = [];
    function FilterProbe() {
      seen.push(useListContext().filterValues);
      return null;
    }
    renderAt(`?filter=${encodeURIComponent(JSON.stringify({ isApiLogs: true, timestamp: 123 }))}`, <FilterProbe />);
    await waitFor(() => expect(vi.mocked(dataProvider.getList).mock.calls.at(-1)?.[1].filter).toEqual({ isApiLogs: true, timestamp: 2592000000 }), { timeout: 10_000 });
    expect(seen.length).toBeGreaterThan(0);
    for (const values of seen) expect(values).toEqual({ isApiLogs: true, timestamp: 2592000000 });
    cleanup();
    // A server-paged list's page size is the contract's: a linked perPage=1000 goes back to 10.
    const pageSizes: unknown[] = [];
    function PageSizeProbe() {
      pageSizes.push(useListContext().perPage);
      return null;
    }
    vi.mocked(dataProvider.getList).mockClear();
    renderAt('?perPage=1000&page=3', <PageSizeProbe />);
    await waitFor(() => expect(vi.mocked(dataProvider.getList).mock.calls.at(-1)?.[1].pagination).toEqual({ page: 1, perPage: 10 }), { timeout: 10_000 });
    expect(pageSizes.length).toBeGreaterThan(0);
    for (const size of pageSizes) expect(size).toBe(10);
   }, 40_000);

  it('opens an API log and a webhook log with the route state the spec passes', () => {
    const api = logRowLink({
      logType: 'api',
      executionId: 'ex 1',
      url: 'https://api.example.com/v1.0/hr.employees?pageSize=50',
      originOrgName: 'Acme',
      appId: 'bamboohr',
      appLabel: 'BambooHR',
      integrationId: 'int_1',
    });
    expect(api).toEqual({
      to: '/dashboard/logs/api/ex%201',
      state: { executionId: 'ex 1', apiUrl: 'https://api.example.com/v1.0/hr.employees?pageSize=50', originOrgName: 'Acme', appId: 'bamboohr', appLabel: 'BambooHR', integrationId: 'int_1' },
    });
    const webhook = logRowLink({
      logType: 'webhook',
      syncRunId: 'run_1',
      syncIterationId: 'it_3',
      syncJobId: 'job_1',
      appId: 'bamboohr',
      appLabel: 'BambooHR',
      originOrgName: 'Acme',
      integrationId: 'int_1',
      syncDataTypeLabel: 'Employees',
    });
    expect(webhook).toEqual({
      to: '/dashboard/logs/webhook/run_1',
      state: { syncIterationId: 'it_3', syncJobId: 'job_1', appLabel: 'BambooHR', appId: 'bamboohr', originOrgName: 'Acme', integrationId: 'int_1', syncDataTypeLabel: 'Employees' },
    });
    expect(logRowLink({ logType: 'api' })).toBeUndefined();
  });

  it("draws the activity graph with the table's period, category and organisation, for the current view", () => {
    expect(logsGraphQuery({ isApiLogs: false, timestamp: 2592000000, category: 'HRIS', originOrgId: '' })).toEqual({ timestamp: 2592000000, category: 'HRIS' });
    const graph: LogsGraph = {
      timestamp: 86400000,
      bucket: 'hour',
      totals: { apiCalls: 12, apiCallErrors: 2, webhooks: 5, webhookErrors: 1, nativeApiCalls: 30 },
      series: [{ at: new Date(2026, 10, 3, 14).getTime(), apiCalls: 12, apiCallErrors: 2, webhooks: 5, webhookErrors: 1 }],
    };
    expect(activityOf(graph, 'api')).toEqual({ points: [{ label: '2 PM', ok: 10, errors: 2 }], total: 12, errors: 2 });
    expect(activityOf(graph, 'webhook')).toEqual({ points: [{ label: '2 PM', ok: 4, errors: 1 }], total: 5, errors: 1 });
  });

  it('shows a stale webhook record as not dispatched', () => {
    render(<DispatchStatus value="stale" />);
    expect(screen.getByText('Not dispatched')).toBeTruthy();
    expect(dispatchStatusLabels.dispatched).toBe('Dispatched');
  });
});

describe('issues', () => {
  it("shows the graph's counters in the spec's order", () => {
    expect(ISSUE_COUNTERS.map((counter) => counter.key)).toEqual(['OutstandingIssues', 'resolvedIssues', 'totalIssues', 'totalIssueCalls']);
  });

  it("asks the graph for the table's type and time filters", () => {
    expect(graphQuery({ type: 'all', timeFilter: 'last30', status: 'resolved' })).toEqual({ type: 'all', timeFilter: 'last30' });
    expect(graphQuery({})).toEqual({});
  });

  it('labels series points by bucket', () => {
    const at = new Date(2026, 10, 3, 14).getTime();
    expect(bucketLabel(at, 'hour')).toBe('2 PM');
    expect(bucketLabel(at, 'day')).toBe('3 Nov');
    expect(bucketLabel(at, 'month')).toBe('Nov 2026');
  });
});
