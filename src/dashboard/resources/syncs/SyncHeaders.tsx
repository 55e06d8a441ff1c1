import { useListContext } from 'react-admin';
import type { ColumnDefinition } from '../../../generated/resources/types.ts';
import { syncRunsResource } from '../../../generated/resources/sync-runs.ts';
import { syncsResource } from '../../../generated/resources/syncs.ts';
import { ColumnCell, type Row } from '../../components/columns/ColumnCell.tsx';
import { DetailFields } from '../../components/DetailFields.tsx';
import { useListMsg } from '../listHooks.ts';
import { runsEmptyText } from './syncRules.ts';

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
