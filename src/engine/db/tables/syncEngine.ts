import type { BoolWithDefault, EpochMs, IdentityId, IntWithDefault, TextWithDefault } from './types.ts';

/**
 * What the sync scheduler and the webhook delivery worker keep between runs and attempts
 * (migration 20261202090000).
 */

/** A sync job's view of one record of its app at its last completed run. */
export interface SyncSnapshotsTable {
  job_id: string;
  /** The record's id in the app. */
  record_key: string;
  /** sha-256 of the event data the job sent for the record's current version; '' forces a resend. */
  content_hash: string;
}

/** One changed record of a run, to be delivered as a signed webhook event. */
export interface WebhookOutboxTable {
  /** Delivery order within an account. */
  id: IdentityId;
  org_id: string;
  integration_id: string;
  category: string;
  job_id: string;
  run_id: string;
  iteration_id: string;
  record_key: string;
  /** record.new | record.modified | record.deleted */
  event_type: string;
  /** The Standard Webhooks message id, the same on every attempt. */
  webhook_id: string;
  /** webhook_records.record_id and request_ts of the record's webhook log row. */
  record_id: string;
  record_ts: EpochMs;
  /** sync_records.audit_id and dispatched_at of the record's sync record. */
  audit_id: string;
  audit_ts: EpochMs;
  payload_json: string;
  /** pending | dispatched | failed (given up) | stale (not dispatched: no webhook URL) */
  state: TextWithDefault;
  attempts: IntWithDefault;
  first_attempt_at: EpochMs | null;
  next_attempt_at: EpochMs;
  last_status_code: number | null;
  last_status_message: string | null;
  created_at: EpochMs;
  finished_at: EpochMs | null;
}

/** An account's deliveries as the workers claim them: one account, one worker, in order. */
export interface DeliveryQueuesTable {
  integration_id: string;
  org_id: string;
  /** When the account's first pending delivery is due; null when it has none. */
  next_attempt_at: EpochMs | null;
  locked_until: EpochMs | null;
  locked_by: string | null;
  /** Bumped by every run that adds deliveries (see delivery_queues in the migration). */
  enqueued: IntWithDefault;
  /** 1 after a failed or stale delivery, until one succeeds and resolves its issues. */
  failing: BoolWithDefault;
  updated_at: EpochMs;
}

/** A lease a worker process holds (SQLite runs one worker process). */
export interface WorkerLeasesTable {
  name: string;
  holder: string;
  acquired_at: EpochMs;
  expires_at: EpochMs;
}
