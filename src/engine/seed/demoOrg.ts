import type { NewRow } from '../db/schema.ts';
import { apiKeyPrefix, newApiKey } from '../repositories/apiKeys.ts';
import { newWebhookSigningSecret } from '../repositories/webhookSigningSecrets.ts';
import { sealSecret } from '../services/secrets.ts';
import { hashToken } from '../services/tokens.ts';
import { CATEGORIES, type Category } from '../../shared/categories.ts';
import { subcategoriesOf } from './catalogModel.ts';
import type { DemoContext, DemoUser } from './context.ts';
import { consumptionParameters, planById } from './plans.ts';
import { DAY_MS, HOUR_MS } from '../../shared/timeWindows.ts';

/*
 * The demo organisation itself: 'Acme Integrations' on the Scale plan (paid, every plan feature),
 * its users, API keys, webhooks, onboarding state, billing history and personalisation. Small
 * tables, written with plain inserts; the volume lives in the other modules.
 */

export const DEMO_ORG_NAME = 'Acme Integrations';
export const DEMO_ADMIN_EMAIL = 'demo@acme.test';
export const DEMO_PLAN_ID = 'scale-monthly';

/** Web-flow categories still being onboarded: enabled, syncs not yet turned on. */
const IN_PROGRESS: Category[] = ['TICKETING', 'E_SIGN'];
/** Categories whose syncs start on the API trigger instead of automatically. */
const SYNC_ON_API: Category[] = ['ACCOUNTING'];
/** A webhook whose URL was edited after its test: saved, not live. */
const NOT_LIVE: Category[] = ['EMAIL'];

const hasSyncModels = (c: Category): boolean => subcategoriesOf(c).length > 0;
/** Whether the organisation has syncs on for a category (accounts inherit it as syncEnabled). */
export const categorySyncEnabled = (c: Category): boolean => hasSyncModels(c) && !IN_PROGRESS.includes(c);
export const categorySyncOnApi = (c: Category): boolean => SYNC_ON_API.includes(c);

/** UTC month anniversaries of a subscription start up to now: the billing terms. */
function termStarts(start: number, now: number): number[] {
  const d = new Date(start);
  const out: number[] = [];
  for (let k = 0; ; k++) {
    const t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, d.getUTCDate());
    if (t > now) return out;
    out.push(t);
  }
}

export async function createDemoOrg(ctx: DemoContext, orgCreatedAt: number): Promise<void> {
  const { db, now, rng } = ctx;
  const plan = planById(DEMO_PLAN_ID)!;
  const subscriptionStart = orgCreatedAt + 14 * DAY_MS;
  const terms = termStarts(subscriptionStart, now);
  ctx.termStart = terms[terms.length - 1];

  await db.insertInto('organisations').values({
    id: ctx.orgId, name: ctx.orgName, size: '51-100', go_live_plan: '30_days', default_integration_type: 'production',
    is_trial: 0, is_paid: 1, usage: 0, default_trial_credits: planById('trial')!.credits ?? 5_000, current_allowed_credits: plan.credits ?? 0,
    trial_expires_at: null, subscription_id: rng.id('sub'), plan_id: plan.planId, plan_name: plan.planName,
    billing_period_unit: plan.billingPeriodUnit, consumption_parameters_json: JSON.stringify(consumptionParameters(plan)),
    billing_parameters_json: JSON.stringify(plan.billingParameters.map((p) => p.parameter)), usage_details_json: '{}',
    cluster_id: null, feature_dynamic_sync_frequency: 1, feature_white_labelling: 1, feature_custom_mapping: 1, feature_language_options: 1,
    chargebee_checks: 1, webapp_flow_completed: 1, ai_agent_flow_completed: 1, getting_started_completed: 1, active_flow: 'ai',
    created_at: orgCreatedAt, updated_at: now,
  }).execute();

  await createUsers(ctx, orgCreatedAt);
  await createApiKeys(ctx, orgCreatedAt);
  await createWebhooksAndOnboarding(ctx, orgCreatedAt);
  await createBilling(ctx, terms);

  const firstName = ctx.users.admin.name!.split(' ')[0];
  await db.insertInto('ui_customisation').values({
    org_id: ctx.orgId, org_name: ctx.orgName, tnc_url: 'https://acme-integrations.test/legal/terms',
    custom_points_json: JSON.stringify(['Connect your apps in under a minute', 'Your credentials are encrypted and never shared', 'Disconnect at any time from your settings']),
    logo_url: null, logo_file_name: null, logo_upload_key: null, updated_at: now - 40 * DAY_MS,
  }).execute();
  await db.insertInto('email_customisation').values({
    org_id: ctx.orgId, from_name: ctx.orgName, reply_to: 'support@acme.test', subject: 'Connect your apps to Acme Integrations',
    body: `Hi {{originUserName}},\n\nPlease connect your {{category}} app so we can keep your data in sync.\n\n${firstName} from ${ctx.orgName}`,
    settings_json: JSON.stringify({ buttonLabel: 'Connect now', brandColor: '#3B5BDB' }), updated_at: now - 38 * DAY_MS,
  }).execute();
}

async function createUsers(ctx: DemoContext, created: number): Promise<void> {
  const { db, faker, rng, now, orgId } = ctx;
  const person = (email?: string): DemoUser => {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    return { id: rng.id('usr'), name: `${first} ${last}`, email: email ?? `${first}.${last}@acme.test`.toLowerCase().replace(/[^a-z0-9.@]/g, '') };
  };
  const admin: DemoUser = { id: rng.id('usr'), email: DEMO_ADMIN_EMAIL, name: 'Dana Reyes' };
  const member = person();
  const billing = { ...person('billing@acme.test') };
  const invited = { ...person(), name: null };
  ctx.users = { admin, member, billing, invited };

  const base = { org_id: orgId, hide_test_acc_popup: 0, deleted_at: null, updated_at: now } as const;
  const rows: NewRow<'users'>[] = [
    { ...base, id: admin.id, email: admin.email, username: admin.name, designation: 'Head of Platform', role: 'admin', is_verified: 1,
      invited_by: null, invited_at: null, last_invite_at: null, onboarding_completed: 1, welcome_seen: 1,
      apps_json: JSON.stringify([
        { id: 'bamboohr', label: 'BambooHR', category: 'HRIS' }, { id: 'greenhouse', label: 'Greenhouse', category: 'ATS' },
        { id: 'salesforce', label: 'Salesforce', category: 'CRM' }, { id: 'requested:acme-payroll', label: 'Acme Payroll', category: 'Requested' },
      ]),
      last_test_acc_popup_at: now - 5 * HOUR_MS, first_login_at: created, last_login_at: now - 2 * HOUR_MS, created_at: created },
    { ...base, id: member.id, email: member.email, username: member.name, designation: 'Software Engineer', role: 'member', is_verified: 1,
      invited_by: admin.id, invited_at: created + 3 * DAY_MS, last_invite_at: created + 3 * DAY_MS, onboarding_completed: 1, welcome_seen: 1,
      apps_json: '[]', last_test_acc_popup_at: null, first_login_at: created + 3 * DAY_MS, last_login_at: now - 26 * HOUR_MS, created_at: created + 3 * DAY_MS },
    { ...base, id: billing.id, email: billing.email, username: billing.name, designation: 'Finance Manager', role: 'billingcontact', is_verified: 1,
      invited_by: admin.id, invited_at: created + 10 * DAY_MS, last_invite_at: created + 10 * DAY_MS, onboarding_completed: 1, welcome_seen: 1,
      apps_json: '[]', last_test_acc_popup_at: null, first_login_at: created + 11 * DAY_MS, last_login_at: now - 9 * DAY_MS, created_at: created + 10 * DAY_MS },
    { ...base, id: invited.id, email: invited.email, username: null, designation: null, role: 'member', is_verified: 0,
      invited_by: admin.id, invited_at: now - 3 * DAY_MS, last_invite_at: now - 2 * DAY_MS, onboarding_completed: 0, welcome_seen: 0,
      apps_json: '[]', last_test_acc_popup_at: null, first_login_at: null, last_login_at: null, created_at: now - 3 * DAY_MS },
  ];
  await db.insertInto('users').values(rows).execute();
  await db.insertInto('user_feature_flags').values([
    { user_id: admin.id, flag: 'ai_connectors', enabled: 1, updated_at: created },
    { user_id: member.id, flag: 'ai_connectors', enabled: 0, updated_at: created + 3 * DAY_MS },
  ]).execute();
  await db.insertInto('invites').values([
    { id: rng.id('inv'), org_id: orgId, email: member.email, role: 'member', invited_by: admin.id, user_id: member.id,
      created_at: created + 3 * DAY_MS, last_sent_at: created + 3 * DAY_MS, expires_at: created + 10 * DAY_MS, accepted_at: created + 3 * DAY_MS + HOUR_MS, revoked_at: null, stand_in_user_id: null },
    { id: rng.id('inv'), org_id: orgId, email: billing.email, role: 'billingcontact', invited_by: admin.id, user_id: billing.id,
      created_at: created + 10 * DAY_MS, last_sent_at: created + 10 * DAY_MS, expires_at: created + 17 * DAY_MS, accepted_at: created + 11 * DAY_MS, revoked_at: null, stand_in_user_id: null },
    { id: rng.id('inv'), org_id: orgId, email: invited.email, role: 'member', invited_by: admin.id, user_id: invited.id,
      created_at: now - 3 * DAY_MS, last_sent_at: now - 2 * DAY_MS, expires_at: now + 4 * DAY_MS, accepted_at: null, revoked_at: null, stand_in_user_id: null },
  ]).execute();
}

/**
 * Live prod and sandbox keys (the CLI prints them: the only time they are shown), a revoked prod
 * key that shows a rotation, and the webhook signing secret, sealed. Secrets come from the system's
 * randomness, not the seeded generator: a seed number must not give anyone the demo's keys.
 */
async function createApiKeys(ctx: DemoContext, created: number): Promise<void> {
  const { db, rng, orgId, now } = ctx;
  const keys = [
    { kind: 'prod' as const, key: newApiKey('prod'), created_at: created + DAY_MS, revoked_at: created + 60 * DAY_MS, last_used_at: created + 59 * DAY_MS },
    { kind: 'prod' as const, key: newApiKey('prod'), created_at: created + 60 * DAY_MS, revoked_at: null, last_used_at: now - 10 * 60_000 },
    { kind: 'sandbox' as const, key: newApiKey('sandbox'), created_at: created + DAY_MS, revoked_at: null, last_used_at: now - 3 * HOUR_MS },
  ];
  await db.insertInto('api_keys').values(keys.map((k) => ({
    id: rng.id('key'), org_id: orgId, kind: k.kind, key_hash: hashToken(k.key), prefix: apiKeyPrefix(k.key),
    created_at: k.created_at, revoked_at: k.revoked_at, last_used_at: k.last_used_at,
  }))).execute();
  ctx.keys = { prod: keys[1].key, sandbox: keys[2].key };
  await db.insertInto('webhook_signing_secrets').values({
    org_id: orgId, secret_sealed: sealSecret(newWebhookSigningSecret(), ctx.secret, 'webhook-signing-secrets'), created_at: created + DAY_MS,
  }).execute();
}

async function createWebhooksAndOnboarding(ctx: DemoContext, created: number): Promise<void> {
  const { db, rng, orgId, now } = ctx;
  const events = await db.selectFrom('webhook_event_types').select(['category', 'value']).orderBy('position').execute();
  const webhooks: NewRow<'webhooks'>[] = [];
  const journeys: NewRow<'getting_started'>[] = [];
  const settings: NewRow<'org_category_settings'>[] = [];
  CATEGORIES.forEach((category, i) => {
    const enabledAt = created + (1 + i * 4) * DAY_MS;
    const withModels = hasSyncModels(category);
    const inProgress = IN_PROGRESS.includes(category);
    const webhookRegistered = withModels && category !== 'E_SIGN';
    if (webhookRegistered) {
      const destination = `https://hooks.acme-integrations.test/knit/${category.toLowerCase().replace(/_/g, '-')}`;
      ctx.webhookPaths[category] = new URL(destination).pathname;
      const live = !NOT_LIVE.includes(category);
      webhooks.push({
        id: rng.id('whk'), org_id: orgId, category, destination, live: live ? 1 : 0,
        tested_events_json: JSON.stringify(live ? events.filter((e) => e.category === category).map((e) => e.value) : []),
        created_at: enabledAt, updated_at: live ? enabledAt : now - 6 * DAY_MS,
      });
    }
    const embedDone = !inProgress;
    const steps = [
      { stepId: 'selectCategory', stepStatus: true, subSteps: [] },
      ...(withModels ? [{ stepId: 'registerWebhook', stepStatus: webhookRegistered, subSteps: [] }] : []),
      { stepId: 'embedSdk', stepStatus: embedDone, subSteps: [
        { subStepId: 'apiKey', subStepStatus: webhookRegistered || !withModels },
        { subStepId: 'authSessionToken', subStepStatus: embedDone },
        { subStepId: 'embedSdk', subStepStatus: embedDone },
        { subStepId: 'magicLink', subStepStatus: embedDone && i % 3 === 0 },
      ] },
      { stepId: 'fetchData', stepStatus: !inProgress, subSteps: [] },
    ];
    journeys.push({ org_id: orgId, flow: 'web', category, enabled: 1, in_progress: inProgress ? 1 : 0, onboarding_completed: inProgress ? 0 : 1,
      steps_json: JSON.stringify(steps), last_modified: inProgress ? now - (3 + i) * DAY_MS : enabledAt + 2 * DAY_MS, created_at: enabledAt });
    const syncOn = categorySyncEnabled(category);
    const models = syncOn
      ? subcategoriesOf(category).map((s) => ({ subCategory: s.value, syncModels: s.models.filter((m, k) => m.default || k % 2 === 1).map((m) => m.id) }))
      : [];
    settings.push({ org_id: orgId, category, sync_enabled: syncOn ? 1 : 0, sync_on_api: categorySyncOnApi(category) ? 1 : 0,
      sync_models_json: JSON.stringify(models), ai_toolkit_enabled: category === 'HRIS' || category === 'CRM' ? 1 : 0, updated_at: enabledAt + DAY_MS });
  });
  // AI Agents Toolkit flow: CRM finished, HRIS in progress (the most recent change: the ongoing flow).
  const aiSteps = (embed: boolean) => JSON.stringify([
    { stepId: 'selectCategory', stepStatus: true, subSteps: [] },
    { stepId: 'useToolkit', stepStatus: true, subSteps: [] },
    { stepId: 'embedSdk', stepStatus: embed, subSteps: [] },
  ]);
  journeys.push(
    { org_id: orgId, flow: 'ai', category: 'CRM', enabled: 1, in_progress: 0, onboarding_completed: 1, steps_json: aiSteps(true), last_modified: now - 20 * DAY_MS, created_at: now - 25 * DAY_MS },
    { org_id: orgId, flow: 'ai', category: 'HRIS', enabled: 1, in_progress: 1, onboarding_completed: 0, steps_json: aiSteps(false), last_modified: now - DAY_MS, created_at: now - 4 * DAY_MS },
  );
  await db.insertInto('webhooks').values(webhooks).execute();
  await db.insertInto('getting_started').values(journeys).execute();
  await db.insertInto('org_category_settings').values(settings).execute();
}

async function createBilling(ctx: DemoContext, terms: number[]): Promise<void> {
  const { db, rng, orgId, now } = ctx;
  const [first, last] = ctx.users.admin.name!.split(' ');
  const invoices: NewRow<'invoices'>[] = terms.map((start, k) => {
    const end = terms[k + 1] ?? termStarts(start, start + 40 * DAY_MS)[1];
    const launch = k < 2;
    const description = launch ? 'Launch (monthly)' : 'Scale (monthly)';
    const items = [{ description, amount: launch ? 49_900 : 149_900, quantity: 1, date_from: Math.floor(start / 1000), date_to: Math.floor(end / 1000) }];
    if (k === terms.length - 3) items.push({ description: 'Connected accounts over 100', amount: 12 * 1_500, quantity: 12, date_from: Math.floor(start / 1000), date_to: Math.floor(end / 1000) });
    const number = `INV-${String(101 + k).padStart(6, '0')}`;
    return {
      id: rng.id('invc'), org_id: orgId, number, date: start, currency_code: 'USD', amount_paid: items.reduce((s, i) => s + i.amount, 0),
      plan_name: description, line_items_json: JSON.stringify(items), download_url: `https://billing.integrations.test/invoices/${number}.pdf`,
      file_name: `Invoice-${number}.pdf`, created_at: start,
    };
  });
  if (invoices.length > 0) await db.insertInto('invoices').values(invoices).execute();
  await db.insertInto('payment_customers').values({
    org_id: orgId, first_name: first, last_name: last, email: ctx.users.billing.email, billing_first_name: first, billing_last_name: last,
    billing_line1: '500 Howard Street', billing_line2: 'Suite 300', billing_state: 'CA', billing_zip: '94105', vat_number: null,
    created_at: terms[0] ?? now, updated_at: now - 30 * DAY_MS,
  }).execute();
  await db.insertInto('payment_cards').values({ id: rng.id('card'), org_id: orgId, card_type: 'visa', masked_number: '************4242', is_primary: 1, created_at: terms[0] ?? now }).execute();
}
