import { formatLocal } from '../../dates.ts';
import type { operations } from '../../../generated/api/engine.ts';
import type { LogView } from './logViews.ts';

// The activity graph above the logs table (GET /app.getLogsGraphData, designed in the contract):
// the table's own period, category and organisation, drawn for the current view.

export type LogsGraph = NonNullable<operations['appGetLogsGraphData']['responses'][200]['content']['application/json']['msg']>;
type LogsGraphQuery = NonNullable<operations['appGetLogsGraphData']['parameters']['query']>;

/** The graph's query from the list's filters (the view itself is drawn from the same answer). */
export function logsGraphQuery(filterValues: Readonly<Record<string, unknown>>): LogsGraphQuery {
  const query: LogsGraphQuery = {};
  if (typeof filterValues.timestamp === 'number') query.timestamp = filterValues.timestamp as LogsGraphQuery['timestamp'];
  if (typeof filterValues.category === 'string' && filterValues.category) query.category = filterValues.category as LogsGraphQuery['category'];
  if (typeof filterValues.originOrgId === 'string' && filterValues.originOrgId) query.originOrgId = filterValues.originOrgId;
  return query;
}

export interface ActivityPoint {
  label: string;
  ok: number;
  errors: number;
}

/** The series of one view: successes and errors per bucket ('errors' are API calls above 299, or webhook records failed or not dispatched). */
export function activityOf(graph: LogsGraph, view: LogView): { points: ActivityPoint[]; total: number; errors: number } {
  const format = graph.bucket === 'hour' ? 'h A' : 'D MMM';
  const points = graph.series.map((point) => {
    const all = view === 'api' ? point.apiCalls : point.webhooks;
    const errors = view === 'api' ? point.apiCallErrors : point.webhookErrors;
    return { label: formatLocal(new Date(point.at), format), ok: Math.max(0, all - errors), errors };
  });
  const total = view === 'api' ? graph.totals.apiCalls : graph.totals.webhooks;
  const errors = view === 'api' ? graph.totals.apiCallErrors : graph.totals.webhookErrors;
  return { points, total, errors };
}
