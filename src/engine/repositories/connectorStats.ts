import { type Kysely, sql, type Transaction } from 'kysely';
import type { components } from '../../generated/api/ai.ts';
import type { Database } from '../db/schema.ts';
import { DAY_MS, startOfUtcDay } from '../../shared/timeWindows.ts';

// Usage of one connector for its details page. Accounts are counted on the
// (org_id, connector_id, ...) index; API calls and webhook events are summed from usage_daily
// over the connector's accounts (never from log rows); sync runs are those of its sync jobs.
type Db = Kysely<Database> | Transaction<Database>;
type ConnectorStats = components['schemas']['ConnectorSummary']['stats'];

const STATS_DAYS = 30;

export async function connectorStats(db: Db, orgId: string, connectorId: string, now: number): Promise<ConnectorStats> {
  const fromDay = startOfUtcDay(now - STATS_DAYS * DAY_MS);
  const accountsOfConnector = db.selectFrom('integrated_accounts').select('id').where('org_id', '=', orgId).where('connector_id', '=', connectorId);
  const [accounts, usage, runs] = await Promise.all([
    db.selectFrom('integrated_accounts')
      .select([sql<number>`count(*)`.as('total'), sql<number>`coalesce(sum(case when integration_state = 'Success' then 1 else 0 end), 0)`.as('active')])
      .where('org_id', '=', orgId).where('connector_id', '=', connectorId).executeTakeFirst(),
    db.selectFrom('usage_daily')
      .select([sql<number>`coalesce(sum(api_calls), 0)`.as('apiCalls'), sql<number>`coalesce(sum(events_emitted), 0)`.as('webhooks')])
      .where('org_id', '=', orgId).where('day', '>=', fromDay).where('integration_id', 'in', accountsOfConnector).executeTakeFirst(),
    db.selectFrom('sync_runs').innerJoin('sync_jobs', 'sync_jobs.id', 'sync_runs.job_id')
      .select([sql<number>`count(*)`.as('total'), sql<number>`coalesce(sum(case when sync_runs.sync_status = 'failed' then 1 else 0 end), 0)`.as('failed')])
      .where('sync_jobs.connector_id', '=', connectorId).where('sync_jobs.org_id', '=', orgId)
      .where('sync_runs.started_at', '>=', now - STATS_DAYS * DAY_MS).executeTakeFirst(),
  ]);
  return {
    integrationCount: Number(accounts?.total ?? 0),
    activeIntegrationCount: Number(accounts?.active ?? 0),
    apiCalls: Number(usage?.apiCalls ?? 0),
    syncRuns: Number(runs?.total ?? 0),
    failedSyncRuns: Number(runs?.failed ?? 0),
    webhooks: Number(usage?.webhooks ?? 0),
  };
}
