import { appSupport, DEMO_APPS, supportedSubcategories } from './catalogModel.ts';
import { type DemoAccount, type DemoContext, type EndCustomer } from './context.ts';
import { categorySyncEnabled } from './demoOrg.ts';
import type { ScalePlan } from './scale.ts';
import { slugify } from './random.ts';
import { CATEGORIES, type Category } from '../../shared/categories.ts';
import { DEFAULT_TEST_ACCOUNT_EXPIRY_MS } from '../../shared/constants.ts';
import { INTEGRATION_STATES, type IntegrationState } from '../../shared/integrationStates.ts';
import { DAY_MS, HOUR_MS } from '../../shared/timeWindows.ts';

/*
 * End-customer organisations and their integrated accounts, planned in memory first (the logs,
 * syncs and mapping modules read them), written afterwards. The first 84 accounts walk every
 * category x integration state pair, so even the smallest demo shows every state in every
 * category; the rest follow realistic weights.
 */

const CATEGORY_WEIGHTS: [Category, number][] = CATEGORIES.map((c) => [
  c,
  ({ HRIS: 20, CRM: 14, ATS: 12, ACCOUNTING: 12, TICKETING: 6, CALENDAR: 5, STORAGE: 5, EXPENSES: 5 } as Partial<Record<Category, number>>)[c] ?? 4,
]);

const STATE_WEIGHTS: [IntegrationState, number][] = [
  ['Success', 70], ['Error', 8], ['Email sent', 5], ['Under validation', 5], ['Deactivated', 7], ['Expired', 5],
];

const ERROR_DESCRIPTIONS = [
  'Invalid API Key',
  'OAuth token expired and could not be refreshed',
  'Insufficient permissions: the connected user cannot read this data',
  'Account subdomain not found',
];

const CUSTOM_FREQUENCIES: [number, 'minutes' | 'hours' | 'days'][] = [[30, 'minutes'], [2, 'hours'], [3, 'hours'], [8, 'hours'], [2, 'days']];

const INDUSTRIES = ['Logistics', 'Health', 'Labs', 'Analytics', 'Foods', 'Retail', 'Capital', 'Media', 'Robotics', 'Systems',
  'Energy', 'Dental', 'Legal', 'Ventures', 'Software', 'Biotech', 'Hospitality', 'Construction', 'Insurance', 'Staffing', 'Pharma',
  'Motors', 'Apparel', 'Fitness', 'Learning', 'Security', 'Travel', 'Cloud', 'Payments', 'Realty'];
const SUFFIXES = ['', '', '', 'Inc', 'LLC', 'Ltd', 'GmbH', 'Group', 'Co'];

/** 'Schowalter Logistics Inc', 'Brightwater Dental', ... (faker's 'X - Y' names read like law firms). */
function companyName(ctx: DemoContext): string {
  const { faker, rng } = ctx;
  const head = rng.chance(0.7) ? faker.person.lastName() : faker.word.adjective({ length: { min: 4, max: 9 } }).replace(/^./, (c) => c.toUpperCase());
  return [head, rng.pick(INDUSTRIES), rng.pick(SUFFIXES)].filter(Boolean).join(' ');
}

export function planCustomers(ctx: DemoContext, count: number): void {
  const { faker, rng, windowStart, now } = ctx;
  const names = new Set<string>();
  const ids = new Set<string>();
  for (let i = 0; i < count; i++) {
    let name = companyName(ctx);
    for (let tries = 0; names.has(name) && tries < 5; tries++) name = companyName(ctx);
    if (names.has(name)) name = `${name} ${i}`;
    names.add(name);
    const slug = slugify(name).slice(0, 24).replace(/-+$/, '');
    let originOrgId = `${slug}-${rng.int(100, 999)}`;
    while (ids.has(originOrgId)) originOrgId = `${slug}-${rng.int(1000, 9999)}`;
    ids.add(originOrgId);
    const customer: EndCustomer = {
      idx: i, id: rng.id('eco'), originOrgId, name, domain: `${slug.replace(/-(and|group|llc|inc)-?/g, '-').replace(/-+$/, '')}.test`,
      // Some customers pass their own casing; the platform keeps the normalised id beside it.
      userPassedOriginOrgId: rng.chance(0.15) ? originOrgId.toUpperCase() : originOrgId,
      createdAt: windowStart + Math.floor(rng.next() * (now - windowStart) * 0.85),
      accounts: 0,
    };
    ctx.customers.push(customer);
  }
}

export function planAccounts(ctx: DemoContext, plan: ScalePlan): void {
  const { rng, faker, now, customers } = ctx;
  const pairs = new Set<string>();
  for (let i = 0; i < plan.accounts; i++) {
    const covering = i < CATEGORIES.length * INTEGRATION_STATES.length;
    const category = covering ? CATEGORIES[i % CATEGORIES.length] : rng.weighted(CATEGORY_WEIGHTS);
    const state = covering ? INTEGRATION_STATES[Math.floor(i / CATEGORIES.length)] : rng.weighted(STATE_WEIGHTS);
    const apps = DEMO_APPS[category];
    // Big customers connect more apps; popular apps (listed first) are connected more often.
    let customer = customers[i < customers.length ? i : Math.floor(customers.length * rng.next() ** 1.7)];
    let app = apps[Math.floor(apps.length * rng.next() ** 1.5)];
    for (let tries = 0; pairs.has(`${customer.idx}|${app.id}`) && tries < 8; tries++) {
      customer = customers[Math.floor(customers.length * rng.next())];
      app = apps[Math.floor(apps.length * rng.next())];
    }
    pairs.add(`${customer.idx}|${app.id}`);
    customer.accounts++;

    const pending = state === 'Email sent' || state === 'Under validation';
    const createdAt = pending
      ? now - rng.int(1, 14 * 24) * HOUR_MS
      : Math.min(customer.createdAt + rng.int(0, 10 * 24) * HOUR_MS, now - 2 * DAY_MS);
    const endedAt = createdAt + Math.floor((now - createdAt) * (0.3 + 0.6 * rng.next()));
    const testAccount = state === 'Expired' || rng.chance(0.25);
    const syncEnabled = categorySyncEnabled(category) && !pending;
    const frequency = rng.weighted([['STANDARD', 55], ['MEDIUM', 20], ['HIGH', 15], ['custom', 10]] as const);
    const custom = frequency === 'custom' ? rng.pick(CUSTOM_FREQUENCIES) : null;
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const doneByRoll = rng.next();
    const account: DemoAccount = {
      idx: i, id: rng.id('int'), customer, app, category, state, createdAt,
      activeUntil: state === 'Deactivated' || state === 'Expired' ? endedAt : now,
      errorSince: state === 'Error' ? Math.max(createdAt + DAY_MS, now - rng.int(1, 20) * DAY_MS) : null,
      errorDescription: state === 'Error' ? rng.weighted(ERROR_DESCRIPTIONS.map((d, k) => [d, k === 0 ? 5 : 1] as const)) : null,
      originUserEmail: `${first}.${last}@${customer.domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
      originUserName: `${first} ${last}`,
      doneBy: state === 'Email sent' || doneByRoll < 0.4 ? ctx.users.admin.email : doneByRoll < 0.5 ? ctx.users.member.email : null,
      testAccount,
      expiresAt: !testAccount ? null
        : state === 'Expired' ? endedAt
        : rng.weighted([[DEFAULT_TEST_ACCOUNT_EXPIRY_MS, 60], [now + rng.int(1, 10) * DAY_MS, 25], [now + rng.int(20, 90) * DAY_MS, 15]] as const),
      syncEnabled,
      syncPaused: syncEnabled && (state === 'Success' || state === 'Error') && rng.chance(0.1),
      frequency,
      frequencyRate: custom ? custom[0] : null,
      frequencyUnit: custom ? custom[1] : null,
      showCustomFields: appSupport(app).isCustomFieldsSupported && rng.chance(0.85),
      subscribed: supportedSubcategories(app).map((s) => ({
        subCategory: s.value,
        syncModels: s.models.filter((m) => m.default || rng.chance(0.5)).map((m) => m.id),
      })),
      presetId: null,
      weight: state === 'Success' ? rng.int(1, 10) : state === 'Error' ? rng.int(1, 4) : rng.int(1, 5),
    };
    ctx.accounts.push(account);
  }
  ensureVariety(ctx);
}

/** Small demos could miss a paused or an expiring-soon account by chance: make sure both exist. */
function ensureVariety(ctx: DemoContext): void {
  const live = ctx.accounts.filter((a) => a.state === 'Success' && a.syncEnabled);
  if (live.length > 1 && !live.some((a) => a.syncPaused)) live[0].syncPaused = true;
  if (live.length > 1 && !ctx.accounts.some((a) => a.testAccount && a.state === 'Success' && a.expiresAt !== null && a.expiresAt < ctx.now + 14 * DAY_MS)) {
    const a = live[live.length - 1];
    a.testAccount = true;
    a.expiresAt = ctx.now + 5 * DAY_MS;
  }
}

export const ACCOUNT_COLUMNS = [
  'id', 'org_id', 'end_customer_org_id', 'origin_org_id', 'origin_org_name', 'user_passed_origin_org_id', 'origin_user_email',
  'origin_user_name', 'app_id', 'app_label', 'category', 'integration_state', 'error_description', 'done_by', 'test_account',
  'expires_at', 'expired_at', 'deactivated_at', 'sync_paused', 'sync_enabled', 'sync_frequency', 'frequency_rate', 'frequency_unit',
  'show_custom_fields', 'subscribed_models_json', 'preset_id', 'auth_data_json', 'created_at', 'updated_at',
] as const;

export const CUSTOMER_COLUMNS = ['id', 'org_id', 'origin_org_id', 'origin_org_name', 'integrated_accounts_count', 'created_at', 'updated_at'] as const;

export function writeCustomers(ctx: DemoContext): void {
  for (const c of ctx.customers) {
    ctx.loader.add('end_customer_orgs', [c.id, ctx.orgId, c.originOrgId, c.name, c.accounts, c.createdAt, ctx.now]);
  }
}

export function writeAccounts(ctx: DemoContext): void {
  for (const a of ctx.accounts) {
    const ended = a.activeUntil < ctx.now ? a.activeUntil : null;
    ctx.loader.add('integrated_accounts', [
      a.id, ctx.orgId, a.customer.id, a.customer.originOrgId, a.customer.name, a.customer.userPassedOriginOrgId, a.originUserEmail,
      a.originUserName, a.app.id, a.app.label, a.category, a.state, a.errorDescription, a.doneBy, a.testAccount ? 1 : 0,
      a.expiresAt, a.state === 'Expired' ? ended : null, a.state === 'Deactivated' ? ended : null, a.syncPaused ? 1 : 0,
      a.syncEnabled ? 1 : 0, a.frequency, a.frequencyRate, a.frequencyUnit, a.showCustomFields ? 1 : 0,
      JSON.stringify(a.subscribed), a.presetId, null, a.createdAt, ended ?? a.errorSince ?? a.createdAt,
    ]);
  }
}
