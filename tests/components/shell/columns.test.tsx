import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resourceList, type ColumnDefinition } from '../../../src/generated/resources/index.ts';
import { ColumnCell } from '../../../src/dashboard/components/columns/ColumnCell.tsx';
import {
  fillRoute,
  formatDate,
  parseBoolean,
  splitOverflow,
  statusTone,
  syncFrequencyLabel,
  syncStatusLabel,
  syncTypeLabel,
  toAppRef,
} from '../../../src/dashboard/components/columns/format.ts';
import { matchTemplate, resourceForPath } from '../../../src/dashboard/resources/registry.ts';
import { labelOfChoice } from '../../../src/dashboard/resources/filterInputs.tsx';
import { issuesResource } from '../../../src/generated/resources/issues.ts';
import { logsResource } from '../../../src/generated/resources/logs.ts';

// No vitest globals, so testing-library cannot register its own cleanup.
afterEach(cleanup);

describe('column display rules', () => {
  it("formats dates as 'Do MMM YYYY, h:mm A' from seconds or milliseconds", () => {
    const ms = new Date(2026, 0, 2, 15, 4).getTime();
    expect(formatDate(ms, 'ms')).toBe('2nd Jan 2026, 3:04 PM');
    expect(formatDate(ms / 1000, 's')).toBe('2nd Jan 2026, 3:04 PM');
    expect(formatDate(null)).toBe('—');
  });

  it('shows status codes of 299 or less as success, higher as error', () => {
    expect(statusTone(200)).toBe('success');
    expect(statusTone(299)).toBe('success');
    expect(statusTone(300)).toBe('error');
    expect(statusTone('404')).toBe('error');
    expect(statusTone(undefined)).toBe('unknown');
  });

  it('capitalises sync status and cuts sync type at the first underscore', () => {
    expect(syncStatusLabel('completed')).toBe('Completed');
    expect(syncTypeLabel('delta_sync')).toBe('delta');
    expect(syncTypeLabel('accounting_journalEntries')).toBe('accounting');
    expect(syncTypeLabel('employee')).toBe('employee');
  });

  it("shows named sync frequencies as they are and custom ones as 'Every {rate} {unit}'", () => {
    expect(syncFrequencyLabel({ syncFrequency: 'HIGH' })).toBe('HIGH');
    expect(syncFrequencyLabel({ syncFrequency: 'custom', frequencyRate: 2, frequencyUnit: 'hours' })).toBe('Every 2 hours');
  });

  it("reads booleans and 'true'/'false' strings", () => {
    expect(parseBoolean('true')).toBe(true);
    expect(parseBoolean(false)).toBe(false);
    expect(parseBoolean('yes')).toBeUndefined();
  });

  it('fills link routes from the row and refuses missing params', () => {
    expect(fillRoute('/dashboard/logs/api/{executionId}', { executionId: 'exe 1' })).toBe('/dashboard/logs/api/exe%201');
    expect(fillRoute('/dashboard/logs/api/{executionId}', {})).toBeUndefined();
  });

  it('keeps 3 app icons in tables and counts the rest', () => {
    expect(splitOverflow(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], hidden: 2 });
    expect(toAppRef({ appId: 'bamboohr', label: 'BambooHR', logo: 'x.svg' })).toEqual({ id: 'bamboohr', label: 'BambooHR', logo: 'x.svg' });
  });

  it('labels time filters', () => {
    // The labels are the contract's x-enum-labels.
    const issuesTime = issuesResource.filters.find((f) => f.source === 'timeFilter')!;
    const logsPeriod = logsResource.filters.find((f) => f.source === 'timestamp')!;
    expect(labelOfChoice(issuesTime, 'last180')).toBe('Last 6 months');
    expect(labelOfChoice(logsPeriod, 2_592_000_000)).toBe('Last 30 days');
  });
});

describe('ColumnCell', () => {
  const cell = (column: ColumnDefinition, record: Record<string, unknown>) =>
    render(
      <MemoryRouter>
        <ColumnCell column={column} record={record} />
      </MemoryRouter>,
    );

  it('renders an integration state with its label and tooltip text', () => {
    cell({ source: 'integrationState', label: 'Status', kind: 'integrationState' }, { integrationState: 'Error', errorDescription: 'Invalid API Key' });
    expect(screen.getByLabelText('Error')).toBeTruthy();
  });

  it('renders app icons with a +N overflow', () => {
    cell({ source: 'apps', label: 'Apps', kind: 'appIcons', overflow: 3 }, { apps: ['a', 'b', 'c', 'd', 'e'] });
    expect(screen.getByText('+2')).toBeTruthy();
  });

  it('links a link column with its route params', () => {
    cell({ source: 'executionId', label: 'Execution', kind: 'link', link: '/dashboard/logs/api/{executionId}' }, { executionId: 'exe_1' });
    expect(screen.getByRole('link', { name: 'exe_1' }).getAttribute('href')).toBe('/dashboard/logs/api/exe_1');
  });

  it("shows an enum field's contract label, and a value without one as it is", () => {
    const column: ColumnDefinition = { source: 'status', label: 'Status', kind: 'text', labels: { draft: 'Draft', live: 'Live' } };
    cell(column, { status: 'live' });
    expect(screen.getByText('Live')).toBeTruthy();
    cleanup();
    cell(column, { status: 'archived' });
    expect(screen.getByText('archived')).toBeTruthy();
  });

  it('falls back to text for a kind it does not know', () => {
    cell({ source: 'x', label: 'X', kind: 'someday' as ColumnDefinition['kind'] }, { x: 'plain' });
    expect(screen.getByText('plain')).toBeTruthy();
  });
});

describe('resource registry', () => {
  it('finds every generated list route, with its params', () => {
    for (const definition of resourceList) {
      const path = definition.route.replace(/\{(\w+)\}/g, (_, name: string) => `v_${name}`);
      expect(resourceForPath(path)?.definition.name, definition.route).toBe(definition.name);
    }
    expect(matchTemplate('/dashboard/syncs/{jobId}', '/dashboard/syncs/job%201')).toEqual({ jobId: 'job 1' });
    expect(resourceForPath('/dashboard/unknown')).toBeUndefined();
  });
});
