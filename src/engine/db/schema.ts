import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  AccountOauthTokensTable,
  AiSessionMessagesTable,
  AuthSessionsTable,
  ConnectorsTable,
  EndCustomerOrgsTable,
  EndCustomerAccountCountsTable,
  EndCustomerUsageTotalsTable,
  IntegratedAccountCountsTable,
  IntegratedAccountsTable,
  MappingFieldsTable,
  MappingPresetAppsTable,
  MappingPresetFieldsTable,
  MappingPresetOrgsTable,
  MappingPresetsTable,
  OauthAuthorizationsTable,
  ServedOrganizationCountsTable,
  UsageDailyTable,
  UsageTotalsTable,
} from './tables/accounts.ts';
import type { AiSessionsTable, ConnectorTestsTable, ConnectorWorkflowStepsTable, CustomAppsTable } from './tables/ai.ts';
import type {
  AppFieldsTable,
  AppSetupStepsTable,
  AppsTable,
  CapabilitiesTable,
  CategoriesTable,
  CategoryApisTable,
  DataModelsTable,
  ModelAttributesTable,
  SubModelsTable,
  WebhookEventTypesTable,
} from './tables/catalog.ts';
import type {
  ApiLogBodiesTable,
  ApiLogsTable,
  IssuesTable,
  NativeCallsTable,
  SyncJobCountsTable,
  SyncJobsTable,
  SyncRecordsTable,
  SyncRunsTable,
  WebhookLogsTable,
  WebhookRecordsTable,
} from './tables/logs.ts';
import type {
  ClustersTable,
  InvitesTable,
  MailboxTable,
  OrganisationsTable,
  OtpChallengesTable,
  PlansTable,
  RateLimitsTable,
  SessionsTable,
  UserFeatureFlagsTable,
  UsersTable,
} from './tables/orgs.ts';
import type { SandboxConnectionsTable, SandboxOauthRecordsTable } from './tables/sandbox.ts';
import type { DeliveryQueuesTable, SyncSnapshotsTable, WebhookOutboxTable, WorkerLeasesTable } from './tables/syncEngine.ts';
import type {
  ApiKeysTable,
  EmailCustomisationTable,
  GettingStartedTable,
  InvoicesTable,
  OrgCategorySettingsTable,
  PaymentCardsTable,
  PaymentCustomersTable,
  SalesRequestsTable,
  UiCustomisationTable,
  UploadsTable,
  WebhookSigningSecretsTable,
  WebhooksTable,
  WebhookTestsTable,
} from './tables/settings.ts';

/** Every table the migrations create, keyed by table name. */
export interface Database {
  // organisations, users, auth (20261122000100)
  clusters: ClustersTable;
  plans: PlansTable;
  organisations: OrganisationsTable;
  users: UsersTable;
  user_feature_flags: UserFeatureFlagsTable;
  sessions: SessionsTable;
  otp_challenges: OtpChallengesTable;
  rate_limits: RateLimitsTable;
  invites: InvitesTable;
  mailbox: MailboxTable;
  // billing, keys, webhooks, onboarding, personalisation (20261122000200)
  invoices: InvoicesTable;
  payment_customers: PaymentCustomersTable;
  payment_cards: PaymentCardsTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_tests: WebhookTestsTable;
  // sealed per-organisation webhook signing secrets (20261129090000)
  webhook_signing_secrets: WebhookSigningSecretsTable;
  getting_started: GettingStartedTable;
  org_category_settings: OrgCategorySettingsTable;
  ui_customisation: UiCustomisationTable;
  email_customisation: EmailCustomisationTable;
  uploads: UploadsTable;
  // billing details, Talk to Sales (20261124113000)
  sales_requests: SalesRequestsTable;
  // catalog (20261122000300)
  categories: CategoriesTable;
  apps: AppsTable;
  app_setup_steps: AppSetupStepsTable;
  app_fields: AppFieldsTable;
  data_models: DataModelsTable;
  model_attributes: ModelAttributesTable;
  sub_models: SubModelsTable;
  category_apis: CategoryApisTable;
  webhook_event_types: WebhookEventTypesTable;
  capabilities: CapabilitiesTable;
  // accounts, mapping, connectors (20261122000400)
  end_customer_orgs: EndCustomerOrgsTable;
  integrated_accounts: IntegratedAccountsTable;
  // kept by triggers (20261126090000)
  integrated_account_counts: IntegratedAccountCountsTable;
  // kept by triggers (20261126100000)
  end_customer_account_counts: EndCustomerAccountCountsTable;
  // kept by triggers (20261127090000)
  served_organization_counts: ServedOrganizationCountsTable;
  usage_totals: UsageTotalsTable;
  // kept by triggers (20261127100000)
  end_customer_usage_totals: EndCustomerUsageTotalsTable;
  auth_sessions: AuthSessionsTable;
  mapping_fields: MappingFieldsTable;
  mapping_presets: MappingPresetsTable;
  mapping_preset_fields: MappingPresetFieldsTable;
  mapping_preset_apps: MappingPresetAppsTable;
  mapping_preset_orgs: MappingPresetOrgsTable;
  connectors: ConnectorsTable;
  ai_session_messages: AiSessionMessagesTable;
  usage_daily: UsageDailyTable;
  // AI connector building (20261125120000)
  ai_sessions: AiSessionsTable;
  connector_workflow_steps: ConnectorWorkflowStepsTable;
  connector_tests: ConnectorTestsTable;
  custom_apps: CustomAppsTable;
  // syncs and logs (20261122000500)
  sync_jobs: SyncJobsTable;
  // kept by triggers (20261126110000)
  sync_job_counts: SyncJobCountsTable;
  sync_runs: SyncRunsTable;
  sync_records: SyncRecordsTable;
  api_logs: ApiLogsTable;
  api_log_bodies: ApiLogBodiesTable;
  webhook_logs: WebhookLogsTable;
  webhook_records: WebhookRecordsTable;
  native_calls: NativeCallsTable;
  issues: IssuesTable;
  // OAuth connections and the sandbox provider (20261130110000)
  oauth_authorizations: OauthAuthorizationsTable;
  account_oauth_tokens: AccountOauthTokensTable;
  sandbox_oauth_records: SandboxOauthRecordsTable;
  sandbox_connections: SandboxConnectionsTable;
  // the sync scheduler and webhook delivery (20261202090000)
  sync_snapshots: SyncSnapshotsTable;
  webhook_outbox: WebhookOutboxTable;
  delivery_queues: DeliveryQueuesTable;
  worker_leases: WorkerLeasesTable;
}

export type TableName = keyof Database;

/** Row types as selected, inserted and updated, e.g. `Row<'users'>`. */
export type Row<T extends TableName> = Selectable<Database[T]>;
export type NewRow<T extends TableName> = Insertable<Database[T]>;
export type RowUpdate<T extends TableName> = Updateable<Database[T]>;
