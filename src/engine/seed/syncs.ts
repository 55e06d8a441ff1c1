import { nativeBasePath, subcategoriesOf } from './catalogModel.ts';
import type { DemoAccount, DemoContext } from './context.ts';
import { categorySyncOnApi } from './demoOrg.ts';
import type { SubcategorySpec } from './modelsPeople.ts';
import { SYNC_FREQUENCY_HOURS } from '../../shared/constants.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/timeWindows.ts';
import type { ScalePlan } from './scale.ts';
import type { SeedRow } from './loadPlan.ts';

/*
 * Sync jobs, their runs, and what each run sent: every event of a run is one sync record (the
 * syncs screens) and one webhook record (the webhook logs), grouped by iteration into webhook
 * logs, with the native calls that built it. Run counters, webhook-log native counts and
 * usage_daily are summed from those rows as they are made, so they always agree.
 */

export interface ConnectorJob {
  account: DemoAccount;
  connectorId: string;
  connectorName: string;
}

const UNIT_MS = { minutes: MINUTE_MS, hours: HOUR_MS, days: DAY_MS } as const;
const RUN_WEIGHT = { STANDARD: 1, MEDIUM: 1.6, HIGH: 2.4, custom: 2 } as const;
/**
 * The busiest job runs on its schedule, one run per period, and takes this share of the run
 * budget (at least MIN_BUSY_RUNS): its history is pages deep in every demo (the job page's paging)
 * and thousands of runs deep at the benchmark's million rows (the deep sync-runs page).
 */
const BUSY_RUN_SHARE = 0.05;
const MIN_BUSY_RUNS = 40;
const WEBHOOK_STATUS: Record<number, string> = {
  200: 'OK', 202: 'Accepted', 404: 'Not Found', 410: 'Gone', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};
const WEBHOOK_ISSUE: Record<number, [string, string]> = {
  404: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'Webhook URL answered 404 Not Found'],
  410: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'Webhook URL answered 410 Gone'],
  500: ['WEBHOOK_DELIVERY_FAILED', 'Webhook URL answered 500 Internal Server Error after all retries'],
  502: ['WEBHOOK_DELIVERY_FAILED', 'Webhook URL answered 502 Bad Gateway after all retries'],
  503: ['WEBHOOK_DELIVERY_FAILED', 'Webhook URL answered 503 Service Unavailable after all retries'],
  504: ['WEBHOOK_TIMEOUT', 'Webhook URL did not answer within 30 seconds'],
};

const frequencyMs = (a: DemoAccount): number =>
  a.frequency === 'custom' ? (a.frequencyRate ?? 1) * UNIT_MS[a.frequencyUnit ?? 'hours'] : SYNC_FREQUENCY_HOURS[a.frequency] * HOUR_MS;

/** Resource name of a sync type in an app's native API (employee -> employees). */
const resourceOf = (sub: string): string => {
  const last = sub.includes('_') ? sub.slice(sub.indexOf('_') + 1) : `${sub}s`;
  return last.replace(/([A-Z])/g, (c) => `-${c.toLowerCase()}`);
};

interface Job {
  id: string;
  account: DemoAccount;
  sub: SubcategorySpec;
  connector: ConnectorJob | null;
  createdAt: number;
  status: 'active' | 'paused' | 'stopped';
  weight: number;
}

function planJobs(ctx: DemoContext, connectorJobs: ConnectorJob[]): Job[] {
  const jobs: Job[] = [];
  const add = (account: DemoAccount, subValue: string, connector: ConnectorJob | null) => {
    const sub = subcategoriesOf(account.category).find((s) => s.value === subValue);
    if (!sub) return;
    const status = account.activeUntil < ctx.now ? 'stopped' : account.syncPaused ? 'paused' : 'active';
    const createdAt = account.createdAt + ctx.rng.int(5, 120) * MINUTE_MS;
    const span = Math.max(account.activeUntil - createdAt, HOUR_MS) / Math.max(ctx.now - ctx.windowStart, HOUR_MS);
    jobs.push({ id: ctx.rng.id('job'), account, sub, connector, createdAt, status, weight: RUN_WEIGHT[account.frequency] * span });
  };
  for (const a of ctx.accounts) {
    if (!a.syncEnabled || a.state === 'Email sent' || a.state === 'Under validation') continue;
    for (const s of a.subscribed) add(a, s.subCategory, null);
  }
  for (const c of connectorJobs) add(c.account, c.account.subscribed[0]?.subCategory ?? '', c);
  return jobs;
}

/**
 * The scheduled job whose life holds the most periods (the shortest interval, the oldest job on a
 * tie): the one that runs on its schedule, and how many runs that makes. undefined when no job is
 * scheduled.
 */
function planBusyJob(ctx: DemoContext, jobs: Job[], totalRuns: number): { job: Job; runs: number } | undefined {
  let best: { job: Job; periods: number } | undefined;
  for (const job of jobs) {
    if (job.status !== 'active' || job.connector || categorySyncOnApi(job.account.category)) continue;
    const periods = Math.floor((ctx.now - job.createdAt) / frequencyMs(job.account));
    if (!best || periods > best.periods) best = { job, periods };
  }
  if (!best) return undefined;
  return { job: best.job, runs: Math.min(best.periods, Math.max(MIN_BUSY_RUNS, Math.round(totalRuns * BUSY_RUN_SHARE))) };
}

export async function generateSyncs(ctx: DemoContext, plan: ScalePlan, connectorJobs: ConnectorJob[]): Promise<void> {
  const jobs = planJobs(ctx, connectorJobs);
  // At least a few runs per job so every run history has something to page through.
  const totalRuns = Math.max(jobs.length * 3, Math.round(plan.webhookLogs / 1.6));
  const busy = planBusyJob(ctx, jobs, totalRuns);
  // The other jobs share what the busy one leaves, so the demo's volume stays what the scale says.
  const others = busy ? jobs.filter((j) => j !== busy.job) : jobs;
  const shared = totalRuns - (busy?.runs ?? 0);
  const weightSum = others.reduce((s, j) => s + j.weight, 0) || 1;
  for (const job of jobs) {
    if (job === busy?.job) generateJob(ctx, job, busy.runs, frequencyMs(job.account));
    else generateJob(ctx, job, Math.max(1, Math.round((shared * job.weight) / weightSum)));
    await ctx.loader.maybeFlush();
  }
}

/**
 * One job's runs, newest first. Without `interval` the runs are spread over the job's life,
 * denser recently; with it they follow the schedule, one per interval back from the job's end,
 * and the first (initial) sync is a full load of a few dozen records.
 */
function generateJob(ctx: DemoContext, job: Job, runCount: number, interval?: number): void {
  const { rng, now, loader, orgId, usage } = ctx;
  const a = job.account;
  const end = a.activeUntil;
  const span = Math.max(end - job.createdAt, HOUR_MS);
  const modelNames = new Map(job.sub.models.map((m) => [m.id, m.name]));
  const subscribed = a.subscribed.find((s) => s.subCategory === job.sub.value)?.syncModels ?? [];
  const models = JSON.stringify(subscribed.map((id) => ({ label: modelNames.get(id) ?? id, value: id })));
  const webhookPath = ctx.webhookPaths[a.category] ?? '/webhook';
  const nativePath = `${nativeBasePath(a.app.id)}/${resourceOf(job.sub.value)}`;
  let lastSynced: number | null = null;
  const runRows: SeedRow<'sync_runs'>[] = [];
  // Where in its period a scheduled job starts (the same minute every period, give or take seconds).
  const phase = interval === undefined ? 0 : rng.int(1, Math.max(1, Math.floor(interval / MINUTE_MS) - 1)) * MINUTE_MS;

  for (let i = 0; i < runCount; i++) {
    const age = ((i + rng.next()) / runCount) ** 2;
    const scheduledAt = interval === undefined
      ? end - Math.floor(age * span) - rng.int(1, 30) * MINUTE_MS
      : end - phase - i * interval + rng.int(0, 59) * 1000;
    let started = Math.max(job.createdAt, scheduledAt);
    // A run finishes well within its period.
    const duration = rng.int(20, interval === undefined ? 1200 : Math.min(1200, Math.floor(interval / 2_000))) * 1000;
    const initial = i === runCount - 1;
    const fullLoad = initial && interval !== undefined;
    const syncType = initial ? 'initial_sync' : rng.chance(0.08) ? 'manual_sync' : 'delta_sync';
    let status: string;
    const latestLive = i === 0 && job.status === 'active';
    const roll = rng.next();
    if (latestLive && roll < 0.05) {
      status = 'running';
      started = now - rng.int(1, 15) * MINUTE_MS;
    } else if (latestLive && roll < 0.07) {
      status = 'queued';
      started = now - rng.int(5, 90) * 1000;
    } else if (a.errorSince !== null && started > a.errorSince) {
      status = rng.chance(0.6) ? 'failed' : 'completed';
    } else {
      status = rng.weighted([['completed', 91], ['failed', 5], ['cancelled', 4]] as const);
    }
    const completedAt = status === 'running' || status === 'queued' ? null : Math.min(started + duration, now);
    if (completedAt !== null && status === 'completed' && (lastSynced === null || completedAt > lastSynced)) lastSynced = completedAt;

    const runId = rng.id('run');
    let triggered = 0;
    let consumed = 0;
    const iterations = status === 'queued' ? 0 : fullLoad ? 3 : status === 'failed' ? 1 : initial ? rng.int(2, 3) : rng.int(1, 2);
    for (let k = 0; k < iterations; k++) {
      const iterationId = rng.id('itr');
      const itTs = started + Math.floor((k * (completedAt === null ? now - started : duration)) / Math.max(iterations, 1));
      const records = fullLoad ? rng.int(8, 12) : initial ? rng.int(2, 5) : rng.int(1, 3);
      let iterationNatives = 0;
      for (let r = 0; r < records; r++) {
        const recTs = Math.min(itTs + r * rng.int(100, 2000), now);
        const dispatch = status === 'running' && k === iterations - 1 && rng.chance(0.5) ? 'pending'
          : status === 'failed' ? rng.weighted([['dispatched', 50], ['failed', 40], ['stale', 10]] as const)
          : rng.weighted([['dispatched', 93], ['failed', 3], ['stale', 4]] as const);
        const code = dispatch === 'dispatched' ? (rng.chance(0.95) ? 200 : 202)
          : dispatch === 'failed' ? rng.weighted([[500, 3], [502, 2], [503, 2], [504, 2], [404, 1], [410, 1]] as const) : null;
        const retries = dispatch === 'failed' ? rng.int(3, 5) : dispatch === 'dispatched' ? (rng.chance(0.9) ? 0 : rng.int(1, 2)) : dispatch === 'pending' ? rng.int(0, 1) : 0;
        const natives = initial ? rng.int(1, 3) : rng.int(0, 2);
        const recordId = rng.id('rec');
        const traceId = rng.id('trc');
        for (let n = 0; n < natives; n++) {
          const throttled = rng.chance(0.03);
          loader.add('native_calls', [orgId, null, recordId, traceId, recTs - (natives - n) * 350, 'GET', nativePath,
            throttled ? 429 : 200, throttled ? 'Too Many Requests' : 'OK', a.app.id, a.app.label, rng.int(60, 900)]);
        }
        iterationNatives += natives;
        loader.add('webhook_records', [orgId, runId, iterationId, recordId, traceId, recTs, retries, natives, webhookPath, code,
          code === null ? null : WEBHOOK_STATUS[code], dispatch]);
        const isConsumed = dispatch === 'dispatched';
        const eventType = initial ? 'record.new' : rng.weighted([['record.new', 25], ['record.modified', 65], ['record.deleted', 10]] as const);
        loader.add('sync_records', [runId, job.id, orgId, rng.id('aud'), eventType, recTs, isConsumed ? recTs + rng.int(40, 3000) : null, models]);
        triggered++;
        if (isConsumed) consumed++;
        usage.add(a.idx, recTs, 'native_api_calls', natives);
        if (dispatch === 'dispatched' || dispatch === 'failed') usage.add(a.idx, recTs, 'events_emitted');
        if (isConsumed) usage.add(a.idx, recTs, 'events_consumed');
        if (dispatch === 'failed' || dispatch === 'stale') {
          usage.add(a.idx, recTs, 'webhook_errors');
          const [type, message] = code !== null ? WEBHOOK_ISSUE[code] : ['WEBHOOK_NOT_DISPATCHED', 'Event went stale before it could be dispatched'];
          ctx.issues.add(a.idx, 'webhook', type, code ?? 0, message, recTs, null);
        }
      }
      loader.add('webhook_logs', [orgId, itTs, a.customer.originOrgId, a.customer.name, a.id, a.app.id, a.app.label, a.category,
        job.sub.value, job.sub.label, runId, iterationId, job.id, iterationNatives, webhookPath]);
    }
    const processed = status === 'queued' ? 0 : triggered + rng.int(0, triggered * 40 + 20);
    if (started >= ctx.termStart) ctx.syncCreditsInTerm += processed;
    runRows.push([runId, job.id, orgId, a.id, started, completedAt, triggered, consumed, processed, status, syncType]);
  }

  const freq = frequencyMs(a);
  const scheduled = job.status === 'active' && !categorySyncOnApi(a.category);
  const nextRun = scheduled ? Math.max((lastSynced ?? now) + freq, now + rng.int(1, 60) * MINUTE_MS) : null;
  loader.add('sync_jobs', [job.id, orgId, a.id, a.customer.originOrgId, a.customer.name, job.connector?.connectorName ?? a.app.label,
    a.app.id, a.app.label, a.category, job.sub.value, job.sub.label, job.connector?.connectorId ?? null, job.status, a.frequency,
    a.frequencyRate, a.frequencyUnit, lastSynced, nextRun, null, null, job.createdAt, lastSynced ?? job.createdAt]);
  for (const row of runRows) loader.add('sync_runs', row);
}

export const SYNC_TABLES = {
  sync_jobs: ['id', 'org_id', 'integration_id', 'origin_org_id', 'origin_org_name', 'integration_name', 'app_id', 'app_label', 'category',
    'sync_data_type', 'sync_data_type_label', 'connector_id', 'status', 'sync_frequency', 'frequency_rate', 'frequency_unit',
    'last_synced_at', 'next_run_at', 'locked_until', 'locked_by', 'created_at', 'updated_at'],
  sync_runs: ['id', 'job_id', 'org_id', 'integration_id', 'started_at', 'completed_at', 'events_triggered', 'events_consumed',
    'events_processed', 'sync_status', 'sync_type'],
  sync_records: ['run_id', 'job_id', 'org_id', 'audit_id', 'event_type', 'dispatched_at', 'consumed_at', 'models_json'],
  webhook_logs: ['org_id', 'ts', 'origin_org_id', 'origin_org_name', 'integration_id', 'app_id', 'app_label', 'category',
    'sync_data_type', 'sync_data_type_label', 'sync_run_id', 'sync_iteration_id', 'sync_job_id', 'native_api_call_count', 'path'],
  webhook_records: ['org_id', 'sync_run_id', 'sync_iteration_id', 'record_id', 'trace_id', 'request_ts', 'retry_call_count',
    'native_api_call_count', 'path', 'status_code', 'status_message', 'dispatch_status'],
} as const;

export const NATIVE_CALL_COLUMNS = ['org_id', 'execution_id', 'record_id', 'trace_id', 'ts', 'method', 'path', 'status_code',
  'status_message', 'app_id', 'app_label', 'duration_ms'] as const;
