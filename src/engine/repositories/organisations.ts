import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import type { MsgOf } from '../contractTypes.ts';
import { DAY_MS } from '../../shared/timeWindows.ts';

// Organisations and their orgMetaData: one row holds every field, so the usage meter, banners and
// paywall read one row; the API shape (seconds, nested objects) is built here and only here.
type Db = Kysely<Database> | Transaction<Database>;
type OrgMetaData = MsgOf<'appGetOrgMetaData'>['orgMetaData'];

const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'de', label: 'Deutsch' },
  { value: 'fr', label: 'Français' },
  { value: 'es', label: 'Español' },
];
const TRIAL_DAYS = 14;
const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
const parse = <T>(json: string | null | undefined, fallback: T): T => {
  try { return json ? (JSON.parse(json) as T) : fallback; } catch { return fallback; }
};

/** A new user's organisation before step 2 of sign-up: named there, trial started there. */
export async function createPendingOrganisation(db: Db, now: number): Promise<string> {
  const id = newId('org');
  await db.insertInto('organisations').values({ id, name: '', created_at: now, updated_at: now }).execute();
  return id;
}

/** Starts the trial of a newly named organisation, on the plan chosen on the pricing page if any. */
export async function startTrial(db: Db, orgId: string, planId: string | undefined, now: number): Promise<string> {
  const plan = (planId ? await db.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirst() : undefined)
    ?? await db.selectFrom('plans').selectAll().where('is_trial', '=', 1).orderBy('position').executeTakeFirst();
  const features = parse<Record<string, boolean>>(plan?.features_json, { dynamicSyncFrequency: false, whiteLabelling: true, customMapping: true, languageOptions: false });
  const trialPlan = await db.selectFrom('plans').select(['credits']).where('is_trial', '=', 1).orderBy('position').executeTakeFirst();
  const subscriptionId = newId('sub');
  await db.updateTable('organisations').set({
    is_trial: 1,
    is_paid: 0,
    plan_id: plan?.id ?? null,
    plan_name: plan?.name ?? 'Trial',
    billing_period_unit: plan?.billing_period_unit ?? 'day',
    default_trial_credits: trialPlan?.credits ?? 5000,
    current_allowed_credits: 0,
    trial_expires_at: now + TRIAL_DAYS * DAY_MS,
    subscription_id: subscriptionId,
    // The trial is a subscription of the built-in provider, so its billing checks apply.
    chargebee_checks: 1,
    consumption_parameters_json: plan?.consumption_parameters_json ?? '{}',
    // The plan row holds the full parameter objects; the organisation keeps their names.
    billing_parameters_json: JSON.stringify(parse<unknown[]>(plan?.billing_parameters_json, [])
      .map((p) => (typeof p === 'string' ? p : (p as { parameter?: unknown } | null)?.parameter))
      .filter((p): p is string => typeof p === 'string')),
    feature_dynamic_sync_frequency: features.dynamicSyncFrequency ? 1 : 0,
    feature_white_labelling: features.whiteLabelling ? 1 : 0,
    feature_custom_mapping: features.customMapping ? 1 : 0,
    feature_language_options: features.languageOptions ? 1 : 0,
    updated_at: now,
  }).where('id', '=', orgId).execute();
  return subscriptionId;
}

export async function findOrganisation(db: Db, orgId: string): Promise<Row<'organisations'> | undefined> {
  return db.selectFrom('organisations').selectAll().where('id', '=', orgId).executeTakeFirst();
}

export async function orgMetaData(db: Db, org: Row<'organisations'>): Promise<OrgMetaData> {
  const plan = org.plan_id ? await db.selectFrom('plans').select(['billing_period']).where('id', '=', org.plan_id).executeTakeFirst() : undefined;
  const cluster = org.cluster_id ? await db.selectFrom('clusters').select(['usage_json', 'orgs_map_json']).where('id', '=', org.cluster_id).executeTakeFirst() : undefined;
  const trialEnds = org.trial_expires_at;
  return {
    isTrial: org.is_trial === 1,
    isPaid: org.is_paid === 1,
    usage: org.usage,
    defaultTrialCredits: org.default_trial_credits,
    currentAllowedCredits: org.current_allowed_credits,
    trialExpiryDate: seconds(trialEnds),
    subscriptionId: org.subscription_id,
    planDetails: org.plan_id
      ? { planId: org.plan_id, planName: org.plan_name ?? org.plan_id, billingPeriod: Math.max(1, plan?.billing_period ?? 1), billingPeriodUnit: org.billing_period_unit ?? 'month' }
      : null,
    currentTermStart: org.is_trial === 1 && trialEnds !== null ? seconds(trialEnds - TRIAL_DAYS * DAY_MS) : null,
    currentTermEnd: org.is_trial === 1 ? seconds(trialEnds) : null,
    orgConsumptionParameters: parse(org.consumption_parameters_json, {}),
    orgBillingParameters: parse(org.billing_parameters_json, []),
    clusterId: org.cluster_id,
    clusterDetails: cluster ? { usage: parse(cluster.usage_json, {}), orgsMap: parse(cluster.orgs_map_json, {}) } : null,
    parameterOrgUsageDetails: parse(org.usage_details_json, {}),
    featureList: {
      dynamicSyncFrequency: org.feature_dynamic_sync_frequency === 1,
      whiteLabelling: org.feature_white_labelling === 1,
      customMapping: org.feature_custom_mapping === 1,
      languageOptions: org.feature_language_options === 1,
    },
    languageOptions: org.feature_language_options === 1 ? LANGUAGE_OPTIONS : LANGUAGE_OPTIONS.slice(0, 1),
  };
}

/** The details step 2 of sign-up gives a new organisation: its name, size and go-live plan. */
export async function nameOrganisation(db: Db, orgId: string, details: { name: string; size: string | null; goLivePlan: string | null }, now: number): Promise<void> {
  await db.updateTable('organisations').set({ name: details.name, size: details.size, go_live_plan: details.goLivePlan, updated_at: now })
    .where('id', '=', orgId).execute();
}

/** Where the organisation's getting-started flows stand (all false for an unknown organisation). */
export async function onboardingFlagsOf(db: Db, orgId: string): Promise<{ webappFlow: boolean; aiAgentFlow: boolean; gettingStarted: boolean }> {
  const org = await db.selectFrom('organisations').select(['webapp_flow_completed', 'ai_agent_flow_completed', 'getting_started_completed'])
    .where('id', '=', orgId).executeTakeFirst();
  return { webappFlow: org?.webapp_flow_completed === 1, aiAgentFlow: org?.ai_agent_flow_completed === 1, gettingStarted: org?.getting_started_completed === 1 };
}

/** Records a getting-started flow (web or ai) completed, and with it the organisation's onboarding. */
export async function completeOnboardingFlow(db: Db, orgId: string, flow: 'web' | 'ai', now: number): Promise<void> {
  await db.updateTable('organisations').set({
    ...(flow === 'web' ? { webapp_flow_completed: 1 as const } : { ai_agent_flow_completed: 1 as const }),
    getting_started_completed: 1,
    updated_at: now,
  }).where('id', '=', orgId).execute();
}

/** The organisation columns that switch a plan feature on (1) or off. */
export type PlanFeatureColumn = 'feature_dynamic_sync_frequency' | 'feature_white_labelling' | 'feature_custom_mapping' | 'feature_language_options';

/** Whether the organisation's plan has the feature (false for an unknown organisation). */
export async function hasPlanFeature(db: Db, orgId: string, column: PlanFeatureColumn): Promise<boolean> {
  const org = await db.selectFrom('organisations').select(column).where('id', '=', orgId).executeTakeFirst();
  return (org as Record<string, unknown> | undefined)?.[column] === 1;
}

/** The organisation columns the profile and organisation forms change. */
export interface OrganisationChanges { name?: string; size?: string; go_live_plan?: string; default_integration_type?: string }

/** Writes the columns given (an empty change still moves the last-change time). */
export async function updateOrganisationDetails(db: Db, orgId: string, changes: OrganisationChanges, now: number): Promise<void> {
  await db.updateTable('organisations').set({ ...changes, updated_at: now }).where('id', '=', orgId).execute();
}
