import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HOUR_MS } from '../../shared/timeWindows.ts';

// Hourly activity for the logs graph of the last 24 hours: one index range of api_logs and of
// webhook_records each, grouped per hour in SQL. Longer periods sum usage_daily instead
// (repositories/usage.ts dailyActivity), never the logs.
type Db = Kysely<Database> | Transaction<Database>;
interface ActivityFilters { category?: string; originOrgId?: string }

/** API calls, failed calls (status above 299) and their native calls per hour of [from, to]. */
export async function hourlyApiActivity(db: Db, orgId: string, filters: ActivityFilters, from: number, to: number) {
  const bucket = sql<number>`(request_ts / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}`;
  const rows = await db.selectFrom('api_logs')
    .select([bucket.as('at'), sql<number>`count(*)`.as('apiCalls'), sql<number>`sum(case when status_code > 299 then 1 else 0 end)`.as('apiCallErrors'),
      sql<number>`sum(native_api_call_count)`.as('nativeApiCalls')])
    .where('org_id', '=', orgId)
    .$if(filters.originOrgId !== undefined, (q) => q.where('origin_org_id', '=', filters.originOrgId!))
    .$if(filters.category !== undefined, (q) => q.where('category', '=', filters.category!))
    .where('request_ts', '>=', from).where('request_ts', '<=', to)
    .groupBy(bucket).execute();
  return rows.map((r) => ({ at: Number(r.at), apiCalls: Number(r.apiCalls ?? 0), apiCallErrors: Number(r.apiCallErrors ?? 0), nativeApiCalls: Number(r.nativeApiCalls ?? 0) }));
}

/** Webhook records, failed or stale ones and their native calls per hour of [from, to]. */
export async function hourlyWebhookActivity(db: Db, orgId: string, filters: ActivityFilters, from: number, to: number) {
  const bucket = sql<number>`(r.request_ts / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}`;
  const rows = await db.selectFrom('webhook_records as r')
    .select([bucket.as('at'), sql<number>`count(*)`.as('webhooks'),
      sql<number>`sum(case when r.dispatch_status in ('failed', 'stale') then 1 else 0 end)`.as('webhookErrors'),
      sql<number>`sum(r.native_api_call_count)`.as('nativeApiCalls')])
    .where('r.org_id', '=', orgId)
    .where('r.request_ts', '>=', from).where('r.request_ts', '<=', to)
    // The account behind the run says which end customer and category a record belongs to.
    .$if(filters.originOrgId !== undefined || filters.category !== undefined, (q) => q.where(({ exists, selectFrom }) => exists(
      selectFrom('sync_runs as s').innerJoin('integrated_accounts as a', 'a.id', 's.integration_id').select('s.id')
        .whereRef('s.id', '=', 'r.sync_run_id')
        .$if(filters.originOrgId !== undefined, (w) => w.where('a.origin_org_id', '=', filters.originOrgId!))
        .$if(filters.category !== undefined, (w) => w.where('a.category', '=', filters.category!)),
    )))
    .groupBy(bucket).execute();
  return rows.map((r) => ({ at: Number(r.at), webhooks: Number(r.webhooks ?? 0), webhookErrors: Number(r.webhookErrors ?? 0), nativeApiCalls: Number(r.nativeApiCalls ?? 0) }));
}
