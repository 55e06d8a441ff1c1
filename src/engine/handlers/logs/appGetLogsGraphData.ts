import { defineSessionHandler, type MsgOf } from '../types.ts';
import { DAY_MS, HOUR_MS, startOfUtcDay, startOfUtcHour } from '../../../shared/timeWindows.ts';
import { hourlyApiActivity, hourlyWebhookActivity } from '../../repositories/logActivity.ts';
import { dailyActivity } from '../../repositories/usage.ts';
import { DEFAULT_LOG_PERIOD_MS } from './appGetLogsDataV2.ts';

type Point = MsgOf<'appGetLogsGraphData'>['series'][number] & { nativeApiCalls: number };
type Period = MsgOf<'appGetLogsGraphData'>['timestamp'];

// The graph above the logs table. Periods over a day sum usage_daily per UTC day (never the logs);
// the last 24 hours, hourly, is one index range of api_logs and of webhook_records each.
export const appGetLogsGraphData = defineSessionHandler('appGetLogsGraphData', async ({ query }, { db, caller, clock }) => {
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
    for (const r of await hourlyApiActivity(db, caller.orgId, filters, now - period, now)) add(r.at, { apiCalls: r.apiCalls, apiCallErrors: r.apiCallErrors, nativeApiCalls: r.nativeApiCalls });
    for (const r of await hourlyWebhookActivity(db, caller.orgId, filters, now - period, now)) add(r.at, { webhooks: r.webhooks, webhookErrors: r.webhookErrors, nativeApiCalls: r.nativeApiCalls });
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
