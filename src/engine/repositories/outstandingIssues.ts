import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// The issues the engine raises itself (failing syncs, failing webhook deliveries), keyed by
// issues.outstanding_key `<logType>:<errorType>:<integrationId>` while outstanding (migration
// 20261201090000, the scheme the unified API's call log uses): a failure adds itself to the
// account's outstanding issue of its kind or opens one, in one statement; resolving clears the
// key, so the next failure opens a new issue.
type Db = Kysely<Database> | Transaction<Database>;

export interface RaisedIssue {
  org_id: string;
  date: number;
  error_type: string;
  log_type: 'api' | 'webhook';
  error_data_str: string;
  error_message: string;
  origin_org_id: string;
  organization: string;
  app_id: string;
  app_label: string;
  integration_id: string;
  execution_id: string | null;
  /** Failing calls this failure adds (at least 1). */
  issue_calls: number;
}

export const outstandingKeyOf = (issue: Pick<RaisedIssue, 'log_type' | 'error_type' | 'integration_id'>): string =>
  `${issue.log_type}:${issue.error_type}:${issue.integration_id}`;

/** Opens the account's outstanding issue of the kind or adds the failure to it; true when it opened one. */
export async function raiseIssue(db: Db, issue: RaisedIssue): Promise<boolean> {
  const row = await db.insertInto('issues').values({ ...issue, resolved_at: null, outstanding_key: outstandingKeyOf(issue) })
    .onConflict((oc) => oc.column('outstanding_key').doUpdateSet((eb) => ({
      date: eb.ref('excluded.date'),
      error_message: eb.ref('excluded.error_message'),
      execution_id: eb.ref('excluded.execution_id'),
      issue_calls: eb('issues.issue_calls', '+', eb.ref('excluded.issue_calls')),
    })))
    .returning('issue_calls')
    .executeTakeFirstOrThrow();
  // Only an insert leaves exactly this failure's count: an existing issue had at least one before.
  return Number(row.issue_calls) === issue.issue_calls;
}

/**
 * Resolves the outstanding issues of these kinds of the organisation's accounts of a category (an
 * endpoint is per organisation and category): their key is cleared and resolved_at set.
 */
export async function resolveCategoryIssues(db: Db, orgId: string, category: string, logType: 'api' | 'webhook', errorTypes: readonly string[], now: number): Promise<number> {
  const result = await db.updateTable('issues')
    .set({ resolved_at: now, outstanding_key: null })
    .where('org_id', '=', orgId)
    .where('log_type', '=', logType)
    .where('resolved_at', 'is', null)
    .where('outstanding_key', 'is not', null)
    .where('error_type', 'in', errorTypes)
    .where('integration_id', 'in', db.selectFrom('integrated_accounts').select('id').where('org_id', '=', orgId).where('category', '=', category))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
