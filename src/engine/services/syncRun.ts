import { setTimeout as sleep } from 'node:timers/promises';
import { ID_PREFIX, newId } from '../db/ids.ts';
import { ApiFailure } from '../errors.ts';
import type { EngineServices } from '../handlers/types.ts';
import { modelsOfCategory } from '../repositories/catalog.ts';
import { raiseIssue } from '../repositories/outstandingIssues.ts';
import { parseSubscribed } from '../repositories/subscribedModels.ts';
import { parkJob, releaseJob, releaseJobAfterRun, renewJobLease, stopJob, type ClaimedJob } from '../repositories/syncJobClaims.ts';
import { accountToSync, finishRun, hasSnapshot, insertRunLogRows, readSnapshot, recordRunProgress, startRun, updateSnapshot } from '../repositories/syncRunWrites.ts';
import { frequencyMs } from '../repositories/syncs.ts';
import { addDailyUsage, spendSyncCredits } from '../repositories/usage.ts';
import { enqueueAccount, insertOutboxRows } from '../repositories/webhookOutbox.ts';
import { savedWebhookUrl } from '../repositories/webhooks.ts';
import { isInactiveState } from '../../shared/integrationStates.ts';
import { issueData } from '../../shared/issueTypes.ts';
import { startOfUtcDay } from '../../shared/timeWindows.ts';
import { holdLease, type HeldLease } from './leaseRenewal.ts';
import { diffRecords, isChanged, type PulledRecord } from './syncDiff.ts';
import { contentHashOf, eventDataOf, syncModelOf, syncShapeOf, type SyncShape } from './syncEvents.ts';
import { completedRunRows } from './syncRunRows.ts';
import type { RecordedNativeCall, UnifiedCall } from './unifiedCalls.ts';
import { readUnifiedPage } from './unifiedReads.ts';
import type { UnifiedModelId } from './unifiedModels.ts';

/*
 * One run of a claimed sync job: the job's records are read from its account's app page by page
 * through the unified reads (the same mapped records the unified API answers, the account's
 * custom fields included), made into the events of the models the account subscribes to, and
 * compared with the job's snapshot. The run's result is written in one transaction: the run and
 * its counts, its records' sync records, webhook logs and records, native calls and outbox rows,
 * the snapshot, the account's usage and the organisation's sync credits, and the job's next run.
 * A run that fails writes the failure (and the account's issue when the app caused it) instead; a
 * run stopped by shutdown is cancelled and the job stays due. While it runs the worker holds the
 * job by a lease it renews (services/leaseRenewal.ts); a run whose lease was lost stops at its next
 * page, and its transaction commits only if the worker still holds the job.
 */
const PAGE_SIZE = 100;
/** Waits after an app's 429 before trying the page again (Retry-After may ask for more). */
const RATE_LIMIT_WAITS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000];

export type RunStatus = 'completed' | 'failed' | 'cancelled' | 'skipped';

export interface RunResult {
  status: RunStatus;
  runId?: string;
  changes: number;
}

/** The run had to stop: the worker is shutting down or no longer holds the job. */
class RunStopped extends Error {}
/** The job cannot be synced as it is (its sync type has no unified model). */
class JobNotSyncable extends Error {}


export async function runClaimedJob(services: EngineServices, job: ClaimedJob, workerId: string, signal?: AbortSignal): Promise<RunResult> {
  const { db, clock, config } = services;
  const lease = holdLease(config.workerLeaseMs, () => renewJobLease(db, job.id, workerId, clock.now() + config.workerLeaseMs));
  try {
    return await runHeldJob(services, { job, workerId, signal, lease });
  } finally {
    lease.stop();
  }
}

interface RunContext { job: ClaimedJob; workerId: string; signal?: AbortSignal; lease: HeldLease }

async function runHeldJob(services: EngineServices, ctx: RunContext): Promise<RunResult> {
  const { db, clock } = services;
  const { job, workerId } = ctx;
  const account = await accountToSync(db, job.integration_id);
  if (!account || isInactiveState(account.integration_state)) {
    await stopJob(db, job.id, clock.now());
    return { status: 'skipped', changes: 0 };
  }
  if (account.sync_paused === 1) {
    await releaseJob(db, job.id, workerId);
    return { status: 'skipped', changes: 0 };
  }
  // An account without credentials was never connected (the seeded demo's accounts): there is
  // nothing to run until it is (Syncs haven't been started properly: restart syncs then).
  if (!account.connected) {
    await parkJob(db, job.id, workerId, clock.now());
    return { status: 'skipped', changes: 0 };
  }

  const runId = newId(ID_PREFIX.syncRun);
  const startedAt = clock.now();
  const syncType = (await hasSnapshot(db, job.id)) ? 'delta_sync' : 'initial_sync';
  await startRun(db, { id: runId, jobId: job.id, orgId: job.org_id, integrationId: job.integration_id, syncType, startedAt });
  const call: UnifiedCall = {
    executionId: newId(ID_PREFIX.execution), startedAt,
    account: {
      integrationId: account.id, orgId: account.org_id, originOrgId: account.origin_org_id, originOrgName: account.origin_org_name,
      appId: account.app_id, appLabel: account.app_label, category: account.category, syncPaused: false,
    },
    nativeCalls: [],
  };
  const modelId = syncModelOf(job.category, job.sync_data_type);
  try {
    if (!modelId) throw new JobNotSyncable(`No unified model reads ${job.sync_data_type_label} (${job.sync_data_type}) yet, so this job has nothing to sync`);
    const shape = syncShapeOf(await modelsOfCategory(db, job.category), job.sync_data_type, parseSubscribed(account.subscribed_models_json));
    const snapshot = await readSnapshot(db, job.id);
    const pulled = await pullRecords(services, call, modelId, shape, snapshot, { ...ctx, runId });
    const changes = diffRecords(pulled.records, snapshot);
    const now = clock.now();
    const webhookPath = pathOf(await savedWebhookUrl(db, job.org_id, job.category));
    const rows = completedRunRows({ job, runId, syncType, shape, changes, pageCalls: pulled.pageCalls, webhookPath, now });
    await db.transaction().execute(async (trx) => {
      await finishRun(trx, runId, { status: 'completed', completedAt: now, eventsTriggered: changes.length, eventsProcessed: pulled.records.length });
      await insertRunLogRows(trx, rows);
      await insertOutboxRows(trx, rows.outbox);
      if (rows.outbox.length > 0) await enqueueAccount(trx, { integrationId: job.integration_id, orgId: job.org_id, dueAt: now, now });
      await updateSnapshot(trx, job.id, {
        upserts: changes.filter((c) => c.eventType !== 'record.deleted').map((c) => ({ key: c.key, hash: c.hash })),
        deletedKeys: changes.filter((c) => c.eventType === 'record.deleted').map((c) => c.key),
      });
      await countUsage(trx, job, call.nativeCalls.length, now);
      await spendSyncCredits(trx, job.org_id, pulled.records.length, now);
      // Written only while the worker still holds the job: otherwise another run has it and this one is void.
      if (!(await releaseJobAfterRun(trx, { id: job.id, claimedNextRunAt: job.next_run_at }, workerId, { nextRunAt: now + intervalOf(job), syncedAt: now, now }))) {
        throw new RunStopped('the job was claimed by another worker');
      }
    });
    return { status: 'completed', runId, changes: changes.length };
  } catch (error) {
    const now = clock.now();
    if (error instanceof RunStopped) {
      await finishRun(db, runId, { status: 'cancelled', completedAt: now, eventsTriggered: 0, eventsProcessed: 0 });
      await releaseJob(db, job.id, workerId);
      return { status: 'cancelled', runId, changes: 0 };
    }
    await db.transaction().execute(async (trx) => {
      await finishRun(trx, runId, { status: 'failed', completedAt: now, eventsTriggered: 0, eventsProcessed: 0 });
      let opened = false;
      if (call.failure) {
        const { failure } = call;
        opened = await raiseIssue(trx, {
          org_id: job.org_id, date: now, error_type: failure.errorType, log_type: 'api',
          error_data_str: issueData(failure.errorType, failure.message, failure.statusCode, now), error_message: `Sync of ${job.sync_data_type_label} failed: ${failure.message}`,
          origin_org_id: job.origin_org_id, organization: job.origin_org_name, app_id: job.app_id, app_label: job.app_label,
          integration_id: job.integration_id, execution_id: null, issue_calls: Math.max(1, failure.failingCalls),
        });
      }
      await countUsage(trx, job, call.nativeCalls.length, now, opened ? 1 : 0);
      // A failure that waiting does not mend (no unified model for the data type, an account that
      // is not connected or whose credentials the app refused) parks the job: no upcoming sync until
      // a restart, a resume or sync.start, instead of a failed run every period.
      await releaseJobAfterRun(trx, { id: job.id, claimedNextRunAt: job.next_run_at }, workerId, { nextRunAt: waitingMendsNothing(error) ? null : now + intervalOf(job), now });
    });
    // The app's refusals and outages fail the run; anything else is a fault of the engine's own.
    if (!(error instanceof ApiFailure) && !(error instanceof JobNotSyncable)) throw error;
    return { status: 'failed', runId, changes: 0 };
  }
}

const UNMENDED_BY_WAITING = new Set(['ACCOUNT_NOT_CONNECTED', 'ACCOUNT_AUTH_FAILED']);
const waitingMendsNothing = (error: unknown) => error instanceof JobNotSyncable || (error instanceof ApiFailure && UNMENDED_BY_WAITING.has(error.code));

/** The path of the category's webhook URL, as the webhook logs show it (null without a usable one). */
function pathOf(url: string | null): string | null {
  try {
    return url ? new URL(url).pathname : null;
  } catch {
    return null;
  }
}

const intervalOf = (job: ClaimedJob) => frequencyMs(job.sync_frequency, job.frequency_rate, job.frequency_unit);

async function countUsage(db: Parameters<typeof addDailyUsage>[0], job: ClaimedJob, nativeCalls: number, now: number, issues = 0): Promise<void> {
  await addDailyUsage(db, { org_id: job.org_id, origin_org_id: job.origin_org_id, integration_id: job.integration_id, day: startOfUtcDay(now), native_api_calls: nativeCalls, issues });
}

/**
 * Every record of the job's model, page by page, with the native calls each page took. After each
 * page the running run shows how far it got (records read, records found new or changed so far),
 * so the runs screen shows a run in progress.
 */
async function pullRecords(
  services: EngineServices, call: UnifiedCall, modelId: UnifiedModelId, shape: SyncShape, snapshot: ReadonlyMap<string, string>, ctx: RunContext & { runId: string },
) {
  const records: PulledRecord[] = [];
  const pageCalls: RecordedNativeCall[][] = [];
  const changed = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; ; page += 1) {
    if (ctx.signal?.aborted) throw new RunStopped('the worker is stopping');
    if (ctx.lease.lost) throw new RunStopped('the job lease was lost');
    const before = call.nativeCalls.length;
    const result = await readPageWaitingOutRateLimits(services, call, modelId, cursor, ctx.signal);
    pageCalls.push(call.nativeCalls.slice(before));
    for (const record of result.records) {
      const data = eventDataOf(record, shape);
      const pulled: PulledRecord = { key: String(record.id), hash: contentHashOf(data), data, page };
      records.push(pulled);
      if (isChanged(pulled, snapshot)) changed.add(pulled.key);
      else changed.delete(pulled.key);
    }
    if (!result.nextCursor) return { records, pageCalls };
    cursor = result.nextCursor;
    await recordRunProgress(services.db, ctx.runId, { eventsProcessed: records.length, eventsTriggered: changed.size });
  }
}

async function readPageWaitingOutRateLimits(services: EngineServices, call: UnifiedCall, modelId: UnifiedModelId, cursor: string | undefined, signal?: AbortSignal) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await readUnifiedPage(services, call, modelId, { pageSize: PAGE_SIZE, cursor });
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status !== 429 || attempt >= RATE_LIMIT_WAITS_MS.length) throw error;
      // The app will answer again: the rate limit is not the run's failure.
      call.failure = undefined;
      await sleep(Math.max(RATE_LIMIT_WAITS_MS[attempt], (error.extra.retryAfterSeconds ?? 0) * 1000), undefined, { signal }).catch(() => {
        throw new RunStopped('the worker is stopping');
      });
    }
  }
}
