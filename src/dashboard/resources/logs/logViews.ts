import { logsResource } from '../../../generated/resources/logs.ts';
import { filterOf } from '../filterChoices.tsx';
import { viewOf } from '../views.ts';

// The two views of /dashboard/logs, the 'API Calls' / 'Webhooks' switch (body isApiLogs): the
// contract's x-resource views say which columns each shows (resources/views.ts).

export type LogView = 'api' | 'webhook';

const PERIOD_FILTER = filterOf(logsResource, 'timestamp');
/** The default period of both views, the last 30 days (the contract's `timestamp` default, ms of look-back). */
export const DEFAULT_LOG_PERIOD = PERIOD_FILTER.default as number;

/** The view of the current filter values (isApiLogs, default true: API Calls). */
export function logViewOf(filterValues: Readonly<Record<string, unknown>>): LogView {
  return viewOf(logsResource, filterValues) === 'webhook' ? 'webhook' : 'api';
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
