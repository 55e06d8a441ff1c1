import { sql } from 'kysely';
import { defineHandler, type MsgOf } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { DAY_MS, HOUR_MS, startOfUtcDay, startOfUtcHour } from '../../repositories/listPaging.ts';
import { dailyActivity } from '../../repositories/usage.ts';
import { DEFAULT_LOG_PERIOD_MS } from './appGetLogsDataV2.ts';

type Point = MsgOf<'appGetLogsGraphData'>['series'][number] & { nativeApiCalls: number };
type Period = MsgOf<'appGetLogsGraphData'>['timestamp'];

// The graph above the logs table. Periods over a day sum usage_daily per UTC day (never the logs);
// the last 24 hours, hourly, is one index range of api_logs and of webhook_records each.
export const appGetLogsGraphData = defineHandler('appGetLogsGraphData', async ({ query }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const period = (query.timestamp ?? DEFAULT_LOG_PERIOD_MS) as Period;
  const filters = { category: query.category, originOrgId: query.originOrgId };
  const hourly = period <= DAY_MS;
  const width = hourly ? HOUR_MS : DAY_MS;
  const first = hourly ? startOfUtcHour(now - period) : startOfUtcDay(now - period);
  const last = hourly ? startOfUtcHour(now) : startOfUtcDay(now);
  const points = new Map<number, Point>();
  for (let at = first; at <= last; at += width) points.set(at, { at, apiCalls: 0, apiCallErrors: 0, webhooks: 0, webhookErrors: 0, nativeApiCalls: 0 });
  const add = (at: number, values: Partial<Point>) => {
    const p = points.get(at);
    if (!p) return;
    for (const [k, v] of Object.entries(values)) (p as unknown as Record<string, number>)[k] += Number(v ?? 0);
  };

  if (hourly) {
    const bucket = sql<number>`(request_ts / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}`;
    const api = await db.selectFrom('api_logs')
      .select([bucket.as('at'), sql<number>`count(*)`.as('apiCalls'), sql<number>`sum(case when status_code > 299 then 1 else 0 end)`.as('apiCallErrors'),
        sql<number>`sum(native_api_call_count)`.as('nativeApiCalls')])
      .where('org_id', '=', caller.orgId)
      .$if(filters.originOrgId !== undefined, (q) => q.where('origin_org_id', '=', filters.originOrgId!))
      .$if(filters.category !== undefined, (q) => q.where('category', '=', filters.category!))
      .where('request_ts', '>=', now - period).where('request_ts', '<=', now)
      .groupBy(bucket).execute();
    for (const r of api) add(Number(r.at), { apiCalls: r.apiCalls, apiCallErrors: r.apiCallErrors, nativeApiCalls: r.nativeApiCalls });
    const recordBucket = sql<number>`(r.request_ts / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}`;
    const hooks = await db.selectFrom('webhook_records as r')
      .select([recordBucket.as('at'), sql<number>`count(*)`.as('webhooks'),
        sql<number>`sum(case when r.dispatch_status in ('failed', 'stale') then 1 else 0 end)`.as('webhookErrors'),
        sql<number>`sum(r.native_api_call_count)`.as('nativeApiCalls')])
      .where('r.org_id', '=', caller.orgId)
      .where('r.request_ts', '>=', now - period).where('r.request_ts', '<=', now)
      // The account behind the run says which end customer and category a record belongs to.
      .$if(filters.originOrgId !== undefined || filters.category !== undefined, (q) => q.where(({ exists, selectFrom }) => exists(
        selectFrom('sync_runs as s').innerJoin('integrated_accounts as a', 'a.id', 's.integration_id').select('s.id')
          .whereRef('s.id', '=', 'r.sync_run_id')
          .$if(filters.originOrgId !== undefined, (w) => w.where('a.origin_org_id', '=', filters.originOrgId!))
          .$if(filters.category !== undefined, (w) => w.where('a.category', '=', filters.category!)),
      )))
      .groupBy(recordBucket).execute();
    for (const r of hooks) add(Number(r.at), { webhooks: r.webhooks, webhookErrors: r.webhookErrors, nativeApiCalls: r.nativeApiCalls });
  } else {
    for (const d of await dailyActivity(db, caller.orgId, first, filters)) {
      add(d.day, { apiCalls: d.apiCalls, apiCallErrors: d.apiCallErrors, webhooks: d.webhooks, webhookErrors: d.webhookErrors, nativeApiCalls: d.nativeApiCalls });
    }
  }

  const series = [...points.values()];
  const total = (k: keyof Point) => series.reduce((sum, p) => sum + p[k], 0);
  return {
    timestamp: period,
    bucket: hourly ? ('hour' as const) : ('day' as const),
    totals: {
      apiCalls: total('apiCalls'),
      apiCallErrors: total('apiCallErrors'),
      webhooks: total('webhooks'),
      webhookErrors: total('webhookErrors'),
      nativeApiCalls: total('nativeApiCalls'),
    },
    series: series.map(({ nativeApiCalls: _native, ...point }) => point),
  };
});
