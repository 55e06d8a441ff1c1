import { useLocation } from 'react-router';
import { logsResource } from '../../../generated/resources/logs.ts';
import type { ColumnDefinition } from '../../../generated/resources/types.ts';
import { webhookRecordsResource } from '../../../generated/resources/webhook-records.ts';
import { ColumnCell, type Row } from '../../components/columns/ColumnCell.tsx';
import { DetailFields, type DetailField } from '../../components/DetailFields.tsx';
import { formatDate, formatText } from '../../components/columns/format.ts';
import { useListMsg } from '../listHooks.ts';
import { dispatchStatusCell } from './LogCells.tsx';
import { type ApiLogRouteState, type WebhookLogRouteState } from './logViews.ts';
import { columnsOfView } from '../views.ts';

// Headers of the log detail pages, rendered with the generated columns of the row they describe:
// an API log with the logs definition's API-view columns, a webhook run with its webhook-view
// columns, a webhook record with the webhook-records columns. Before the call answers, the route
// state the list row passed fills them; after, the call's own copy (so a reload needs no state).

/** A header field of a column: its label, and its cell (links to this very page read as text). */
function fieldOf(column: ColumnDefinition, record: Row): DetailField {
  const source = column.source ?? '';
  // URLs and paths show in full here (they are cut in the tables).
  const value =
    source === 'dispatchStatus' ? dispatchStatusCell(record) : column.kind === 'link' ? formatText(record[source]) : <ColumnCell column={column} record={record} />;
  return { label: column.label, value, wide: source === 'url' || source === 'path' };
}

const present = (record: Row) => (column: ColumnDefinition) => column.source !== undefined && record[column.source] !== undefined;

/** /dashboard/logs/api/{execId}: the unified API call (msg.apiLog, or the row's state: apiUrl is its url). */
export function ApiLogHeader() {
  const msg = useListMsg<{ apiLog?: Row }>();
  const state = useLocation().state as Partial<ApiLogRouteState> | null;
  const fromState: Row = state ? { ...state, url: state.apiUrl } : {};
  const record = msg?.apiLog ?? fromState;
  const columns = columnsOfView(logsResource, 'api').filter(present(record));
  return <DetailFields label="API log" loading={msg === undefined && !state} fields={columns.map((column) => fieldOf(column, record))} />;
}

/** /dashboard/logs/webhook/{runId}: the run's organisation, app, data type and ids. */
export function WebhookLogHeader({ runId }: { runId: string }) {
  const msg = useListMsg<Row>();
  const state = useLocation().state as Partial<WebhookLogRouteState> | null;
  const record: Row = { syncRunId: runId, ...(state ?? {}), ...(msg ?? {}) };
  const columns = columnsOfView(logsResource, 'webhook').filter(present(record));
  const fields = columns.map((column) => fieldOf(column, record));
  fields.push({ label: 'Sync Job ID', value: formatText(record.syncJobId) });
  if (state?.syncIterationId) fields.push({ label: 'Iteration', value: state.syncIterationId });
  return <DetailFields label="Webhook log" loading={msg === undefined && !state} fields={fields} />;
}

/** /dashboard/logs/webhook/{runId}/{recordId}: the record (msg.record) whose native calls are listed. */
export function WebhookRecordHeader() {
  const msg = useListMsg<{ record?: Row }>();
  const record = msg?.record ?? {};
  const columns = webhookRecordsResource.columns.filter(present(record));
  const fields = (msg ? columns : webhookRecordsResource.columns).map((column) => fieldOf(column, record));
  // A replayed delivery says when it was last replayed (the Replays column says how often).
  if (typeof record.replayedAt === 'number') fields.push({ label: 'Last replayed', value: formatDate(record.replayedAt, 'ms') });
  return <DetailFields label="Webhook record" loading={msg === undefined} fields={fields} />;
}
