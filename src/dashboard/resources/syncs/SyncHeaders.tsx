import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useListContext } from 'react-admin';
import type { ColumnDefinition } from '../../../generated/resources/types.ts';
import { syncRecordsResource } from '../../../generated/resources/sync-records.ts';
import { syncRunsResource } from '../../../generated/resources/sync-runs.ts';
import { syncsResource } from '../../../generated/resources/syncs.ts';
import { ColumnCell, type Row } from '../../components/columns/ColumnCell.tsx';
import { DetailFields } from '../../components/DetailFields.tsx';
import { filterOf } from '../filterChoices.tsx';
import { useListMsg } from '../listHooks.ts';
import { rangeDays, rangeFromDays, runsEmptyText } from './syncRules.ts';
import { useRunSearch } from './useRunSearch.ts';

// The headers of the job and run pages. A job page's header is a sync-jobs row (the runs call
// answers the same fields, frequency rate and unit included, so a page opened by its URL needs
// nothing from the list), rendered with the syncs definition's own columns; a run page's header
// adds the run's columns. Nothing here lists a column of its own.

const fieldsOf = (columns: readonly ColumnDefinition[], record: Row) =>
  columns.map((column) => ({ label: column.label, value: <ColumnCell column={column} record={record} /> }));

/** The job a run belongs to, as a run page shows it: who, which app and data type. */
const JOB_CONTEXT = new Set(['orgName', 'appId', 'syncDataTypeLabel', 'integrationId']);

function useJobRecord(): { record: Row; loading: boolean } {
  const msg = useListMsg<Row>();
  return { record: msg ?? {}, loading: msg === undefined };
}

/** /dashboard/syncs/{jobId}: orgName, integrationName, app, data type, last and upcoming sync, frequency. */
export function JobHeader() {
  const { record, loading } = useJobRecord();
  return <DetailFields label="Sync job" loading={loading} fields={fieldsOf(syncsResource.columns, record)} />;
}

/** /dashboard/syncs/{jobId}/{runId}: the job's context and the run's own columns. */
export function RunHeader() {
  const { record, loading } = useJobRecord();
  const columns = [...syncsResource.columns.filter((column) => column.source && JOB_CONTEXT.has(column.source)), ...syncRunsResource.columns];
  return <DetailFields label="Sync run" loading={loading} fields={fieldsOf(columns, record)} />;
}

/** The job page's empty table: never run ('Syncs haven't been started properly ...') or none in the range. */
export function RunsEmpty() {
  return <>{runsEmptyText(useListMsg<{ lastSyncedAt?: unknown }>())}</>;
}

/** The run page's empty table. */
export function RecordsEmpty() {
  const { filterValues } = useListContext();
  const search = typeof filterValues?.search === 'string' ? filterValues.search : '';
  return <>{search ? `No records with an Audit ID starting with '${search}'.` : 'This run has no records.'}</>;
}

/**
 * The run history's date range (part 2 §5): two day inputs, the last 30 days by default, never
 * beyond today. A change resets the cursor (a new filter set is a new cursor stack, page 1).
 */
export function RunDateRange() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  // "Today" is fixed when the page opens; a page left open past midnight keeps its day.
  const now = useMemo(() => Date.now(), []);
  const values = (filterValues ?? {}) as { start?: number; end?: number };
  const days = rangeDays(values, now);
  const change = (from: string, to: string) => {
    const range = rangeFromDays(from, to, Date.now());
    if (range) setFilters({ ...filterValues, ...range }, displayedFilters);
  };
  const label = filterOf(syncRunsResource, 'start').label;
  return (
    <Stack component="fieldset" direction="row" aria-label={label} sx={{ border: 0, m: 0, px: 2, pt: 2, gap: 1.5, flexWrap: 'wrap' }}>
      <TextField
        type="date"
        size="small"
        label="From"
        value={days.from}
        onChange={(event) => change(event.target.value, days.to)}
        slotProps={{ htmlInput: { max: days.to }, inputLabel: { shrink: true } }}
        sx={{ width: 180 }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={days.to}
        onChange={(event) => change(days.from, event.target.value)}
        slotProps={{ htmlInput: { min: days.from, max: days.today }, inputLabel: { shrink: true } }}
        sx={{ width: 180 }}
      />
    </Stack>
  );
}

/** The run page's search by Audit ID: gated at 3 characters, debounced 500 ms (useRunSearch). */
export function RecordSearch() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const applied = typeof filterValues?.search === 'string' ? filterValues.search : '';
  const { text, onChange } = useRunSearch(applied, (search) => {
    const { search: _previous, ...rest } = (filterValues ?? {}) as Record<string, unknown>;
    setFilters(search ? { ...rest, search } : rest, displayedFilters);
  });
  const label = filterOf(syncRecordsResource, 'search').label;
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <TextField
        size="small"
        type="search"
        label={label}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        helperText="At least 3 characters"
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        sx={{ width: { xs: '100%', sm: 360 } }}
      />
    </Box>
  );
}
