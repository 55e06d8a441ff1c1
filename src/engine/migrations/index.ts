import type { Migration, MigrationProvider } from 'kysely';
import * as m20261122000100 from './20261122000100_create_organisations_and_users.ts';
import * as m20261122000200 from './20261122000200_create_billing_keys_and_settings.ts';
import * as m20261122000300 from './20261122000300_create_catalog.ts';
import * as m20261122000400 from './20261122000400_create_accounts_and_mapping.ts';
import * as m20261122000500 from './20261122000500_create_syncs_and_logs.ts';
import * as m20261124090000 from './20261124090000_list_indexes_and_counters.ts';
import * as m20261124100000 from './20261124100000_webhook_tests_and_api_subcategories.ts';
import * as m20261124113000 from './20261124113000_billing_details_and_sales_requests.ts';
import * as m20261125100000 from './20261125100000_accounts_preset_index.ts';
import * as m20261125120000 from './20261125120000_ai_connector_building.ts';
import * as m20261126090000 from './20261126090000_integrated_account_counts.ts';
import * as m20261126100000 from './20261126100000_organization_list_counters.ts';
import * as m20261126110000 from './20261126110000_sync_job_counts.ts';
import * as m20261127090000 from './20261127090000_organization_list_totals.ts';
import * as m20261127100000 from './20261127100000_end_customer_usage_totals.ts';
import * as m20261128090000 from './20261128090000_list_filter_indexes.ts';
import * as m20261129090000 from './20261129090000_unrecoverable_stored_secrets.ts';
import * as m20261129100000 from './20261129100000_drop_otp_daily_failures.ts';
import * as m20261130090000 from './20261130090000_invite_notice_stand_in_ids.ts';
import * as m20261130100000 from './20261130100000_sync_jobs_awaiting_api_trigger.ts';
import * as m20261130110000 from './20261130110000_oauth_connections_and_sandbox.ts';
import * as m20261201090000 from './20261201090000_unified_api_logging.ts';
import * as m20261202090000 from './20261202090000_sync_scheduler_and_delivery.ts';
import * as m20261203100000 from './20261203100000_webhook_delivery_replays.ts';

/**
 * Every migration, imported statically: no directory scan, so it works the same under tsx,
 * vitest and a bundler. Add a new file here when you add a migration; never edit a landed one.
 * Kysely runs them in name order, so names start with their UTC timestamp.
 */
export const migrations: Record<string, Migration> = {
  '20261122000100_create_organisations_and_users': m20261122000100,
  '20261122000200_create_billing_keys_and_settings': m20261122000200,
  '20261122000300_create_catalog': m20261122000300,
  '20261122000400_create_accounts_and_mapping': m20261122000400,
  '20261122000500_create_syncs_and_logs': m20261122000500,
  '20261124090000_list_indexes_and_counters': m20261124090000,
  '20261124100000_webhook_tests_and_api_subcategories': m20261124100000,
  '20261124113000_billing_details_and_sales_requests': m20261124113000,
  '20261125100000_accounts_preset_index': m20261125100000,
  '20261125120000_ai_connector_building': m20261125120000,
  '20261126090000_integrated_account_counts': m20261126090000,
  '20261126100000_organization_list_counters': m20261126100000,
  '20261126110000_sync_job_counts': m20261126110000,
  '20261127090000_organization_list_totals': m20261127090000,
  '20261127100000_end_customer_usage_totals': m20261127100000,
  '20261128090000_list_filter_indexes': m20261128090000,
  '20261129090000_unrecoverable_stored_secrets': m20261129090000,
  '20261129100000_drop_otp_daily_failures': m20261129100000,
  '20261130090000_invite_notice_stand_in_ids': m20261130090000,
  '20261130100000_sync_jobs_awaiting_api_trigger': m20261130100000,
  '20261130110000_oauth_connections_and_sandbox': m20261130110000,
  '20261201090000_unified_api_logging': m20261201090000,
  '20261202090000_sync_scheduler_and_delivery': m20261202090000,
  '20261203100000_webhook_delivery_replays': m20261203100000,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
