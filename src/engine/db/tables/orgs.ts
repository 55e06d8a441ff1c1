import type {
  BoolWithDefault,
  IdentityId,
  EpochMs,
  IntBool,
  IntWithDefault,
  JsonText,
  TextWithDefault,
} from './types.ts';

/** A group of organisations billed together; orgMetaData.clusterDetails comes from here. */
export interface ClustersTable {
  id: string;
  name: string;
  /** clusterDetails.usage: billing parameter -> used amount across the cluster. */
  usage_json: TextWithDefault;
  /** clusterDetails.orgsMap as the billing system reports it. */
  orgs_map_json: TextWithDefault;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface PlansTable {
  id: string;
  name: string;
  /** planDetails.billingPeriodUnit (month, year, ...); the label lookup lives in shared code. */
  billing_period_unit: string | null;
  billing_period: IntWithDefault;
  price_minor: IntWithDefault;
  currency_code: TextWithDefault;
  /** Allowed credits the plan grants (currentAllowedCredits of a paid org). */
  credits: IntWithDefault;
  consumption_parameters_json: TextWithDefault;
  billing_parameters_json: TextWithDefault;
  /** featureList the plan turns on: { dynamicSyncFrequency, whiteLabelling, ... }. */
  features_json: TextWithDefault;
  is_trial: BoolWithDefault;
  is_public: BoolWithDefault;
  position: IntWithDefault;
  created_at: EpochMs;
}

/**
 * The customer's organisation with every orgMetaData field flattened, so getOrgMetaData and the
 * usage meter read one row.
 */
export interface OrganisationsTable {
  id: string;
  name: string;
  /** Org size option (01-50, ...). */
  size: string | null;
  /** immediately, 30_days, 3_months, not_sure. */
  go_live_plan: string | null;
  /** test | production: default type of new integrated accounts. */
  default_integration_type: TextWithDefault;
  is_trial: BoolWithDefault;
  is_paid: BoolWithDefault;
  /** Credits used in the current period (orgMetaData.usage). */
  usage: IntWithDefault;
  default_trial_credits: IntWithDefault;
  current_allowed_credits: IntWithDefault;
  /** orgMetaData.trialExpiryDate, stored in ms (the API gives unix seconds). */
  trial_expires_at: EpochMs | null;
  subscription_id: string | null;
  plan_id: string | null;
  /** planDetails.planName, denormalised so the meter needs no join. */
  plan_name: string | null;
  billing_period_unit: string | null;
  /** orgConsumptionParameters: parameter -> allowed amount. */
  consumption_parameters_json: TextWithDefault;
  /** orgBillingParameters: billed parameter names. */
  billing_parameters_json: TextWithDefault;
  /** parameterOrgUsageDetails: parameter -> used amount (when not in a cluster). */
  usage_details_json: TextWithDefault;
  cluster_id: string | null;
  feature_dynamic_sync_frequency: BoolWithDefault;
  feature_white_labelling: BoolWithDefault;
  feature_custom_mapping: BoolWithDefault;
  feature_language_options: BoolWithDefault;
  /** User details' chargebeeChecks: whether billing checks apply to this org. */
  chargebee_checks: BoolWithDefault;
  /** Journey status: webappFlowCompleted, aiAgentFlowCompleted, gettingStartedFlowCompleted. */
  webapp_flow_completed: BoolWithDefault;
  ai_agent_flow_completed: BoolWithDefault;
  getting_started_completed: BoolWithDefault;
  /** web | ai: the getting-started flow in progress (switching asks for confirmation). */
  active_flow: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

export interface UsersTable {
  id: string;
  org_id: string;
  /** Always lowercased (check constraint); unique among users not deleted. */
  email: string;
  username: string | null;
  designation: string | null;
  /** admin | member | billingcontact. */
  role: string;
  /** False for invited users until they sign up. */
  is_verified: BoolWithDefault;
  invited_by: string | null;
  invited_at: EpochMs | null;
  /** Resend-invite cooldown is measured from here (60 s). */
  last_invite_at: EpochMs | null;
  /** Apps picked at sign-up: [{ id, label, category }]; unlisted apps have category Requested. */
  apps_json: TextWithDefault;
  hide_test_acc_popup: BoolWithDefault;
  last_test_acc_popup_at: EpochMs | null;
  onboarding_completed: BoolWithDefault;
  welcome_seen: BoolWithDefault;
  /** Null until the first successful OTP login: isFirstLogin is derived from it. */
  first_login_at: EpochMs | null;
  last_login_at: EpochMs | null;
  created_at: EpochMs;
  updated_at: EpochMs;
  deleted_at: EpochMs | null;
}

export interface UserFeatureFlagsTable {
  user_id: string;
  flag: string;
  enabled: IntBool;
  updated_at: EpochMs;
}

/** Sessions live in the database so any engine process can serve any request. */
export interface SessionsTable {
  id: string;
  /** sha-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  org_id: string;
  created_at: EpochMs;
  last_seen_at: EpochMs;
  idle_expires_at: EpochMs;
  absolute_expires_at: EpochMs;
  revoked_at: EpochMs | null;
  user_agent: string | null;
  ip: string | null;
}

export interface OtpChallengesTable {
  id: string;
  email: string;
  /** Groups a sign-in attempt and its resends; verifyOtp checks the newest live challenge. */
  attempt_id: string;
  code_hash: string;
  new_user: BoolWithDefault;
  /** The sign-up context (data, planId) carried from signIn to sendOrgDetails. */
  context_json: JsonText | null;
  created_at: EpochMs;
  expires_at: EpochMs;
  attempts: IntWithDefault;
  /** Too many wrong codes: verify answers 489 and the user starts over. */
  dead: BoolWithDefault;
  used_at: EpochMs | null;
  resend_available_at: EpochMs;
}

/** Fixed-window counters and cooldowns shared by all engine processes. */
export interface RateLimitsTable {
  /** Subject, e.g. `resendOtp:user@example.com`. */
  key: string;
  window_start: EpochMs;
  count: IntWithDefault;
  next_allowed_at: EpochMs | null;
  updated_at: EpochMs;
}

export interface InvitesTable {
  /** The id signed into the invite link's token. */
  id: string;
  org_id: string;
  email: string;
  role: string;
  invited_by: string | null;
  /** The unverified user row created with the invite. */
  user_id: string | null;
  /**
   * Set on a notice to an address that belongs to another organisation (user_id null): the id the
   * inviting admin sees for it in place of a user row.
   */
  stand_in_user_id: string | null;
  created_at: EpochMs;
  last_sent_at: EpochMs;
  expires_at: EpochMs | null;
  accepted_at: EpochMs | null;
  revoked_at: EpochMs | null;
}

/** Dev mailbox: every e-mail the engine would send when SMTP is not configured. */
export interface MailboxTable {
  id: IdentityId;
  to_email: string;
  subject: string;
  text: string;
  html: string | null;
  /** otp | invite | magicLink | other. */
  kind: string;
  otp: string | null;
  link: string | null;
  created_at: EpochMs;
}
