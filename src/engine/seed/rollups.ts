import type { DemoContext } from './context.ts';
import { IssueCollector, USAGE_FIELDS } from './context.ts';
import { HOUR_MS, MINUTE_MS } from '../../shared/timeWindows.ts';

/*
 * What is derived from the generated logs: issues (failing calls grouped per account, error type
 * and fortnight), the usage_daily counters the overview screens sum, and the organisation's usage
 * in its current billing term. Written after the logs, from counters filled while making them.
 */

const ERROR_CODES: Record<string, [code: string, resolution: string]> = {
  VALIDATION_ERROR: ['E001', 'Check the request body and query against the API reference.'],
  AUTH_ERROR: ['E002', 'Ask the end user to reconnect the app with valid credentials (Reintegrate magic link).'],
  PERMISSION_DENIED: ['E003', 'Ask the end user to grant the integration user read access to the requested data.'],
  NOT_FOUND: ['E004', 'The record was deleted in the app or the id is wrong; refresh your copy.'],
  RATE_LIMITED: ['E005', "Calls are retried with backoff; lower the call rate or the account's sync frequency."],
  APP_ERROR: ['E006', 'The app had an outage; calls are retried automatically.'],
  WEBHOOK_DELIVERY_FAILED: ['W001', 'Make sure the webhook URL answers 200 to POST requests.'],
  WEBHOOK_TIMEOUT: ['W002', 'Answer the webhook within 30 seconds and process the event asynchronously.'],
  WEBHOOK_ENDPOINT_NOT_FOUND: ['W003', 'Update the webhook URL on the API Keys & Webhooks page.'],
  WEBHOOK_NOT_DISPATCHED: ['W004', 'Events are kept for 24 hours; restore the webhook and restart the sync.'],
};

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
    const [code, resolution] = ERROR_CODES[g.errorType] ?? ['E000', 'Contact support with the execution id.'];
    const data = JSON.stringify({ code, description: g.message, resolution, statusCode: g.statusCode || null, firstSeenAt: g.firstTs });
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
