import { type Kysely, sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { KeysetPage } from '../db/keyset.ts';
import type { MsgOf } from '../contractTypes.ts';
import type { SchemaIssueStatusFilter, SchemaIssueTypeFilter } from '../../generated/api/engine.ts';
import { cursorList } from './listPaging.ts';
import { DAY_MS, HOUR_MS, startOfUtcDay, startOfUtcHour, type TimeFilter } from '../../shared/timeWindows.ts';

// Issues as the issues screen shows them, and its filters. Outstanding and resolved issues each
// have partial indexes (org_id[, log_type], date, id) on resolved_at, so every filter combination
// is one index range.
type IssueRow = MsgOf<'appIssueData'>['issues'][number];
type IssueType = SchemaIssueTypeFilter;
type IssueStatus = SchemaIssueStatusFilter;
type Bucket = 'hour' | 'day' | 'week' | 'month';
type Db = Kysely<Database> | Transaction<Database>;
interface IssueFilters { type?: IssueType; status?: IssueStatus; from?: number }

/** The columns an issues-table row is built from. */
const ISSUE_ROW_COLUMNS = [
  'id', 'date', 'error_type', 'log_type', 'error_data_str', 'error_message', 'organization', 'app_id', 'app_label',
  'integration_id', 'resolved_at', 'issue_calls',
] as const;
type IssueListRow = Pick<Row<'issues'>, (typeof ISSUE_ROW_COLUMNS)[number]>;

/** What of the filters changes the statement: the type and date bounds are bound values, the status a condition. */
const issueShape = (filters: IssueFilters) => ({
  type: filters.type !== undefined && filters.type !== 'all',
  status: filters.status ?? 'all',
  from: filters.from !== undefined,
});

function applyIssueFilters<O>(
  query: SelectQueryBuilder<Database, 'issues', O>,
  orgId: string,
  filters: IssueFilters,
  shape = issueShape(filters),
): SelectQueryBuilder<Database, 'issues', O> {
  return query
    .where('org_id', '=', orgId)
    .$if(shape.type, (q) => q.where('log_type', '=', filters.type!))
    .$if(shape.status === 'outstanding', (q) => q.where('resolved_at', 'is', null))
    .$if(shape.status === 'resolved', (q) => q.where('resolved_at', 'is not', null))
    .$if(shape.from, (q) => q.where('date', '>=', filters.from!));
}

export function toIssueRow(r: IssueListRow): IssueRow {
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
const truncation = (column: 'date' | 'resolved_at', bucket: Bucket) => {
  const width = sql.lit(bucket === 'hour' ? HOUR_MS : DAY_MS);
  return sql<number>`(${sql.ref(column)} / ${width}) * ${width}`;
};

const issuesPage = cursorList({
  shapeOf: (filters: IssueFilters & { orgId: string }) => issueShape(filters),
  build: (db, filters, shape) => applyIssueFilters(db.selectFrom('issues').select(ISSUE_ROW_COLUMNS), filters.orgId, filters, shape),
}, { ts: 'date', id: 'id', idKind: 'integer' });

/** One page of the issues table under its filters, newest first by (date, id). */
export async function pageIssues(db: Db, orgId: string, filters: IssueFilters, request: { limit?: number; cursor?: string | null }): Promise<KeysetPage<IssueListRow>> {
  return issuesPage(db, { orgId, ...filters }, request);
}

/** Issues not resolved yet (the home card). */
export async function countOpenIssues(db: Db, orgId: string): Promise<number> {
  const open = await db.selectFrom('issues').select(sql<number>`count(*)`.as('count'))
    .where('org_id', '=', orgId).where('resolved_at', 'is', null).executeTakeFirst();
  return Number(open?.count ?? 0);
}

/** Issues, open issues and the calls they group, under the filters. */
export async function issueCounters(db: Db, orgId: string, filters: IssueFilters): Promise<{ total: number; open: number; calls: number }> {
  const counters = await applyIssueFilters(db.selectFrom('issues'), orgId, filters)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when resolved_at is null then 1 else 0 end), 0)`.as('open'),
      sql<number>`coalesce(sum(issue_calls), 0)`.as('calls'),
    ])
    .executeTakeFirst();
  return { total: Number(counters?.total ?? 0), open: Number(counters?.open ?? 0), calls: Number(counters?.calls ?? 0) };
}

/** The date of the organisation's first issue of that type, or undefined when it has none. */
export async function firstIssueDate(db: Db, orgId: string, type: IssueType | undefined): Promise<number | undefined> {
  return (await applyIssueFilters(db.selectFrom('issues'), orgId, { type })
    .select('date').orderBy('date').orderBy('id').limit(1).executeTakeFirst())?.date;
}

/** Issues raised and the calls they group per hour (hour buckets) or UTC day (any other), by their date. */
export async function issuesRaisedPer(db: Db, orgId: string, filters: IssueFilters, bucket: Bucket): Promise<{ at: number; issues: number; calls: number }[]> {
  const raisedAt = truncation('date', bucket);
  const rows = await applyIssueFilters(db.selectFrom('issues'), orgId, filters)
    .select([raisedAt.as('at'), sql<number>`count(*)`.as('issues'), sql<number>`coalesce(sum(issue_calls), 0)`.as('calls')])
    .groupBy(raisedAt).execute();
  return rows.map((r) => ({ at: Number(r.at), issues: Number(r.issues), calls: Number(r.calls) }));
}

/** Issues resolved since `from` (or ever) per hour or UTC day, by resolved_at (partial index on resolved issues). */
export async function issuesResolvedPer(db: Db, orgId: string, filters: { type?: IssueType; from?: number }, bucket: Bucket): Promise<{ at: number; resolved: number }[]> {
  const resolvedAt = truncation('resolved_at', bucket);
  const rows = await applyIssueFilters(db.selectFrom('issues'), orgId, { type: filters.type, status: 'resolved' })
    .$if(filters.from !== undefined, (q) => q.where('resolved_at', '>=', filters.from!))
    .select([resolvedAt.as('at'), sql<number>`count(*)`.as('resolved')])
    .groupBy(resolvedAt).execute();
  return rows.map((r) => ({ at: Number(r.at), resolved: Number(r.resolved) }));
}
