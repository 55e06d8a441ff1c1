import type { DemoContext } from './context.ts';
import { IssueCollector, USAGE_FIELDS } from './context.ts';
import { HOUR_MS, MINUTE_MS } from '../../shared/timeWindows.ts';
import { issueData } from '../../shared/issueTypes.ts';

/*
 * What is derived from the generated logs: issues (failing calls grouped per account, error type
 * and fortnight), the usage_daily counters the overview screens sum, and the organisation's usage
 * in its current billing term. Written after the logs, from counters filled while making them.
 */

export const ISSUE_COLUMNS = ['org_id', 'date', 'error_type', 'log_type', 'error_data_str', 'error_message', 'origin_org_id', 'organization',
  'app_id', 'app_label', 'integration_id', 'execution_id', 'resolved_at', 'issue_calls'] as const;

export const USAGE_COLUMNS = ['org_id', 'origin_org_id', 'integration_id', 'day', ...USAGE_FIELDS] as const;

export function writeIssues(ctx: DemoContext): void {
  const { rng, now, orgId } = ctx;
  for (const g of ctx.issues.groups.values()) {
    const a = ctx.accounts[g.account];
    const recent = now - g.lastTs < IssueCollector.WINDOW_MS;
    // The broken credentials of an Error account stay outstanding; ended accounts' issues are closed.
    const outstanding = a.activeUntil >= now && recent && ((a.state === 'Error' && g.logType === 'api') || rng.chance(0.5));
    const resolvedAt = outstanding ? null : Math.min(now - MINUTE_MS, g.lastTs + rng.int(2, 72) * HOUR_MS);
    const data = issueData(g.errorType, g.message, g.statusCode, g.firstTs);
    ctx.loader.add('issues', [orgId, g.lastTs, g.errorType, g.logType, data, g.message, a.customer.originOrgId, a.customer.name,
      a.app.id, a.app.label, a.id, g.executionId, resolvedAt, g.calls]);
    ctx.usage.add(a.idx, g.lastTs, 'issues');
  }
}

export function writeUsageDaily(ctx: DemoContext): void {
  for (const [account, day, values] of ctx.usage.cells(ctx.accounts.length)) {
    const a = ctx.accounts[account];
    ctx.loader.add('usage_daily', [ctx.orgId, a.customer.originOrgId, a.id, day, ...values]);
  }
}

/** The organisation's usage in its current term (orgMetaData.usage and parameterOrgUsageDetails). */
export async function updateOrgUsage(ctx: DemoContext): Promise<void> {
  const { usage, termStart, now } = ctx;
  const connected = ctx.accounts.filter((a) => a.state === 'Success' || a.state === 'Error');
  const details = {
    connectedAccounts: connected.length,
    apiCalls: usage.total('api_calls', termStart, now),
    webhooks: usage.total('events_emitted', termStart, now),
    syncCredits: ctx.syncCreditsInTerm,
    nativeApiCalls: usage.total('native_api_calls', termStart, now),
    connectedApps: new Set(connected.map((a) => a.app.id)).size,
  };
  await ctx.db.updateTable('organisations')
    .set({ usage: details.syncCredits, usage_details_json: JSON.stringify(details), updated_at: now })
    .where('id', '=', ctx.orgId)
    .execute();
}
