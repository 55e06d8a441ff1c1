import { formatLocal } from '../../dates.ts';
import type { operations } from '../../../generated/api/engine.ts';

// Display rules of the issues screen (part 2 §2, §3, §8), pure so they are tested as functions.

export type IssueGraph = NonNullable<operations['appIssueGraph']['responses'][200]['content']['application/json']['msg']>;
type IssueGraphQuery = NonNullable<operations['appIssueGraph']['parameters']['query']>;

/** The default message of failed issues calls (part 2 §8). */
export const ISSUES_ERROR_MESSAGE = 'Something went wrong';

/** The counters above the graph, in the spec's order (part 2 §3: OutstandingIssues, resolvedIssues, totalIssues, totalIssueCalls). */
export const ISSUE_COUNTERS = [
  { key: 'OutstandingIssues', label: 'Outstanding Issues' },
  { key: 'resolvedIssues', label: 'Resolved Issues' },
  { key: 'totalIssues', label: 'Total Issues' },
  { key: 'totalIssueCalls', label: 'Total Issue Calls' },
] as const satisfies readonly { key: keyof IssueGraph; label: string }[];


/** The graph's query from the list's filters: the same type and time filter as the table. */
export function graphQuery(filterValues: Readonly<Record<string, unknown>>): IssueGraphQuery {
  const query: IssueGraphQuery = {};
  if (typeof filterValues.type === 'string') query.type = filterValues.type as IssueGraphQuery['type'];
  if (typeof filterValues.timeFilter === 'string') query.timeFilter = filterValues.timeFilter as IssueGraphQuery['timeFilter'];
  return query;
}

const BUCKET_FORMATS: Readonly<Record<IssueGraph['bucket'], string>> = { hour: 'h A', day: 'D MMM', week: 'D MMM', month: 'MMM YYYY' };

/** The x-axis label of a series point (bucket starts are UTC instants, shown in local time). */
export function bucketLabel(at: number, bucket: IssueGraph['bucket']): string {
  return formatLocal(new Date(at), BUCKET_FORMATS[bucket] ?? 'D MMM');
}
