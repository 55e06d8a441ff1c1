import { type Kysely, sql } from 'kysely';
import type { Database, NewRow } from '../db/schema.ts';

// Writes one unified API call to the logs the dashboard reads, in one transaction of inserts and
// upserts and no read: its api_logs row, its native calls, their bodies, the day's usage counters
// of its account (usage_daily: the home cards and totals, kept further by triggers) and, when the
// call failed at the app, the account's outstanding issue of that type (opened, or one more call
// added to it, by its unique outstanding_key: migration 20261201090000).

export interface OutstandingIssue {
  org_id: string;
  date: number;
  error_type: string;
  log_type: 'api';
  error_data_str: string;
  error_message: string;
  origin_org_id: string;
  organization: string;
  app_id: string;
  app_label: string;
  integration_id: string;
  execution_id: string;
  /** Failing calls this call adds (at least 1). */
  issue_calls: number;
  /** `api:<errorType>:<integrationId>`: the one outstanding issue of the kind (migration 20261201090000). */
  outstanding_key: string;
}

export interface UsageIncrement {
  org_id: string;
  origin_org_id: string;
  integration_id: string;
  /** UTC midnight in ms. */
  day: number;
  api_calls: number;
  native_api_calls: number;
  api_call_errors: number;
}

export interface UnifiedCallRows {
  apiLog: NewRow<'api_logs'>;
  nativeCalls: NewRow<'native_calls'>[];
  bodies: NewRow<'api_log_bodies'>[];
  usage: UsageIncrement;
  issue?: OutstandingIssue;
}

export async function writeUnifiedCallRows(db: Kysely<Database>, rows: UnifiedCallRows): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('api_logs').values(rows.apiLog).execute();
    if (rows.nativeCalls.length > 0) await trx.insertInto('native_calls').values(rows.nativeCalls).execute();
    if (rows.bodies.length > 0) await trx.insertInto('api_log_bodies').values(rows.bodies).execute();
    let opened = 0;
    if (rows.issue) {
      const added = rows.issue.issue_calls;
      const issue = await trx.insertInto('issues').values({ ...rows.issue, resolved_at: null })
        .onConflict((oc) => oc.column('outstanding_key')
          .doUpdateSet((eb) => ({
            date: eb.ref('excluded.date'),
            error_message: eb.ref('excluded.error_message'),
            execution_id: eb.ref('excluded.execution_id'),
            issue_calls: eb('issues.issue_calls', '+', eb.ref('excluded.issue_calls')),
          })))
        .returning('issue_calls')
        .executeTakeFirstOrThrow();
      // Only the insert leaves exactly this call's count: an existing issue had at least one before.
      opened = Number(issue.issue_calls) === added ? 1 : 0;
    }
    await trx.insertInto('usage_daily').values({ ...rows.usage, issues: opened })
      .onConflict((oc) => oc.columns(['org_id', 'day', 'origin_org_id', 'integration_id']).doUpdateSet((eb) => ({
        api_calls: eb('usage_daily.api_calls', '+', eb.ref('excluded.api_calls')),
        native_api_calls: eb('usage_daily.native_api_calls', '+', eb.ref('excluded.native_api_calls')),
        api_call_errors: eb('usage_daily.api_call_errors', '+', eb.ref('excluded.api_call_errors')),
        issues: eb('usage_daily.issues', '+', eb.ref('excluded.issues')),
      })))
      .execute();
  });
}

/** Native calls and issues the unified API calls on these accounts made since `since` (the demo traffic's report). */
export async function unifiedActivitySince(db: Kysely<Database>, orgId: string, integrationIds: string[], since: number): Promise<{ nativeCalls: number; issues: number }> {
  if (integrationIds.length === 0) return { nativeCalls: 0, issues: 0 };
  const natives = await db.selectFrom('api_logs').select(sql<number>`coalesce(sum(native_api_call_count), 0)`.as('n'))
    .where('org_id', '=', orgId).where('request_ts', '>=', since).where('integration_id', 'in', integrationIds).executeTakeFirst();
  const issues = await db.selectFrom('issues').select(sql<number>`count(*)`.as('n'))
    .where('org_id', '=', orgId).where('date', '>=', since).where('integration_id', 'in', integrationIds).executeTakeFirst();
  return { nativeCalls: Number(natives?.n ?? 0), issues: Number(issues?.n ?? 0) };
}
