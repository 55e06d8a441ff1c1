import type { ColumnDefinition } from '../../../generated/resources/types.ts';
import type { LogsRow } from '../../../generated/resources/logs.ts';
import { logsResource } from '../../../generated/resources/logs.ts';
import { filterOf } from '../filterChoices.tsx';

// The two views of /dashboard/logs, the 'API Calls' / 'Webhooks' switch (body isApiLogs). One
// operation serves both with one row schema, LogRow, told apart by logType, so the generated logs
// definition lists the columns of both views in one order.
//
// The view filter: a column shows in a view unless its field is carried by the OTHER view only.
// The per-view fields are LogRow's own split (openapi/engine/schemas/LogRow.yaml: the fields its
// if/then/else requires of an api row and of a webhook row); every other field (organisation,
// native call count, path, app, integration) is common. So a column added to the contract shows
// in the right view with no edit here, and the column list itself lives only in the contract.

export type LogView = 'api' | 'webhook';
type LogField = Extract<keyof LogsRow, string>;

/** Fields only one view's rows carry (LogRow's if/then/else `required` lists). */
export const VIEW_ONLY_FIELDS: Readonly<Record<LogView, ReadonlySet<LogField>>> = {
  api: new Set<LogField>(['requestTimestamp', 'method', 'url', 'statusCode', 'statusMessage', 'executionId']),
  webhook: new Set<LogField>(['timestamp', 'syncDataType', 'syncDataTypeLabel', 'syncRunId', 'syncIterationId', 'syncJobId']),
};

const VIEW_FILTER = filterOf(logsResource, 'isApiLogs');
const PERIOD_FILTER = filterOf(logsResource, 'timestamp');
/** The default period of both views, the last 30 days (the contract's `timestamp` default, ms of look-back). */
export const DEFAULT_LOG_PERIOD = PERIOD_FILTER.default as number;

/** The view of the current filter values (isApiLogs, default true: API Calls). */
export function logViewOf(filterValues: Readonly<Record<string, unknown>>): LogView {
  const isApiLogs = filterValues[VIEW_FILTER.source] ?? VIEW_FILTER.default;
  return isApiLogs === false ? 'webhook' : 'api';
}

/** The columns of one view, in the definition's order. */
export function columnsOfView<C extends ColumnDefinition>(columns: readonly C[], view: LogView): C[] {
  const other: LogView = view === 'api' ? 'webhook' : 'api';
  return columns.filter((column) => !column.source || !VIEW_ONLY_FIELDS[other].has(column.source as LogField));
}

/** State an API log row hands /dashboard/logs/api/{execId} (part 2 §2). */
export interface ApiLogRouteState {
  executionId: string;
  apiUrl: string;
  originOrgName: string;
  appId: string;
  appLabel: string;
  integrationId: string;
}

/** State a webhook log row hands /dashboard/logs/webhook/{runId} (part 2 §2). */
export interface WebhookLogRouteState {
  syncIterationId: string;
  syncJobId: string;
  appLabel: string;
  appId: string;
  originOrgName: string;
  integrationId: string;
  syncDataTypeLabel: string;
}

/** State a webhook record row hands /dashboard/logs/webhook/{runId}/{recordId}: the call's iteration and trace. */
export interface WebhookRecordRouteState {
  syncIterationId?: string;
  traceId?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Where a logs row leads, with the state the spec passes; undefined for a row missing its id. */
export function logRowLink(row: Readonly<Record<string, unknown>>): { to: string; state: ApiLogRouteState | WebhookLogRouteState } | undefined {
  if (row.logType === 'webhook') {
    const runId = text(row.syncRunId);
    if (!runId) return undefined;
    const state: WebhookLogRouteState = {
      syncIterationId: text(row.syncIterationId),
      syncJobId: text(row.syncJobId),
      appLabel: text(row.appLabel),
      appId: text(row.appId),
      originOrgName: text(row.originOrgName),
      integrationId: text(row.integrationId),
      syncDataTypeLabel: text(row.syncDataTypeLabel),
    };
    return { to: `/dashboard/logs/webhook/${encodeURIComponent(runId)}`, state };
  }
  const executionId = text(row.executionId);
  if (!executionId) return undefined;
  const state: ApiLogRouteState = {
    executionId,
    apiUrl: text(row.url),
    originOrgName: text(row.originOrgName),
    appId: text(row.appId),
    appLabel: text(row.appLabel),
    integrationId: text(row.integrationId),
  };
  return { to: `/dashboard/logs/api/${encodeURIComponent(executionId)}`, state };
}

/** Webhook record dispatch status as people read it: stale means not dispatched (part 2 §4). */
export function dispatchStatusLabel(status: unknown): { label: string; tone: 'success' | 'error' | 'warning' | 'default' } {
  switch (status) {
    case 'dispatched':
      return { label: 'Dispatched', tone: 'success' };
    case 'stale':
      return { label: 'Not dispatched', tone: 'warning' };
    case 'failed':
      return { label: 'Failed', tone: 'error' };
    case 'pending':
      return { label: 'Pending', tone: 'default' };
    default:
      return { label: typeof status === 'string' && status ? status : '—', tone: 'default' };
  }
}
