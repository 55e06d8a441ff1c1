import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { MsgOf } from '../handlers/types.ts';
import { DAY_MS, HOUR_MS, startOfUtcDay, startOfUtcHour, type TimeFilter } from './listPaging.ts';

// Issues as the issues screen shows them, and its filters. Outstanding and resolved issues each
// have partial indexes (org_id[, log_type], date, id) on resolved_at, so every filter combination
// is one index range.
export type IssueRow = MsgOf<'appIssueData'>['issues'][number];
export type IssueType = 'all' | 'api' | 'webhook';
export type IssueStatus = 'all' | 'outstanding' | 'resolved';
export type Bucket = 'hour' | 'day' | 'week' | 'month';

export function applyIssueFilters<O>(
  query: SelectQueryBuilder<Database, 'issues', O>,
  orgId: string,
  filters: { type?: IssueType; status?: IssueStatus; from?: number },
): SelectQueryBuilder<Database, 'issues', O> {
  return query
    .where('org_id', '=', orgId)
    .$if(filters.type !== undefined && filters.type !== 'all', (q) => q.where('log_type', '=', filters.type!))
    .$if(filters.status === 'outstanding', (q) => q.where('resolved_at', 'is', null))
    .$if(filters.status === 'resolved', (q) => q.where('resolved_at', 'is not', null))
    .$if(filters.from !== undefined, (q) => q.where('date', '>=', filters.from!));
}

export function toIssueRow(r: Row<'issues'>): IssueRow {
  return {
    issueId: String(r.id),
    date: r.date,
    errorType: r.error_type,
    logType: r.log_type === 'api' ? 'api' : 'webhook',
    errorDataStr: r.error_data_str ?? '',
    errorMessage: r.error_message ?? '',
    organization: r.organization ?? '',
    appId: r.app_id ?? '',
    ...(r.app_label !== null ? { appLabel: r.app_label } : {}),
    integrationId: r.integration_id ?? '',
    resolved: r.resolved_at !== null,
    issueCalls: Math.max(1, r.issue_calls),
  };
}

/** Series bucket of a time filter: hour for last24h, day up to 60 days, week for 180, month beyond. */
export function bucketOf(filter: TimeFilter | undefined): Bucket {
  switch (filter) {
    case 'last24h': return 'hour';
    case 'last30': case 'last60': return 'day';
    case 'last180': return 'week';
    default: return 'month';
  }
}

// 1970-01-05 was a Monday: weeks start on Monday, UTC.
const MONDAY_OFFSET = 4 * DAY_MS;
const WEEK_MS = 7 * DAY_MS;

/** Start of the bucket holding ms. */
export function bucketStart(bucket: Bucket, ms: number): number {
  switch (bucket) {
    case 'hour': return startOfUtcHour(ms);
    case 'day': return startOfUtcDay(ms);
    case 'week': return Math.floor((ms - MONDAY_OFFSET) / WEEK_MS) * WEEK_MS + MONDAY_OFFSET;
    case 'month': { const d = new Date(ms); return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1); }
  }
}

export function nextBucket(bucket: Bucket, at: number): number {
  switch (bucket) {
    case 'hour': return at + HOUR_MS;
    case 'day': return at + DAY_MS;
    case 'week': return at + WEEK_MS;
    case 'month': { const d = new Date(at); return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1); }
  }
}

/** SQL truncation the buckets are folded from: hours for the hourly series, UTC days otherwise. */
export const truncation = (column: 'date' | 'resolved_at', bucket: Bucket) => {
  const width = sql.lit(bucket === 'hour' ? HOUR_MS : DAY_MS);
  return sql<number>`(${sql.ref(column)} / ${width}) * ${width}`;
};
