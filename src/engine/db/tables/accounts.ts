import type {
  BoolWithDefault,
  EpochMs,
  IdentityId,
  IntWithDefault,
  JsonText,
  TextWithDefault,
} from './types.ts';

/** An end customer of one of our orgs (originOrgId as the customer passes it). */
export interface EndCustomerOrgsTable {
  id: string;
  org_id: string;
  origin_org_id: string;
  origin_org_name: string;
  /** Kept current by the account repository so the organizations list needs no count per row. */
  integrated_accounts_count: IntWithDefault;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** One end-customer org connected to one app. The id is the integrationId. */
export interface IntegratedAccountsTable {
  id: string;
  org_id: string;
  end_customer_org_id: string | null;
  origin_org_id: string;
  /** The row's `organization`, denormalised. */
  origin_org_name: string;
  /** originOrgId exactly as the caller passed it (originOrgId may be normalised). */
  user_passed_origin_org_id: string | null;
  origin_user_email: string | null;
  origin_user_name: string | null;
  app_id: string;
  app_label: string;
  category: string;
  /** Success | Error | Email sent | Under validation | Deactivated | Expired */
  integration_state: string;
  error_description: string | null;
  /** Who connected it (doneBy). */
  done_by: string | null;
  test_account: BoolWithDefault;
  expires_at: EpochMs | null;
  expired_at: EpochMs | null;
  deactivated_at: EpochMs | null;
  sync_paused: BoolWithDefault;
  sync_enabled: BoolWithDefault;
  /** STANDARD | MEDIUM | HIGH | custom */
  sync_frequency: TextWithDefault;
  frequency_rate: number | null;
  frequency_unit: string | null;
  show_custom_fields: BoolWithDefault;
  /** [{ subCategory, syncModels: [modelId] }] */
  subscribed_models_json: TextWithDefault;
  preset_id: string | null;
  /** Credentials of the connected app (sandbox apps only; real ones would live in a vault). */
  auth_data_json: JsonText | null;
  /** The AI connector the account was connected through (an auth session of ai.session.token or a magic link naming it). */
  connector_id: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/**
 * Auth sessions (customer backend's auth.createSession), magic links and reintegration links.
 * The link token is hashed; the link itself is shown once, at creation.
 */
export interface AuthSessionsTable {
  id: string;
  token_hash: string;
  org_id: string;
  /** session | magic_link | reintegrate */
  kind: string;
  origin_org_id: string;
  origin_org_name: string;
  origin_user_email: string | null;
  origin_user_name: string | null;
  test_account: BoolWithDefault;
  sandbox: BoolWithDefault;
  show_scope_control: BoolWithDefault;
  show_custom_mapping: BoolWithDefault;
  custom_mapping_required: BoolWithDefault;
  /** unified-api-sync | ai-connectors | both-unified-ai */
  connector_type: TextWithDefault;
  categories_json: TextWithDefault;
  connector_ids_json: TextWithDefault;
  /** Reintegration filters: [{ category, apps }] */
  filters_json: TextWithDefault;
  language: TextWithDefault;
  app_id: string | null;
  /** The integration the link creates or reintegrates (shown with the magic link). */
  integration_id: string | null;
  /** active | used | expired */
  state: TextWithDefault;
  created_by_user_id: string | null;
  api_key_id: string | null;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
}

export interface MappingFieldsTable {
  id: string;
  org_id: string;
  integration_id: string;
  subcategory: string;
  /** Field name in the third-party app; unique per account and subcategory (case-insensitive in code). */
  field_id: string;
  field_from_app: string;
  /** The customer's key in webhook data. */
  field_to_org: string | null;
  /** STRING for user-added rows. */
  data_type: string;
  /** DEFAULT | CUSTOM | UNMAPPED */
  field_type: string;
  sample_data: string | null;
  user_added: BoolWithDefault;
  position: IntWithDefault;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface MappingPresetsTable {
  /** Category presets start with 'category_'. */
  id: string;
  org_id: string;
  name: string;
  /** app | account | category */
  mode: string;
  app_id: string | null;
  app_label: string | null;
  category: string | null;
  /** Display name of the creator, denormalised for the list. */
  created_by: string | null;
  created_by_user_id: string | null;
  is_default: BoolWithDefault;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface MappingPresetFieldsTable {
  preset_id: string;
  subcategory: string;
  field_id: string;
  field_from_app: string;
  field_to_org: string | null;
  data_type: string;
  field_type: string;
  sample_data: string | null;
  user_added: BoolWithDefault;
  position: IntWithDefault;
}

export interface MappingPresetAppsTable {
  preset_id: string;
  app_id: string;
  app_label: string;
}

export interface MappingPresetOrgsTable {
  preset_id: string;
  origin_org_id: string;
  origin_org_name: string;
}

/** AI connectors (beta). */
export interface ConnectorsTable {
  id: string;
  org_id: string;
  name: string;
  /** Username of the creator (their e-mail without one). */
  created_by: string | null;
  /** api | sync | webhook */
  medium: string | null;
  /** [{ id, label, logo?, category? }] */
  apps_json: TextWithDefault;
  /** draft | testing | live | deactivated (deleted: never listed) */
  status: TextWithDefault;
  /** The session building or last editing it, and where that session stands (ChatStep). */
  session_id: string | null;
  chat_step: string | null;
  /** { auth, sync, webhookEvents, apis (with schemas), summary, setupSteps } (repositories/connectors.ts). */
  config_json: TextWithDefault;
  description: TextWithDefault;
  /** Configuration version: +1 on every saved change. */
  version: IntWithDefault;
  published_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
  deactivated_at: EpochMs | null;
}

/** Messages of the AI service's chat sessions; messageId is 'msg_' + id. */
export interface AiSessionMessagesTable {
  id: IdentityId;
  org_id: string;
  session_id: string;
  connector_id: string | null;
  /** user | assistant | system */
  role: string;
  /** { text, actions?, attachments?, clientMessageId? } */
  content_json: JsonText;
  /** The ChatStep the message was written at. */
  chat_step: TextWithDefault;
  created_at: EpochMs;
}

/**
 * Daily counters per org, end-customer org and integration. The home cards, the organizations
 * lists and graphs sum a date range of these instead of counting log rows.
 */
export interface UsageDailyTable {
  org_id: string;
  /** '' for counters that belong to no end-customer org. */
  origin_org_id: string;
  /** '' for counters that belong to no integration. */
  integration_id: string;
  /** UTC midnight in ms. */
  day: EpochMs;
  api_calls: IntWithDefault;
  native_api_calls: IntWithDefault;
  events_emitted: IntWithDefault;
  events_consumed: IntWithDefault;
  issues: IntWithDefault;
  /** Unified API calls answered above 299 (the logs graph's apiCallErrors). */
  api_call_errors: IntWithDefault;
  /** Webhook records whose last attempt failed or that went stale (the logs graph's webhookErrors). */
  webhook_errors: IntWithDefault;
}

/** Accounts per organisation, category and state; kept by triggers (migration 20261126090000), never written by code. */
export interface IntegratedAccountCountsTable {
  org_id: string;
  category: string;
  integration_state: string;
  count: IntWithDefault;
}

/** Accounts per organisation and end customer; kept by triggers (migration 20261126100000), never written by code. */
export interface EndCustomerAccountCountsTable {
  org_id: string;
  origin_org_id: string;
  count: IntWithDefault;
}

/** End customers with at least one account, per organisation; kept by triggers (migration 20261127090000), never written by code. */
export interface ServedOrganizationCountsTable {
  org_id: string;
  count: IntWithDefault;
}

/** All-time sums of usage_daily per end customer; kept by triggers (migration 20261127100000), never written by code. */
export interface EndCustomerUsageTotalsTable {
  org_id: string;
  origin_org_id: string;
  api_calls: IntWithDefault;
  events_emitted: IntWithDefault;
  events_consumed: IntWithDefault;
  issues: IntWithDefault;
}

/** All-time sums of usage_daily per end customer and integration; kept by triggers (migration 20261127090000), never written by code. */
export interface UsageTotalsTable {
  org_id: string;
  origin_org_id: string;
  integration_id: string;
  api_calls: IntWithDefault;
  events_emitted: IntWithDefault;
  events_consumed: IntWithDefault;
  issues: IntWithDefault;
}

/**
 * An OAuth authorisation the end customer started and has not finished (migration 20261130110000).
 * `sealed` holds the expected state, the PKCE verifier and the earlier steps' setup values, sealed
 * for their own purpose; the row is found by the sha-256 of the state's nonce.
 */
export interface OauthAuthorizationsTable {
  id: string;
  nonce_hash: string;
  auth_session_id: string;
  app_id: string;
  category: string;
  sealed: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  /** Set by the one callback that claims it. */
  used_at: EpochMs | null;
}

/**
 * The OAuth tokens of an integrated account (migration 20261130110000): sealed, with the access
 * token's expiry in clear and the lease of the one caller refreshing them.
 */
export interface AccountOauthTokensTable {
  integration_id: string;
  app_id: string;
  tokens_sealed: string;
  access_expires_at: EpochMs;
  refresh_claim_id: string | null;
  refresh_claimed_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}
