import { sql } from 'kysely';
import { defineHandler, type MsgOf } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { applyIssueFilters, bucketOf, bucketStart, nextBucket, truncation } from '../../repositories/issues.ts';
import { timeFilterStart } from '../../repositories/listPaging.ts';

type Point = MsgOf<'appIssueGraph'>['series'][number];

// Counters and series of the issues screen under its type and time filters. Issues raised are
// grouped by their date, issues resolved by resolved_at (partial index on resolved issues), per
// hour or UTC day in SQL and folded into weeks or months here.
export const appIssueGraph = defineHandler('appIssueGraph', async ({ query }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const orgId = caller.orgId;
  const from = timeFilterStart(query.timeFilter, now);
  const bucket = bucketOf(query.timeFilter);
  const filters = { type: query.type, from };

  const counters = await applyIssueFilters(db.selectFrom('issues'), orgId, filters)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when resolved_at is null then 1 else 0 end), 0)`.as('open'),
      sql<number>`coalesce(sum(issue_calls), 0)`.as('calls'),
    ])
    .executeTakeFirst();

  // For all time the series starts at the organisation's first issue.
  const firstIssue = from ?? (await applyIssueFilters(db.selectFrom('issues'), orgId, { type: query.type })
    .select('date').orderBy('date').orderBy('id').limit(1).executeTakeFirst())?.date ?? now;
  const points = new Map<number, Point>();
  for (let at = bucketStart(bucket, firstIssue); at <= now; at = nextBucket(bucket, at)) points.set(at, { at, issues: 0, resolved: 0, issueCalls: 0 });
  const add = (ms: number, key: keyof Omit<Point, 'at'>, n: number) => {
    const p = points.get(bucketStart(bucket, ms));
    if (p) p[key] += n;
  };

  const raisedAt = truncation('date', bucket);
  const raised = await applyIssueFilters(db.selectFrom('issues'), orgId, filters)
    .select([raisedAt.as('at'), sql<number>`count(*)`.as('issues'), sql<number>`coalesce(sum(issue_calls), 0)`.as('calls')])
    .groupBy(raisedAt).execute();
  for (const r of raised) { add(Number(r.at), 'issues', Number(r.issues)); add(Number(r.at), 'issueCalls', Number(r.calls)); }

  const resolvedAt = truncation('resolved_at', bucket);
  const resolved = await applyIssueFilters(db.selectFrom('issues'), orgId, { type: query.type, status: 'resolved' })
    .$if(from !== undefined, (q) => q.where('resolved_at', '>=', from!))
    .select([resolvedAt.as('at'), sql<number>`count(*)`.as('resolved')])
    .groupBy(resolvedAt).execute();
  for (const r of resolved) add(Number(r.at), 'resolved', Number(r.resolved));

  const total = Number(counters?.total ?? 0);
  const open = Number(counters?.open ?? 0);
  return {
    OutstandingIssues: open,
    resolvedIssues: total - open,
    totalIssues: total,
    totalIssueCalls: Number(counters?.calls ?? 0),
    bucket,
    series: [...points.values()],
  };
});
