import { type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { MsgOf } from '../contractTypes.ts';
import { memoReference } from './referenceMemo.ts';
import { appLogoKey, uploadUrl } from '../services/uploads.ts';
import { watchedCacheOf } from '../db/watchedCache.ts';
import { givenValues } from '../db/compiledOnce.ts';
import { CATEGORIES, type Category, isCategory } from '../../shared/categories.ts';
import { DEFAULT_TEST_ACCOUNT_EXPIRY_MS } from '../../shared/constants.ts';
import { type IntegrationState, isInactiveState, stateOfFilter, type StateFilter } from '../../shared/integrationStates.ts';

// Integrated accounts as the accounts screen, its filters and the account actions read them.
// The API shape (seconds, 'true'/'false' strings, labels) is built here and only here.
type Db = Kysely<Database> | Transaction<Database>;
type AccountRow = MsgOf<'appGetIntegrationAccounts'>['organizationDetails'][number];

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
const trueFalse = (flag: number) => (flag === 1 ? 'true' : 'false') as 'true' | 'false';
const FREQUENCY_UNITS = ['minutes', 'hours', 'days'] as const;

/** A logo is sent only when it is an absolute URL (the contract's format: uri). */
export const logoUrl = (logo: string | null | undefined): string | undefined =>
  logo && /^[a-z][a-z0-9+.-]*:/i.test(logo) ? logo : undefined;

/**
 * An app's logo as the lists send it: a catalog logo stored as a data: URI becomes the engine's
 * URL of it (app.uploads/app-<appId>.svg), so a page of accounts carries short links the browser
 * fetches once and caches, not the same image on every row; any other URL is sent as stored.
 */
export function appLogoUrl(publicUrl: string, appId: string, logo: string | null | undefined): string | undefined {
  if (logo?.startsWith('data:')) return uploadUrl(publicUrl, appLogoKey(appId));
  return logoUrl(logo);
}

/** Labels an account row shows that live in the catalog: category labels and app logos. */
interface CatalogLabels {
  categoryLabels: Map<string, string>;
  appLogos: Map<string, string | null>;
}

/** The catalog's category labels and app logos (reference data, read once per database handle). */
export function catalogLabels(db: Db): Promise<CatalogLabels> {
  return memoReference(db, 'catalogLabels', async () => {
    const [categories, apps] = await Promise.all([
      db.selectFrom('categories').select(['id', 'label']).execute(),
      db.selectFrom('apps').select(['id', 'logo']).execute(),
    ]);
    return { categoryLabels: new Map(categories.map((c) => [c.id, c.label])), appLogos: new Map(apps.map((a) => [a.id, a.logo])) };
  });
}

/** The columns an accounts-list row is built from (not the sealed credentials or the JSON settings). */
export const ACCOUNT_ROW_COLUMNS = [
  'id', 'origin_org_id', 'origin_org_name', 'user_passed_origin_org_id', 'app_id', 'app_label', 'category', 'integration_state',
  'error_description', 'done_by', 'test_account', 'expires_at', 'expired_at', 'deactivated_at', 'sync_paused', 'sync_enabled',
  'sync_frequency', 'frequency_rate', 'frequency_unit', 'show_custom_fields', 'created_at',
] as const;
type AccountListRow = Pick<Row<'integrated_accounts'>, (typeof ACCOUNT_ROW_COLUMNS)[number]>;

export function toAccountRow(row: AccountListRow, labels: CatalogLabels, publicUrl: string): AccountRow {
  const custom = row.sync_frequency === 'custom';
  const unit = FREQUENCY_UNITS.find((u) => u === row.frequency_unit) ?? null;
  return {
    organization: row.origin_org_name,
    originOrgId: row.origin_org_id,
    userPassedOriginOrgId: row.user_passed_origin_org_id ?? row.origin_org_id,
    appId: row.app_id,
    appIdValue: row.app_id,
    appLabel: row.app_label,
    appLogo: appLogoUrl(publicUrl, row.app_id, labels.appLogos.get(row.app_id)) ?? null,
    category: labels.categoryLabels.get(row.category) ?? row.category,
    categoryValue: row.category as Category,
    integrationState: row.integration_state as IntegrationState,
    errorDescription: row.integration_state === 'Error' ? row.error_description : null,
    integrationId: row.id,
    createdAt: Math.floor(row.created_at / 1000),
    doneBy: row.done_by,
    testAccount: trueFalse(row.test_account),
    expiresAt: row.test_account === 1 ? seconds(row.expires_at ?? DEFAULT_TEST_ACCOUNT_EXPIRY_MS) : null,
    expiredAt: row.integration_state === 'Expired' ? seconds(row.expired_at) : null,
    deactivatedAt: row.integration_state === 'Deactivated' ? seconds(row.deactivated_at) : null,
    syncPaused: row.sync_paused === 1,
    syncEnabled: trueFalse(row.sync_enabled),
    syncFrequency: row.sync_frequency as AccountRow['syncFrequency'],
    frequencyRate: custom ? row.frequency_rate : null,
    frequencyUnit: custom ? unit : null,
    showCustomFields: trueFalse(row.show_custom_fields),
  };
}

export interface AccountFilters {
  state?: StateFilter;
  category?: Category;
  appId?: string;
  originOrgId?: string;
  from?: number;
  to?: number;
}

/** The accounts-list filters as bound values: the state filter as the state it selects ('all' is none). */
export interface AccountFilterValues extends Omit<AccountFilters, 'state'> {
  orgId: string;
  state?: IntegrationState;
}

export function accountFilterValues(orgId: string, { state, ...filters }: AccountFilters): AccountFilterValues {
  return { orgId, ...filters, state: stateOfFilter(state) };
}

/**
 * The accounts-list filters. Every single filter has an index (org_id, <filter>, created_at, id);
 * combined filters seek on one of them and check the rest. A condition applies where its value is
 * given (`given`, db/compiledOnce.ts); `category: false` leaves the category out (the pie chart
 * counts every category under the other filters).
 */
export function applyAccountFilters<O>(
  query: SelectQueryBuilder<Database, 'integrated_accounts', O>,
  filters: AccountFilterValues,
  given: { [K in keyof AccountFilterValues]-?: boolean },
  options: { category?: boolean } = {},
): SelectQueryBuilder<Database, 'integrated_accounts', O> {
  return query
    .where('org_id', '=', filters.orgId)
    .$if(given.state, (q) => q.where('integration_state', '=', filters.state!))
    .$if(options.category !== false && given.category, (q) => q.where('category', '=', filters.category!))
    .$if(given.appId, (q) => q.where('app_id', '=', filters.appId!))
    .$if(given.originOrgId, (q) => q.where('origin_org_id', '=', filters.originOrgId!))
    .$if(given.from, (q) => q.where('created_at', '>=', filters.from!))
    .$if(given.to, (q) => q.where('created_at', '<=', filters.to!));
}

/**
 * Accounts per category under every filter but the category one (the pie chart; the total is a
 * slice or the sum). Filters by state alone read the trigger-kept counts table (one row per
 * category and state), kept per process until integrated_accounts is written (db/watchedCache.ts);
 * app, end-customer and date filters count their own index range.
 */
export async function accountsPerCategory(
  db: Db,
  orgId: string,
  filters: AccountFilters,
  options: { excludeStates?: readonly IntegrationState[] } = {},
): Promise<CategoryCount[]> {
  const narrowed = filters.appId !== undefined || filters.originOrgId !== undefined || filters.from !== undefined || filters.to !== undefined;
  if (narrowed) {
    const excluded = options.excludeStates ?? [];
    const values = accountFilterValues(orgId, filters);
    const rows = await applyAccountFilters(db.selectFrom('integrated_accounts').select(['category', sql<number>`count(*)`.as('count')]), values, givenValues(values), { category: false })
      .$if(excluded.length > 0, (q) => q.where('integration_state', 'not in', excluded))
      .groupBy('category').execute();
    return toCounts(rows);
  }
  const state = stateOfFilter(filters.state);
  const cache = watchedCacheOf<CategoryCount[]>(db, 'accountsPerCategory');
  const read = () => countedPerCategory(db, orgId, state, options.excludeStates ?? []);
  return cache ? cache.read(`${orgId} ${state ?? ''} ${options.excludeStates?.join(',') ?? ''}`, read) : read();
}

type CategoryCount = { category: string; count: number };

async function countedPerCategory(db: Db, orgId: string, state: IntegrationState | undefined, excluded: readonly IntegrationState[]): Promise<CategoryCount[]> {
  return toCounts(await db.selectFrom('integrated_account_counts').select(['category', sql<number>`sum(count)`.as('count')])
    .where('org_id', '=', orgId)
    .$if(state !== undefined, (q) => q.where('integration_state', '=', state!))
    .$if(excluded.length > 0, (q) => q.where('integration_state', 'not in', excluded))
    .groupBy('category').execute());
}

const toCounts = (rows: { category: string; count: number | string | bigint }[]): CategoryCount[] =>
  rows.map((r) => ({ category: r.category, count: Number(r.count) })).filter((r) => r.count > 0);

/** Accounts per category as the pie charts show them (only categories with accounts). */
export function toCategoryCounts(rows: { category: string; count: number | string | bigint }[]): Partial<Record<Category, number>> {
  const out: Partial<Record<Category, number>> = {};
  for (const r of rows) if (isCategory(r.category)) out[r.category] = Number(r.count);
  return out;
}

/**
 * Categories enabled for the organisation in either getting-started flow, in enum order, with
 * labels. Read on every accounts page and kept per process until getting_started is written (db/watchedCache.ts).
 */
export async function enabledCategories(db: Db, orgId: string): Promise<{ value: Category; label: string }[]> {
  const cache = watchedCacheOf<{ value: Category; label: string }[]>(db, 'enabledCategories');
  return cache ? cache.read(orgId, () => readEnabledCategories(db, orgId)) : readEnabledCategories(db, orgId);
}

async function readEnabledCategories(db: Db, orgId: string): Promise<{ value: Category; label: string }[]> {
  const rows = await db
    .selectFrom('getting_started as g')
    .leftJoin('categories as c', 'c.id', 'g.category')
    .select(['g.category', 'c.label'])
    .where('g.org_id', '=', orgId)
    .where('g.enabled', '=', 1)
    .execute();
  const labels = new Map(rows.map((r) => [r.category, r.label ?? r.category]));
  return CATEGORIES.filter((c) => labels.has(c)).map((c) => ({ value: c, label: labels.get(c)! }));
}

/** Sync types (data-model subcategories) of the given categories, for filters and the accounts screen. */
export async function syncTypesOf(db: Db, categories: readonly Category[]): Promise<{ value: string; label: string; category: Category }[]> {
  if (categories.length === 0) return [];
  const rows = await memoReference(db, `syncTypes:${categories.join(',')}`, () => db
    .selectFrom('data_models')
    .select(['category', 'subcategory', 'subcategory_label'])
    .where('category', 'in', categories)
    .groupBy(['category', 'subcategory', 'subcategory_label'])
    .execute());
  const order = (c: string) => CATEGORIES.indexOf(c as Category);
  return [...rows]
    .sort((x, y) => order(x.category) - order(y.category) || x.subcategory_label.localeCompare(y.subcategory_label))
    .map((r) => ({ value: r.subcategory, label: r.subcategory_label, category: r.category as Category }));
}

/** One account of the organisation by its key as the actions send it; integrationId narrows it. */
export async function findAccountByKey(
  db: Db,
  orgId: string,
  key: { originOrgId: string; appId: string; category: string; integrationId?: string },
): Promise<Row<'integrated_accounts'> | undefined> {
  const rows = await db
    .selectFrom('integrated_accounts')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('origin_org_id', '=', key.originOrgId)
    .where('app_id', '=', key.appId)
    .where('category', '=', key.category)
    .$if(key.integrationId !== undefined, (q) => q.where('id', '=', key.integrationId!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  // Without an integrationId the live account wins over deactivated or expired ones of the same app.
  return rows.find((r) => !isInactiveState(r.integration_state)) ?? rows[0];
}

/** What a reintegration link is built from: the account, its app, category and settings. */
type ReintegrationAccount = Pick<Row<'integrated_accounts'>,
  'id' | 'origin_org_id' | 'app_id' | 'category' | 'integration_state' | 'test_account' | 'show_custom_fields'>;

/**
 * The account of an end customer's app (in one of the categories) that a reintegration link
 * reconnects: its Success account, else an active one, else the newest.
 */
export async function findAccountToReintegrate(
  db: Db,
  orgId: string,
  key: { originOrgId: string; appId: string; categories: string[] },
): Promise<ReintegrationAccount | undefined> {
  const rows = await db.selectFrom('integrated_accounts')
    .select(['id', 'origin_org_id', 'app_id', 'category', 'integration_state', 'test_account', 'show_custom_fields'])
    .where('org_id', '=', orgId)
    .where('origin_org_id', '=', key.originOrgId)
    .where('app_id', '=', key.appId)
    .where('category', 'in', key.categories)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.find((r) => r.integration_state === 'Success')
    ?? rows.find((r) => !isInactiveState(r.integration_state)) ?? rows[0];
}

/** What a unified API call needs of its integrated account: who it is, its app and its state. */
export async function findAccountForApiCall(db: Db, orgId: string, integrationId: string) {
  return db.selectFrom('integrated_accounts')
    .select(['id', 'org_id', 'origin_org_id', 'origin_org_name', 'app_id', 'app_label', 'category', 'integration_state', 'sync_paused', 'test_account'])
    .where('id', '=', integrationId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

/** Whether an integrated account of the category was connected to the organisation since `since`. */
export async function hasAccountConnectedSince(db: Db, orgId: string, category: string, since: number): Promise<boolean> {
  const row = await db.selectFrom('integrated_accounts').select('id').where('org_id', '=', orgId).where('category', '=', category)
    .where('created_at', '>=', since).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** An end customer's accounts that are connected and not in Error, newest first (the demo traffic reuses them). */
export async function connectedAccountsOf(db: Db, orgId: string, originOrgId: string) {
  return db.selectFrom('integrated_accounts')
    .select(['id', 'app_id', 'app_label', 'category'])
    .where('org_id', '=', orgId)
    .where('origin_org_id', '=', originOrgId)
    .where('integration_state', '=', 'Success')
    .where('auth_data_json', 'is not', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
