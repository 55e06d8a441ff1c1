import { type ExpressionBuilder, type Kysely, type SqlBool, type Transaction, sql } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { anyMatchesIgnoringCase, containsPattern, matchesIgnoringCase } from '../db/dialect.ts';
import type {
  SchemaCategory,
  SchemaIntegrationState,
  SchemaMappingPresetDetails,
  SchemaMappingPresetRow,
  SchemaPresetAccountRow,
  SchemaPresetApp,
} from '../../generated/api/engine.ts';
import { logoUrl } from './integratedAccounts.ts';
import { INACTIVE_STATES } from '../../shared/integrationStates.ts';
import { CURSOR_MESSAGE, pagedList, type PageRequest } from './listPaging.ts';
import { givenValues } from '../db/compiledOnce.ts';
import { presetRowsOf } from './mappingPresets.ts';

// Presets and accounts as the presets list and the preset wizard show them (the API shapes are
// built here and only here). A list page loads its presets' apps, organisations and follower
// counts in one query each instead of one per preset.
type Db = Kysely<Database> | Transaction<Database>;
type PresetMode = SchemaMappingPresetRow['mode'];

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The account columns the wizard's account rows show. */
const PRESET_ACCOUNT_COLUMNS = [
  'id', 'origin_org_id', 'origin_org_name', 'app_id', 'app_label', 'category', 'integration_state', 'test_account', 'created_at', 'preset_id',
] as const;
type PresetAccount = Pick<Row<'integrated_accounts'>, (typeof PRESET_ACCOUNT_COLUMNS)[number]>;

export function toPresetAccountRow(row: PresetAccount, presetNames: Map<string, string>): SchemaPresetAccountRow {
  return {
    integrationId: row.id,
    originOrgId: row.origin_org_id,
    originOrgName: row.origin_org_name,
    appId: row.app_id,
    appLabel: row.app_label,
    category: row.category as SchemaCategory,
    integrationState: row.integration_state as SchemaIntegrationState,
    testAccount: row.test_account === 1,
    createdAt: seconds(row.created_at),
    presetId: row.preset_id,
    presetName: row.preset_id ? presetNames.get(row.preset_id) ?? null : null,
  };
}

/** Names of the presets some accounts follow. */
export async function presetNamesOf(db: Db, orgId: string, presetIds: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(presetIds.filter((p): p is string => p !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('mapping_presets').select(['id', 'name']).where('org_id', '=', orgId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function toPresetRows(db: Db, orgId: string, presets: Row<'mapping_presets'>[]): Promise<SchemaMappingPresetRow[]> {
  if (presets.length === 0) return [];
  const ids = presets.map((p) => p.id);
  const apps = await db.selectFrom('mapping_preset_apps as pa').leftJoin('apps as a', 'a.id', 'pa.app_id')
    .select(['pa.preset_id', 'pa.app_id', 'pa.app_label', 'a.logo', 'a.category', 'a.position'])
    .where('pa.preset_id', 'in', ids).orderBy('a.position').orderBy('pa.app_id').execute();
  const orgs = await db.selectFrom('mapping_preset_orgs').select(['preset_id', 'origin_org_id', 'origin_org_name'])
    .where('preset_id', 'in', ids).orderBy('origin_org_name').orderBy('origin_org_id').execute();
  const counts = await db.selectFrom('integrated_accounts').select(['preset_id', sql<number>`count(*)`.as('count')])
    .where('org_id', '=', orgId).where('preset_id', 'in', ids).groupBy('preset_id').execute();
  const countOf = new Map(counts.map((c) => [c.preset_id, Number(c.count)]));
  return presets.map((p) => {
    const own = apps.filter((a) => a.preset_id === p.id);
    const appsList: SchemaPresetApp[] = own.map((a) => {
      const logo = logoUrl(a.logo);
      return { appId: a.app_id, label: a.app_label, ...(logo ? { logo } : {}) };
    });
    const originOrgsList = orgs.filter((o) => o.preset_id === p.id).map((o) => ({ originOrgId: o.origin_org_id, originOrgName: o.origin_org_name }));
    return {
      presetId: p.id,
      presetName: p.name,
      mode: p.mode as PresetMode,
      appId: p.mode === 'category' ? null : p.app_id,
      appLabel: p.mode === 'category' ? null : p.app_label,
      category: (p.category ?? own[0]?.category ?? '') as SchemaCategory,
      appsList,
      createdBy: p.created_by ?? '',
      createdAt: seconds(p.created_at),
      updatedAt: seconds(p.updated_at),
      originOrgsList,
      originOrgsCount: originOrgsList.length,
      integrationCount: countOf.get(p.id) ?? 0,
      isDefault: p.is_default === 1,
    };
  });
}

/** Everything the wizard needs to edit a preset. */
export async function toPresetDetails(db: Db, orgId: string, preset: Row<'mapping_presets'>): Promise<SchemaMappingPresetDetails> {
  const [row] = await toPresetRows(db, orgId, [preset]);
  const rows = await presetRowsOf(db, preset.id);
  const followers = await db.selectFrom('integrated_accounts').select('id').where('org_id', '=', orgId).where('preset_id', '=', preset.id)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return {
    presetId: row.presetId,
    presetName: row.presetName,
    mode: row.mode,
    appId: row.appId,
    appLabel: row.appLabel,
    category: row.category,
    appsList: row.appsList,
    mappings: [...rows.entries()].map(([subCategoryId, list]) => ({
      subCategoryId,
      mappings: list.map((r) => ({ fieldId: r.fieldId, fieldFromApp: r.fieldFromApp, fieldToOrg: r.fieldToOrg, dataType: r.dataType, fieldType: 'CUSTOM' as const, sampleData: r.sampleData })),
    })),
    integrationIds: followers.map((f) => f.id),
    originOrgsList: row.originOrgsList,
    isDefault: row.isDefault,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    integration: null,
  };
}

/** An account of the organisation as the wizard shows it (the account an Edit mapping action opens). */
export async function findPresetAccount(db: Db, orgId: string, integrationId: string): Promise<PresetAccount | undefined> {
  return db.selectFrom('integrated_accounts').select(PRESET_ACCOUNT_COLUMNS).where('org_id', '=', orgId).where('id', '=', integrationId).executeTakeFirst();
}

/**
 * The organisation's presets for /dashboard/presets, newest first (a handful per organisation, so
 * no paging). `search` matches the preset's name, an app label it covers or an organisation
 * following it. Whole rows: the list rows and the wizard are built from every column.
 */
export async function listPresets(db: Db, orgId: string, filters: { mode?: string; appId?: string; search?: string }): Promise<Row<'mapping_presets'>[]> {
  const { mode, appId } = filters;
  const pattern = containsPattern(filters.search);
  return db.selectFrom('mapping_presets as p').selectAll('p')
    .where('p.org_id', '=', orgId)
    .$if(mode !== undefined, (q) => q.where('p.mode', '=', mode!))
    .$if(!!appId, (q) => q.where(({ exists, selectFrom }) =>
      exists(selectFrom('mapping_preset_apps as a').select('a.app_id').whereRef('a.preset_id', '=', 'p.id').where('a.app_id', '=', appId!))))
    .$if(pattern !== undefined, (q) => q.where(({ or, exists, selectFrom }) => or([
      matchesIgnoringCase('p.name', pattern!),
      exists(selectFrom('mapping_preset_apps as a').select('a.app_id').whereRef('a.preset_id', '=', 'p.id')
        .where(matchesIgnoringCase('a.app_label', pattern!))),
      exists(selectFrom('mapping_preset_orgs as o').select('o.origin_org_id').whereRef('o.preset_id', '=', 'p.id')
        .where(matchesIgnoringCase('o.origin_org_name', pattern!))),
    ])))
    .orderBy('p.created_at', 'desc').orderBy('p.id', 'desc')
    .execute();
}

interface PresetAccountFilters { appId?: string; category?: string; originOrgId?: string; search?: string }

interface PresetAccountValues { orgId: string; appId?: string; category?: string; originOrgId?: string; pattern?: string }

function presetAccountsOf(db: Db, v: PresetAccountValues, given: { [K in keyof PresetAccountValues]-?: boolean }) {
  return db.selectFrom('integrated_accounts')
    .where('org_id', '=', v.orgId)
    .where('integration_state', 'not in', INACTIVE_STATES)
    .where('show_custom_fields', '=', 1)
    .$if(given.appId, (q) => q.where('app_id', '=', v.appId!))
    .$if(given.category, (q) => q.where('category', '=', v.category!))
    .$if(given.originOrgId, (q) => q.where('origin_org_id', '=', v.originOrgId!))
    .$if(given.pattern, (q) => q.where(anyMatchesIgnoringCase(['origin_org_name', 'origin_org_id', 'id'], v.pattern!)));
}

const presetAccountsPage = pagedList({
  shapeOf: (v: PresetAccountValues) => givenValues(v),
  build: (db, v, given) => presetAccountsOf(db, v, given).select(PRESET_ACCOUNT_COLUMNS),
}, { ts: 'created_at', id: 'id', idKind: 'text' });

/**
 * One page of the wizard's account pickers (select integration, confirm accounts): accounts with an
 * Edit mapping action, newest first, on the accounts list's (org_id, <filter>, created_at, id)
 * indexes, with the count of all matching accounts.
 */
export async function pagePresetAccounts(db: Db, orgId: string, filters: PresetAccountFilters, page: PageRequest) {
  const values = {
    orgId, appId: filters.appId || undefined, category: filters.category, originOrgId: filters.originOrgId || undefined, pattern: containsPattern(filters.search),
  };
  const found = await presetAccountsPage(db, values, page);
  const total = await presetAccountsOf(db, values, givenValues(values)).select(sql<number>`count(*)`.as('count')).executeTakeFirst();
  return { ...found, total: Number(total?.count ?? 0) };
}

// The origin organisations list is ordered by name, not time, so its cursor is the last row's
// (name, originOrgId), base64url JSON like the keyset cursors, and it seeks on end_customer_orgs
// (org_id, origin_org_name).
const encodeNameCursor = (name: string, id: string) => Buffer.from(JSON.stringify([name, id]), 'utf8').toString('base64url');

function decodeNameCursor(value: string | undefined): [string, string] | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => typeof p === 'string')) return parsed as [string, string];
  } catch {
    // falls through to the 400
  }
  throw badRequest(CURSOR_MESSAGE, 'cursor');
}

interface OriginOrgFilters { appId?: string; category?: string; search?: string }
interface OriginOrgPage {
  items: { originOrgId: string; originOrgName: string; integrationCount: number }[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * One page of the end-customer organisations with accounts (optionally of one app or category),
 * by name, for the wizard's pickers and the presets list's organisation filter. A cursor that does
 * not decode answers 400 before anything is read.
 */
export async function pageOriginOrgs(db: Db, orgId: string, filters: OriginOrgFilters, page: { limit: number; cursor?: string; pageNo?: number }): Promise<OriginOrgPage> {
  const { limit } = page;
  const cursor = decodeNameCursor(page.cursor);
  const pattern = containsPattern(filters.search);
  const accountsOf = (eb: ExpressionBuilder<Database & { e: Database['end_customer_orgs'] }, 'e'>) =>
    eb.selectFrom('integrated_accounts as ia')
      .whereRef('ia.org_id', '=', 'e.org_id')
      .whereRef('ia.origin_org_id', '=', 'e.origin_org_id')
      .$if(!!filters.appId, (q) => q.where('ia.app_id', '=', filters.appId!))
      .$if(filters.category !== undefined, (q) => q.where('ia.category', '=', filters.category!));
  const rows = await db.selectFrom('end_customer_orgs as e')
    .select(['e.origin_org_id', 'e.origin_org_name', (eb) => accountsOf(eb).select(sql<number>`count(*)`.as('n')).as('integration_count')])
    .where('e.org_id', '=', orgId)
    .where((eb) => eb.exists(accountsOf(eb).select('ia.id')))
    .$if(pattern !== undefined, (q) => q.where(anyMatchesIgnoringCase(['e.origin_org_name', 'e.origin_org_id'], pattern!)))
    .$if(cursor !== undefined, (q) => q.where(sql<SqlBool>`e.origin_org_name >= ${cursor![0]} and (e.origin_org_name, e.origin_org_id) > (${cursor![0]}, ${cursor![1]})`))
    .$if(cursor === undefined && (page.pageNo ?? 1) > 1, (q) => q.offset(((page.pageNo ?? 1) - 1) * limit))
    .orderBy('e.origin_org_name').orderBy('e.origin_org_id')
    .limit(limit + 1)
    .execute();
  const hasMore = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items: items.map((r) => ({ originOrgId: r.origin_org_id, originOrgName: r.origin_org_name, integrationCount: Number(r.integration_count ?? 0) })),
    hasMore,
    nextCursor: hasMore && last ? encodeNameCursor(last.origin_org_name, last.origin_org_id) : null,
  };
}
