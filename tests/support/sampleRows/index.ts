import type { Kysely } from 'kysely';
import type { Database, TableName } from '../../../src/engine/db/schema.ts';
import { accountSamples } from './accounts.ts';
import { catalogSamples } from './catalog.ts';
import { logSamples } from './logs.ts';
import { orgSamples } from './orgs.ts';
import { settingsSamples } from './settings.ts';
import type { SampleRows } from './types.ts';

export type { SampleRows } from './types.ts';

/** One fully populated, mutually consistent row per table (ids org_1, usr_1, int_1, ...). */
export const sampleRows: SampleRows = {
  ...orgSamples,
  ...settingsSamples,
  ...catalogSamples,
  ...accountSamples,
  ...logSamples,
};

/** Tables in an order that satisfies the foreign keys. */
export const insertOrder: TableName[] = [
  'clusters', 'plans', 'organisations', 'users', 'user_feature_flags', 'sessions',
  'otp_challenges', 'rate_limits', 'invites', 'mailbox',
  'invoices', 'payment_customers', 'payment_cards', 'api_keys', 'webhooks', 'webhook_signing_secrets', 'webhook_tests',
  'getting_started', 'org_category_settings', 'ui_customisation', 'email_customisation', 'uploads', 'sales_requests',
  'categories', 'apps', 'app_setup_steps', 'app_fields', 'data_models', 'model_attributes',
  'sub_models', 'category_apis', 'webhook_event_types', 'capabilities',
  'end_customer_orgs', 'mapping_presets', 'mapping_preset_fields', 'mapping_preset_apps',
  'mapping_preset_orgs', 'integrated_accounts', 'integrated_account_counts', 'end_customer_account_counts', 'served_organization_counts', 'auth_sessions', 'mapping_fields', 'connectors',
  'ai_session_messages', 'ai_sessions', 'connector_workflow_steps', 'connector_tests', 'custom_apps', 'usage_daily', 'usage_totals', 'end_customer_usage_totals',
  'sync_jobs', 'sync_job_counts', 'sync_runs', 'sync_records', 'api_logs', 'webhook_logs', 'webhook_records',
  'native_calls', 'api_log_bodies', 'issues', 'oauth_authorizations', 'account_oauth_tokens', 'sandbox_oauth_records', 'sandbox_connections',
  'sync_snapshots', 'webhook_outbox', 'delivery_queues', 'worker_leases',
];

/** Tables that triggers fill: their sample row is what the triggers write for the other rows. */
export const DERIVED_TABLES = new Set<TableName>(['integrated_account_counts', 'end_customer_account_counts', 'served_organization_counts', 'usage_totals', 'end_customer_usage_totals', 'sync_job_counts']);

/** Inserts every sample row (derived tables get theirs from the triggers). */
export async function insertSampleRows(db: Kysely<Database>): Promise<void> {
  for (const table of insertOrder) {
    if (DERIVED_TABLES.has(table)) continue;
    // Each table's row matches its own table; the loop variable loses that link for tsc.
    await db.insertInto(table).values(sampleRows[table] as never).execute();
  }
}
