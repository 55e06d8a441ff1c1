import type { LoadPlan, PlannedRow } from './bulk.ts';
import { ACCOUNT_COLUMNS, CUSTOMER_COLUMNS } from './accounts.ts';
import { API_LOG_COLUMNS } from './apiLogs.ts';
import {
  AI_MESSAGE_COLUMNS, AI_SESSION_COLUMNS, AUTH_SESSION_COLUMNS, CONNECTOR_COLUMNS, CONNECTOR_TEST_COLUMNS, WORKFLOW_STEP_COLUMNS,
} from './connectors.ts';
import { MAPPING_FIELD_COLUMNS, PRESET_COLUMNS, PRESET_FIELD_COLUMNS } from './mapping.ts';
import { ISSUE_COLUMNS, USAGE_COLUMNS } from './rollups.ts';
import { NATIVE_CALL_COLUMNS, SYNC_TABLES } from './syncs.ts';

/**
 * The tables the demo is bulk-loaded into, in foreign-key order (each flush writes them in this
 * order), with the columns each writer lists its values in. The loader types every row from
 * these lists and the Database interface.
 */
export const SEED_TABLES = {
  end_customer_orgs: CUSTOMER_COLUMNS,
  mapping_presets: PRESET_COLUMNS,
  mapping_preset_fields: PRESET_FIELD_COLUMNS,
  mapping_preset_apps: ['preset_id', 'app_id', 'app_label'],
  mapping_preset_orgs: ['preset_id', 'origin_org_id', 'origin_org_name'],
  integrated_accounts: ACCOUNT_COLUMNS,
  mapping_fields: MAPPING_FIELD_COLUMNS,
  auth_sessions: AUTH_SESSION_COLUMNS,
  connectors: CONNECTOR_COLUMNS,
  ai_session_messages: AI_MESSAGE_COLUMNS,
  ai_sessions: AI_SESSION_COLUMNS,
  connector_workflow_steps: WORKFLOW_STEP_COLUMNS,
  connector_tests: CONNECTOR_TEST_COLUMNS,
  ...SYNC_TABLES,
  native_calls: NATIVE_CALL_COLUMNS,
  api_logs: API_LOG_COLUMNS,
  issues: ISSUE_COLUMNS,
  usage_daily: USAGE_COLUMNS,
} as const satisfies LoadPlan;

export type SeedTables = typeof SEED_TABLES;

/** One row of a seeded table, its values in the order SEED_TABLES lists the columns. */
export type SeedRow<T extends keyof SeedTables> = PlannedRow<SeedTables, T>;
