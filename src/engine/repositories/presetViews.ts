import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type {
  SchemaCategory,
  SchemaIntegrationState,
  SchemaMappingPresetDetails,
  SchemaMappingPresetRow,
  SchemaPresetAccountRow,
  SchemaPresetApp,
} from '../../generated/api/engine.ts';
import { logoUrl } from './integratedAccounts.ts';
import { presetRowsOf } from './mappingPresets.ts';

// Presets and accounts as the presets list and the preset wizard show them (the API shapes are
// built here and only here). A list page loads its presets' apps, organisations and follower
// counts in one query each instead of one per preset.
type Db = Kysely<Database> | Transaction<Database>;
type PresetMode = SchemaMappingPresetRow['mode'];

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The LIKE pattern of a list's case-insensitive "contains" search (escape '\\'), or undefined for
 * no search. Compare it with lower(column): LIKE ignores case on SQLite but not on PostgreSQL.
 */
export function containsPattern(search: string | undefined): string | undefined {
  const needle = search?.trim().toLowerCase();
  return needle ? `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

export function toPresetAccountRow(row: Row<'integrated_accounts'>, presetNames: Map<string, string>): SchemaPresetAccountRow {
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
