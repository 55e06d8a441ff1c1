import type { BoolWithDefault, Bytes, EpochMs, IntWithDefault, JsonText, TextWithDefault } from './types.ts';

export interface InvoicesTable {
  id: string;
  org_id: string;
  /** Invoice No as shown in the table. */
  number: string;
  /** Invoice date in ms (the API gives epoch seconds). */
  date: EpochMs;
  currency_code: string;
  /** Minor units. */
  amount_paid: number;
  plan_name: string | null;
  /** [{ description }] */
  line_items_json: TextWithDefault;
  download_url: string | null;
  file_name: string | null;
  created_at: EpochMs;
  /** Minor units; null: the line items' amounts summed (amount_paid when they carry none). */
  total: number | null;
  /** paid | payment_due | not_paid | voided | pending; null: paid when amount_paid covers the total. */
  status: string | null;
}

export interface PaymentCustomersTable {
  org_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  billing_first_name: string | null;
  billing_last_name: string | null;
  billing_line1: string | null;
  billing_line2: string | null;
  billing_state: string | null;
  billing_zip: string | null;
  vat_number: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
  company: string | null;
  billing_city: string | null;
  /** ISO 3166-1 alpha-2. */
  billing_country: string | null;
}

export interface PaymentCardsTable {
  id: string;
  org_id: string;
  card_type: string;
  /** Already masked (e.g. ************4242); the full number never reaches us. */
  masked_number: string;
  is_primary: BoolWithDefault;
  created_at: EpochMs;
  expiry_month: number | null;
  expiry_year: number | null;
}

/** Talk to Sales requests (app.payment.plans.notify): one notification per org and plan a day. */
export interface SalesRequestsTable {
  id: string;
  org_id: string;
  user_id: string | null;
  plan_id: string;
  message: string | null;
  created_at: EpochMs;
}

export interface ApiKeysTable {
  id: string;
  org_id: string;
  /** prod | sandbox; one unrevoked key per org and kind. */
  kind: string;
  /** sha-256 of the key: bearer API-key auth looks keys up by this. */
  key_hash: string;
  /** First characters (sk_live_AbCd), safe to show and log; the key itself is never stored. */
  prefix: string;
  created_at: EpochMs;
  revoked_at: EpochMs | null;
  last_used_at: EpochMs | null;
}

export interface WebhooksTable {
  id: string;
  org_id: string;
  category: string;
  destination: string;
  /** Set by a 200 test reply, cleared when the URL is edited. */
  live: BoolWithDefault;
  /** Event types tested so far: [eventType]. */
  tested_events_json: TextWithDefault;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** An organisation's webhook signing secret (whsec_...), sealed (services/secrets.ts); created on first use. */
export interface WebhookSigningSecretsTable {
  org_id: string;
  secret_sealed: string;
  created_at: EpochMs;
}

/**
 * The webhook modal's test state per organisation, category and exact URL (the URL being edited is
 * not saved yet). A 200 answer to app.testWebhook makes the URL live until live_until (one hour);
 * app.testWebhookEvent adds the events the URL answered 200 to.
 */
export interface WebhookTestsTable {
  org_id: string;
  category: string;
  /** sha-256 hex of the trimmed URL: the key, since URLs are long. */
  destination_hash: string;
  destination: string;
  /** Status of the last app.testWebhook answer (0 when unreachable). */
  last_status: number;
  /** Null when the last test was not a 200. */
  live_until: EpochMs | null;
  /** [{ subCategory, eventType }] answered 200 while live. */
  tested_events_json: TextWithDefault;
  tested_at: EpochMs;
}

/** Getting-started state of one category in one flow (web | ai) of one org. */
export interface GettingStartedTable {
  org_id: string;
  flow: string;
  category: string;
  enabled: BoolWithDefault;
  in_progress: BoolWithDefault;
  onboarding_completed: BoolWithDefault;
  /** Journey steps: [{ stepId, stepStatus, subSteps, stepInitialData }]. */
  steps_json: TextWithDefault;
  last_modified: EpochMs;
  created_at: EpochMs;
}

/** Org-wide settings of a category: sync start mode and models chosen in Fetch Data. */
export interface OrgCategorySettingsTable {
  org_id: string;
  category: string;
  sync_enabled: BoolWithDefault;
  /** true: syncs start on the v1.0/sync.start call; false: automatically. */
  sync_on_api: BoolWithDefault;
  /** [{ subCategory, syncModels: [modelId] }] */
  sync_models_json: TextWithDefault;
  ai_toolkit_enabled: BoolWithDefault;
  updated_at: EpochMs;
}

export interface UiCustomisationTable {
  org_id: string;
  org_name: string | null;
  tnc_url: string | null;
  /** Intro points: [text]. */
  custom_points_json: TextWithDefault;
  logo_url: string | null;
  logo_file_name: string | null;
  /** The upload holding the svg, when it was uploaded here. */
  logo_upload_key: string | null;
  updated_at: EpochMs;
}

export interface EmailCustomisationTable {
  org_id: string;
  from_name: string | null;
  reply_to: string | null;
  subject: string | null;
  body: string | null;
  /** Anything else the designed payload carries. */
  settings_json: TextWithDefault;
  updated_at: EpochMs;
}

/** Files PUT to a signed URL (logos). Small, so kept in the database to stay stateless. */
export interface UploadsTable {
  key: string;
  org_id: string;
  content_type: string;
  /** Null between signing the URL and the PUT. */
  bytes: Bytes | null;
  size_bytes: number | null;
  created_at: EpochMs;
  expires_at: EpochMs;
  uploaded_at: EpochMs | null;
}
