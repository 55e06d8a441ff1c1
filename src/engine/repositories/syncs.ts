import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MsgOf } from '../contractTypes.ts';
import { SYNC_FREQUENCY_HOURS } from '../../shared/constants.ts';
import { INACTIVE_STATES } from '../../shared/integrationStates.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/timeWindows.ts';

// Sync jobs, runs and records as the syncs screens read them, and the account-level changes the
// account actions make to an account's jobs (pause, restart, frequency, stop).
type Db = Kysely<Database> | Transaction<Database>;
type SyncJobRow = MsgOf<'appDashboardSyncJobs'>['items'][number];
type SyncRunRow = MsgOf<'appDashboardSyncRuns'>['items'][number];
type SyncRecordRow = MsgOf<'appDashboardSyncRecords'>['items'][number];
type Frequency = SyncJobRow['syncFrequency'];
type FrequencyUnit = 'minutes' | 'hours' | 'days';

const UNIT_MS: Record<FrequencyUnit, number> = { minutes: MINUTE_MS, hours: HOUR_MS, days: DAY_MS };
const UNITS = Object.keys(UNIT_MS) as FrequencyUnit[];

/** Interval between runs: STANDARD 24 h, MEDIUM 12 h, HIGH 6 h, custom every rate × unit. */
export function frequencyMs(frequency: string, rate: number | null, unit: string | null): number {
  if (frequency === 'custom' && rate && UNITS.includes(unit as FrequencyUnit)) return rate * UNIT_MS[unit as FrequencyUnit];
  return (SYNC_FREQUENCY_HOURS[frequency as Exclude<Frequency, 'custom'>] ?? SYNC_FREQUENCY_HOURS.STANDARD) * HOUR_MS;
}

const unitOf = (unit: string | null) => UNITS.find((u) => u === unit) ?? null;

/**
 * Jobs the syncs screens list: of the organisation, of accounts neither deactivated nor expired,
 * newest first on sync_jobs (org_id[, origin_org_id], created_at, id) with a primary-key probe
 * of the account (its state and paused flag).
 */
export function listedJobs(db: Db, orgId: string) {
  return db
    .selectFrom('sync_jobs as j')
    .innerJoin('integrated_accounts as a', 'a.id', 'j.integration_id')
    .where('j.org_id', '=', orgId)
    .where('a.integration_state', 'not in', INACTIVE_STATES);
}

export const JOB_COLUMNS = [
  'j.id', 'j.origin_org_id', 'j.origin_org_name', 'j.integration_name', 'j.app_id', 'j.app_label', 'j.integration_id',
  'j.sync_data_type', 'j.sync_data_type_label', 'j.connector_id', 'j.last_synced_at', 'j.next_run_at', 'j.sync_frequency',
  'j.frequency_rate', 'j.frequency_unit', 'j.created_at', 'j.status', 'j.awaiting_api_trigger', 'j.locked_until', 'a.sync_paused',
] as const;

export interface JobSelection {
  id: string; origin_org_id: string; origin_org_name: string; integration_name: string | null; app_id: string; app_label: string;
  integration_id: string; sync_data_type: string; sync_data_type_label: string; connector_id: string | null; last_synced_at: number | null;
  next_run_at: number | null; sync_frequency: string; frequency_rate: number | null; frequency_unit: string | null; status: string;
  awaiting_api_trigger: number; locked_until: number | null; sync_paused: number;
}

/** What the job's next sync waits for: the scheduler's time, a run in progress, a pause, its API trigger, or a restart. */
function upcomingSyncStatusOf(j: JobSelection, now: number): SyncJobRow['upcomingSyncStatus'] {
  if (j.sync_paused === 1 || j.status === 'paused') return 'paused';
  // A worker holds the job while it runs it (services/syncRun.ts).
  if (j.locked_until !== null && Number(j.locked_until) > now) return 'running';
  if (j.next_run_at !== null) return 'scheduled';
  return j.awaiting_api_trigger === 1 ? 'apiTrigger' : 'notScheduled';
}

/** A job as the syncs screens show it, at the engine clock's `now`. */
export function toJobRow(j: JobSelection, now: number): SyncJobRow {
  const custom = j.sync_frequency === 'custom';
  const paused = j.sync_paused === 1;
  return {
    syncJobId: j.id,
    orgName: j.origin_org_name,
    originOrgId: j.origin_org_id,
    integrationName: j.integration_name ?? j.app_label,
    appId: j.app_id,
    appLabel: j.app_label,
    integrationId: j.integration_id,
    syncDataType: j.sync_data_type,
    syncDataTypeLabel: j.sync_data_type_label,
    connectorId: j.connector_id,
    lastSyncedAt: j.last_synced_at,
    // A paused account has nothing upcoming, whatever the job row still holds.
    upcomingSync: paused ? null : j.next_run_at,
    upcomingSyncStatus: upcomingSyncStatusOf(j, now),
    syncFrequency: j.sync_frequency as Frequency,
    frequencyRate: custom ? j.frequency_rate : null,
    frequencyUnit: custom ? unitOf(j.frequency_unit) : null,
    syncPaused: paused,
  };
}

export function toRunRow(r: {
  id: string; job_id: string; started_at: number; completed_at: number | null; events_triggered: number; events_consumed: number;
  events_processed: number; sync_status: string; sync_type: string;
}): SyncRunRow {
  return {
    syncRunId: r.id,
    jobId: r.job_id,
    startedAt: r.started_at,
    completedAt: r.completed_at,
    eventsTriggered: r.events_triggered,
    eventsConsumed: r.events_consumed,
    eventsProcessed: r.events_processed,
    syncStatus: r.sync_status as SyncRunRow['syncStatus'],
    syncType: r.sync_type,
  };
}

export function toRecordRow(r: { audit_id: string; event_type: string; dispatched_at: number; consumed_at: number | null; models_json: string }): SyncRecordRow {
  let models: SyncRecordRow['models'] = [];
  try {
    const parsed = JSON.parse(r.models_json) as unknown;
    if (Array.isArray(parsed)) models = parsed.filter((m) => m && typeof m.label === 'string' && typeof m.value === 'string').map((m) => ({ label: m.label, value: m.value }));
  } catch { /* a malformed blob shows no models rather than failing the page */ }
  return { auditId: r.audit_id, eventType: r.event_type, dispatchedAt: r.dispatched_at, consumedAt: r.consumed_at, models };
}

/** A new account's job of one subscribed data type (sync_jobs row without its generated columns). */
export interface NewAccountJob {
  id: string;
  orgId: string;
  integrationId: string;
  originOrgId: string;
  originOrgName: string;
  integrationName: string;
  appId: string;
  appLabel: string;
  category: string;
  syncDataType: string;
  syncDataTypeLabel: string;
  connectorId: string | null;
  syncFrequency: string;
  /** When the first run is due; null while the job waits for its API trigger. */
  nextRunAt: number | null;
  awaitingApiTrigger: boolean;
}

/** Writes the jobs of a newly connected account. */
export async function insertAccountJobs(db: Db, jobs: NewAccountJob[], now: number): Promise<void> {
  if (jobs.length === 0) return;
  await db.insertInto('sync_jobs').values(jobs.map((j) => ({
    id: j.id,
    org_id: j.orgId,
    integration_id: j.integrationId,
    origin_org_id: j.originOrgId,
    origin_org_name: j.originOrgName,
    integration_name: j.integrationName,
    app_id: j.appId,
    app_label: j.appLabel,
    category: j.category,
    sync_data_type: j.syncDataType,
    sync_data_type_label: j.syncDataTypeLabel,
    connector_id: j.connectorId,
    status: 'active',
    sync_frequency: j.syncFrequency,
    frequency_rate: null,
    frequency_unit: null,
    last_synced_at: null,
    next_run_at: j.nextRunAt,
    locked_until: null,
    locked_by: null,
    awaiting_api_trigger: j.awaitingApiTrigger ? 1 : 0,
    created_at: now,
    updated_at: now,
  }))).execute();
}

/** Pauses an account's running jobs: nothing is scheduled until a restart. */
export async function pauseAccountJobs(db: Db, integrationId: string, now: number): Promise<void> {
  await db.updateTable('sync_jobs').set({ status: 'paused', next_run_at: null, updated_at: now })
    .where('integration_id', '=', integrationId).where('status', '!=', 'stopped').execute();
}

/**
 * Restarts (and resumes) an account's jobs: each is due now, so the scheduler runs it next. A job
 * still waiting for its API trigger keeps waiting: only v1.0/sync.start starts it. A job a worker
 * is running keeps its claim (locked_until): it runs again once that run ends, never twice at once.
 */
export async function restartAccountJobs(db: Db, integrationId: string, now: number): Promise<void> {
  await db.updateTable('sync_jobs').set({ status: 'active', next_run_at: now, updated_at: now })
    .where('integration_id', '=', integrationId).where('status', '!=', 'stopped').where('awaiting_api_trigger', '=', 0).execute();
  await db.updateTable('sync_jobs').set({ status: 'active', updated_at: now })
    .where('integration_id', '=', integrationId).where('status', '!=', 'stopped').where('awaiting_api_trigger', '=', 1).execute();
}

/** Deactivation stops an account's jobs for good (a run in progress ends without scheduling another). */
export async function stopAccountJobs(db: Db, integrationId: string, now: number): Promise<void> {
  await db.updateTable('sync_jobs').set({ status: 'stopped', next_run_at: null, updated_at: now })
    .where('integration_id', '=', integrationId).execute();
}

/** A new frequency reschedules the account's active jobs one new interval after their last run. */
export async function setAccountJobsFrequency(
  db: Db, integrationId: string, frequency: { syncFrequency: string; frequencyRate: number | null; frequencyUnit: string | null }, now: number,
): Promise<void> {
  const interval = frequencyMs(frequency.syncFrequency, frequency.frequencyRate, frequency.frequencyUnit);
  const jobs = await db.selectFrom('sync_jobs').select(['id', 'status', 'last_synced_at', 'next_run_at']).where('integration_id', '=', integrationId).execute();
  for (const job of jobs) {
    const scheduled = job.status === 'active' && job.next_run_at !== null;
    await db.updateTable('sync_jobs').set({
      sync_frequency: frequency.syncFrequency,
      frequency_rate: frequency.frequencyRate,
      frequency_unit: frequency.frequencyUnit,
      next_run_at: scheduled ? Math.max(now, (job.last_synced_at ?? now) + interval) : job.next_run_at,
      updated_at: now,
    }).where('id', '=', job.id).execute();
  }
}

/** An account's sync jobs as the unified API's sync.start chooses among them. */
export async function accountJobs(db: Db, integrationId: string): Promise<{ id: string; sync_data_type: string; status: string }[]> {
  return db.selectFrom('sync_jobs').select(['id', 'sync_data_type', 'status']).where('integration_id', '=', integrationId).orderBy('id').execute();
}

/**
 * v1.0/sync.start: the account's active jobs (of those ids) are due now, and a job waiting for its
 * API trigger waits no more. A running job keeps its claim (locked_until): it runs again when the
 * scheduler next claims due jobs. One statement; returns the jobs it made due.
 */
export async function makeAccountJobsDue(db: Db, integrationId: string, jobIds: string[] | undefined, now: number): Promise<{ id: string; sync_data_type: string }[]> {
  return db.updateTable('sync_jobs')
    .set({ next_run_at: now, awaiting_api_trigger: 0, updated_at: now })
    .where('integration_id', '=', integrationId)
    .where('status', '=', 'active')
    .$if(jobIds !== undefined, (q) => q.where('id', 'in', jobIds!))
    .returning(['id', 'sync_data_type'])
    .execute();
}
