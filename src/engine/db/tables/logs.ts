import type { BoolWithDefault, EpochMs, IdentityId, IntWithDefault, TextWithDefault } from './types.ts';

/**
 * Syncs and logs. Every list row carries the labels its screen shows (app label, originOrgName,
 * category, ...) so a page is one index range scan with no join per row. The log-sized tables
 * have an integer identity id (keyset tie-break) and, on PostgreSQL, are range-partitioned by
 * their timestamp (partitions.ts), so the external ids the spec names live in their own columns.
 */

export interface SyncJobsTable {
  /** syncJobId */
  id: string;
  org_id: string;
  integration_id: string;
  origin_org_id: string;
  /** orgName on the row. */
  origin_org_name: string;
  integration_name: string | null;
  app_id: string;
  app_label: string;
  category: string;
  /** e.g. hris_employees: subcategory synced by this job. */
  sync_data_type: string;
  sync_data_type_label: string;
  /** Set for AI-connector jobs. */
  connector_id: string | null;
  /** active | paused | stopped */
  status: TextWithDefault;
  sync_frequency: TextWithDefault;
  frequency_rate: number | null;
  frequency_unit: string | null;
  last_synced_at: EpochMs | null;
  /** upcomingSync; the scheduler claims due jobs by this. */
  next_run_at: EpochMs | null;
  /** Scheduler claim: workers skip rows locked by others until this passes. */
  locked_until: EpochMs | null;
  locked_by: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
  /** 1 while the job's account is live (not Deactivated or Expired); kept by triggers (20261126110000). */
  account_live: IntWithDefault;
  /**
   * 1 while the job waits for its API trigger (v1.0/sync.start): created for an account of a
   * category whose syncs start on API trigger, active but with no next run (20261130100000).
   */
  awaiting_api_trigger: BoolWithDefault;
}

/** Jobs per organisation and account liveness; kept by triggers (20261126110000), never written by code. */
export interface SyncJobCountsTable {
  org_id: string;
  account_live: number;
  count: IntWithDefault;
}

export interface SyncRunsTable {
  /** syncRunId */
  id: string;
  job_id: string;
  org_id: string;
  integration_id: string;
  started_at: EpochMs;
  completed_at: EpochMs | null;
  events_triggered: IntWithDefault;
  events_consumed: IntWithDefault;
  events_processed: IntWithDefault;
  /** running | completed | failed | cancelled | queued */
  sync_status: string;
  /** e.g. initial_sync, delta_sync: shown up to the first underscore. */
  sync_type: string;
}

export interface SyncRecordsTable {
  id: IdentityId;
  run_id: string;
  job_id: string;
  org_id: string;
  audit_id: string;
  event_type: string;
  dispatched_at: EpochMs;
  consumed_at: EpochMs | null;
  /** [{ label, value }] */
  models_json: TextWithDefault;
}

export interface ApiLogsTable {
  id: IdentityId;
  org_id: string;
  /** requestTimestamp in ms. */
  request_ts: EpochMs;
  execution_id: string;
  origin_org_id: string;
  origin_org_name: string;
  integration_id: string | null;
  app_id: string | null;
  app_label: string | null;
  category: string | null;
  method: string;
  url: string;
  path: string;
  status_code: number;
  status_message: string | null;
  native_api_call_count: IntWithDefault;
  duration_ms: number | null;
}

/**
 * The redacted request and response bodies of a unified API call (seq 0) and of its native calls
 * (seq 1.. in the order they were made), apart from the narrow log rows (20261201090000).
 */
export interface ApiLogBodiesTable {
  id: IdentityId;
  org_id: string;
  execution_id: string;
  ts: EpochMs;
  seq: number;
  request_body: string | null;
  response_body: string | null;
}

/** One webhook run (sync iteration) as the Webhooks tab lists it. */
export interface WebhookLogsTable {
  id: IdentityId;
  org_id: string;
  /** timestamp in ms. */
  ts: EpochMs;
  origin_org_id: string;
  origin_org_name: string;
  integration_id: string | null;
  app_id: string | null;
  app_label: string | null;
  category: string | null;
  sync_data_type: string | null;
  sync_data_type_label: string | null;
  sync_run_id: string;
  sync_iteration_id: string;
  sync_job_id: string | null;
  native_api_call_count: IntWithDefault;
  path: string | null;
}

export interface WebhookRecordsTable {
  id: IdentityId;
  org_id: string;
  sync_run_id: string;
  sync_iteration_id: string | null;
  /** recordId as the routes use it. */
  record_id: string;
  trace_id: string | null;
  request_ts: EpochMs;
  retry_call_count: IntWithDefault;
  native_api_call_count: IntWithDefault;
  path: string | null;
  status_code: number | null;
  status_message: string | null;
  /** dispatched | stale | failed | pending; stale means not dispatched. */
  dispatch_status: string;
  /** Times the record's delivery was replayed from the dashboard, and the last time (migration 20261203100000). */
  replay_count: IntWithDefault;
  replayed_at: EpochMs | null;
}

/** A call to the third-party app, made for an API log execution or a webhook record. */
export interface NativeCallsTable {
  id: IdentityId;
  org_id: string;
  execution_id: string | null;
  record_id: string | null;
  trace_id: string | null;
  ts: EpochMs;
  method: string;
  path: string;
  status_code: number | null;
  status_message: string | null;
  app_id: string | null;
  app_label: string | null;
  duration_ms: number | null;
}

export interface IssuesTable {
  id: IdentityId;
  org_id: string;
  date: EpochMs;
  error_type: string;
  /** api | webhook | sync ... */
  log_type: string;
  error_data_str: string | null;
  error_message: string | null;
  origin_org_id: string | null;
  /** organization: the end customer's name, denormalised. */
  organization: string | null;
  app_id: string | null;
  app_label: string | null;
  integration_id: string | null;
  execution_id: string | null;
  resolved_at: EpochMs | null;
  /** Failing calls grouped in the issue (IssueRow.issueCalls). */
  issue_calls: IntWithDefault;
  /**
   * `<logType>:<errorType>:<integrationId>` while an issue the engine raised is outstanding (unique:
   * later failures of the kind add to it); null for seeded issues. Resolving an issue clears it (20261201090000).
   */
  outstanding_key: string | null;
}
