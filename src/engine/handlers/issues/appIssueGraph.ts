import { defineSessionHandler, type MsgOf } from '../types.ts';
import { bucketOf, bucketStart, firstIssueDate, issueCounters, issuesRaisedPer, issuesResolvedPer, nextBucket } from '../../repositories/issues.ts';
import { timeFilterStart } from '../../../shared/timeWindows.ts';

type Point = MsgOf<'appIssueGraph'>['series'][number];

// Counters and series of the issues screen under its type and time filters. Issues raised are
// grouped by their date, issues resolved by resolved_at (partial index on resolved issues), per
// hour or UTC day in SQL and folded into weeks or months here.
export const appIssueGraph = defineSessionHandler('appIssueGraph', async ({ query }, { db, caller, clock }) => {
  const now = clock.now();
  const orgId = caller.orgId;
  const from = timeFilterStart(query.timeFilter, now);
  const bucket = bucketOf(query.timeFilter);
  const filters = { type: query.type, from };

  const counters = await issueCounters(db, orgId, filters);

  // For all time the series starts at the organisation's first issue.
  const firstIssue = from ?? (await firstIssueDate(db, orgId, query.type)) ?? now;
  const points = new Map<number, Point>();
  for (let at = bucketStart(bucket, firstIssue); at <= now; at = nextBucket(bucket, at)) points.set(at, { at, issues: 0, resolved: 0, issueCalls: 0 });
  const add = (ms: number, key: keyof Omit<Point, 'at'>, n: number) => {
    const p = points.get(bucketStart(bucket, ms));
    if (p) p[key] += n;
  };

  for (const r of await issuesRaisedPer(db, orgId, filters, bucket)) { add(r.at, 'issues', r.issues); add(r.at, 'issueCalls', r.calls); }
  for (const r of await issuesResolvedPer(db, orgId, { type: query.type, from }, bucket)) add(r.at, 'resolved', r.resolved);

  return {
    OutstandingIssues: counters.open,
    resolvedIssues: counters.total - counters.open,
    totalIssues: counters.total,
    totalIssueCalls: counters.calls,
    bucket,
    series: [...points.values()],
  };
});
