import { type Kysely, sql } from 'kysely';
import {
  counter,
  createDefaultPartition,
  createIndex,
  dropTables,
  identityPk,
  json,
  ms,
  optionalText,
  partitionByRange,
  ref,
  text,
  textPk,
  timestamps,
} from './helpers.ts';

/*
 * Sync jobs and runs, and the log-sized tables. Log tables have no foreign keys (volume; on
 * PostgreSQL they are range-partitioned by their timestamp and old partitions get dropped).
 * Every list filter has an index ending in the keyset (timestamp, id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sync_jobs')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(ref('integration_id', 'integrated_accounts'))
    .$call(text('origin_org_id'))
    .$call(text('origin_org_name'))
    .$call(optionalText('integration_name'))
    .$call(text('app_id'))
    .$call(text('app_label'))
    .$call(text('category'))
    .$call(text('sync_data_type'))
    .$call(text('sync_data_type_label'))
    .$call(optionalText('connector_id'))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`status in ('active', 'paused', 'stopped')`),
    )
    .addColumn('sync_frequency', 'text', (c) => c.notNull().defaultTo('STANDARD'))
    .addColumn('frequency_rate', 'integer')
    .$call(optionalText('frequency_unit'))
    .$call(ms('last_synced_at', true))
    .$call(ms('next_run_at', true))
    .$call(ms('locked_until', true))
    .$call(optionalText('locked_by'))
    .$call(timestamps())
    .execute();
  await createIndex(db, 'sync_jobs', ['org_id', 'created_at', 'id']);
  await createIndex(db, 'sync_jobs', ['org_id', 'origin_org_id', 'created_at', 'id']);
  await createIndex(db, 'sync_jobs', ['org_id', 'integration_id']);
  await createIndex(db, 'sync_jobs', ['integration_id']);
  // Scheduler ticks claim active jobs that are due.
  await createIndex(db, 'sync_jobs', ['status', 'next_run_at']);

  await db.schema
    .createTable('sync_runs')
    .$call(textPk())
    .$call(ref('job_id', 'sync_jobs'))
    .$call(text('org_id'))
    .$call(text('integration_id'))
    .$call(ms('started_at'))
    .$call(ms('completed_at', true))
    .$call(counter('events_triggered'))
    .$call(counter('events_consumed'))
    .$call(counter('events_processed'))
    .$call(text('sync_status'))
    .$call(text('sync_type'))
    .execute();
  await createIndex(db, 'sync_runs', ['job_id', 'started_at', 'id']);
  await createIndex(db, 'sync_runs', ['org_id', 'started_at', 'id']);

  await db.schema
    .createTable('sync_records')
    .$call(identityPk(db, 'dispatched_at'))
    .$call(text('run_id'))
    .$call(text('job_id'))
    .$call(text('org_id'))
    .$call(text('audit_id'))
    .$call(text('event_type'))
    .$call(ms('dispatched_at'))
    .$call(ms('consumed_at', true))
    .$call(json('models_json', '[]'))
    .$call(partitionByRange(db, 'dispatched_at'))
    .execute();
  await createDefaultPartition(db, 'sync_records');
  await createIndex(db, 'sync_records', ['run_id', 'dispatched_at', 'id']);
  // Search by Audit ID within a run (prefix search uses the same index).
  await createIndex(db, 'sync_records', ['run_id', 'audit_id']);

  await db.schema
    .createTable('api_logs')
    .$call(identityPk(db, 'request_ts'))
    .$call(text('org_id'))
    .$call(ms('request_ts'))
    .$call(text('execution_id'))
    .$call(text('origin_org_id'))
    .$call(text('origin_org_name'))
    .$call(optionalText('integration_id', 'app_id', 'app_label', 'category'))
    .$call(text('method'))
    .$call(text('url'))
    .$call(text('path'))
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .$call(optionalText('status_message'))
    .$call(counter('native_api_call_count'))
    .addColumn('duration_ms', 'integer')
    .$call(partitionByRange(db, 'request_ts'))
    .execute();
  await createDefaultPartition(db, 'api_logs');
  await createIndex(db, 'api_logs', ['org_id', 'request_ts', 'id']);
  await createIndex(db, 'api_logs', ['org_id', 'category', 'request_ts', 'id']);
  await createIndex(db, 'api_logs', ['org_id', 'origin_org_id', 'request_ts', 'id']);
  await createIndex(db, 'api_logs', ['execution_id']);

  await db.schema
    .createTable('webhook_logs')
    .$call(identityPk(db, 'ts'))
    .$call(text('org_id'))
    .$call(ms('ts'))
    .$call(text('origin_org_id'))
    .$call(text('origin_org_name'))
    .$call(
      optionalText(
        'integration_id',
        'app_id',
        'app_label',
        'category',
        'sync_data_type',
        'sync_data_type_label',
      ),
    )
    .$call(text('sync_run_id'))
    .$call(text('sync_iteration_id'))
    .$call(optionalText('sync_job_id'))
    .$call(counter('native_api_call_count'))
    .$call(optionalText('path'))
    .$call(partitionByRange(db, 'ts'))
    .execute();
  await createDefaultPartition(db, 'webhook_logs');
  await createIndex(db, 'webhook_logs', ['org_id', 'ts', 'id']);
  await createIndex(db, 'webhook_logs', ['org_id', 'category', 'ts', 'id']);
  await createIndex(db, 'webhook_logs', ['org_id', 'origin_org_id', 'ts', 'id']);
  await createIndex(db, 'webhook_logs', ['sync_run_id']);

  await db.schema
    .createTable('webhook_records')
    .$call(identityPk(db, 'request_ts'))
    .$call(text('org_id'))
    .$call(text('sync_run_id'))
    .$call(optionalText('sync_iteration_id'))
    .$call(text('record_id'))
    .$call(optionalText('trace_id'))
    .$call(ms('request_ts'))
    .$call(counter('retry_call_count'))
    .$call(counter('native_api_call_count'))
    .$call(optionalText('path'))
    .addColumn('status_code', 'integer')
    .$call(optionalText('status_message'))
    .addColumn('dispatch_status', 'text', (c) =>
      c.notNull().check(sql`dispatch_status in ('dispatched', 'stale', 'failed', 'pending')`),
    )
    .$call(partitionByRange(db, 'request_ts'))
    .execute();
  await createDefaultPartition(db, 'webhook_records');
  await createIndex(db, 'webhook_records', ['sync_run_id', 'request_ts', 'id']);
  await createIndex(db, 'webhook_records', ['record_id']);

  await db.schema
    .createTable('native_calls')
    .$call(identityPk(db, 'ts'))
    .$call(text('org_id'))
    .$call(optionalText('execution_id', 'record_id', 'trace_id'))
    .$call(ms('ts'))
    .$call(text('method'))
    .$call(text('path'))
    .addColumn('status_code', 'integer')
    .$call(optionalText('status_message', 'app_id', 'app_label'))
    .addColumn('duration_ms', 'integer')
    // A native call belongs to an API execution or to a webhook record.
    .addCheckConstraint(
      'native_calls_owner_check',
      sql`execution_id is not null or record_id is not null`,
    )
    .$call(partitionByRange(db, 'ts'))
    .execute();
  await createDefaultPartition(db, 'native_calls');
  await createIndex(db, 'native_calls', ['execution_id', 'ts', 'id']);
  await createIndex(db, 'native_calls', ['record_id', 'ts', 'id']);

  // Issues are updated (resolved_at) by id, so they are not partitioned: a partitioned primary
  // key would need the date as well.
  await db.schema
    .createTable('issues')
    .$call(identityPk(db))
    .$call(text('org_id'))
    .$call(ms('date'))
    .$call(text('error_type'))
    .$call(text('log_type'))
    .$call(
      optionalText(
        'error_data_str',
        'error_message',
        'origin_org_id',
        'organization',
        'app_id',
        'app_label',
        'integration_id',
        'execution_id',
      ),
    )
    .$call(ms('resolved_at', true))
    .execute();
  await createIndex(db, 'issues', ['org_id', 'date', 'id']);
  await createIndex(db, 'issues', ['org_id', 'log_type', 'date', 'id']);
  await createIndex(db, 'issues', ['org_id', 'error_type', 'date', 'id']);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Dropping a partitioned parent drops its partitions.
  await dropTables(db, [
    'issues',
    'native_calls',
    'webhook_records',
    'webhook_logs',
    'api_logs',
    'sync_records',
    'sync_runs',
    'sync_jobs',
  ]);
}
