import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';
import { equalsIgnoringCase } from '../db/dialect.ts';
import type { SchemaPresetSubCategoryMapping } from '../../generated/api/engine.ts';
import { isInactiveState } from '../../shared/integrationStates.ts';
import {
  appTable,
  checkCustomRows,
  type CustomRow,
  mappableSubcategories,
  replaceAccountCustomRows,
  SUBCATEGORY_UNAVAILABLE,
} from './mappingTables.ts';

/*
 * Mapping presets: named sets of CUSTOM rows per sync sub-category that accounts follow. An app or
 * account preset belongs to one app; a category preset (id 'category_…') holds user-added rows of a
 * category for the apps it lists. An account follows at most one preset (integrated_accounts.preset_id)
 * and holds the preset's rows in its own table, so the Edit mapped fields modal and the wizard agree.
 */
type Db = Kysely<Database> | Transaction<Database>;
type PresetRows = Map<string, CustomRow[]>;
type FollowerAccount = Pick<Row<'integrated_accounts'>, 'id' | 'org_id' | 'app_id' | 'preset_id'>;

export const PRESET_NOT_FOUND = 'Preset not found';
const PRESET_NAME_TAKEN = 'Preset name already exists';
export const MAP_AT_LEAST_ONE = 'Please map at least one field';
const SUBCATEGORY_TWICE = 'This sub-category is listed twice';

export async function findPreset(db: Db, orgId: string, presetId: string): Promise<Row<'mapping_presets'> | undefined> {
  return db.selectFrom('mapping_presets').selectAll().where('org_id', '=', orgId).where('id', '=', presetId).executeTakeFirst();
}

interface NewPreset {
  id: string;
  orgId: string;
  name: string;
  mode: string;
  appId: string | null;
  appLabel: string | null;
  category: string | null;
  createdBy: string;
  createdByUserId: string;
  isDefault: boolean;
}

/** Stores a new preset (its rows and apps are written separately). */
export async function insertPreset(trx: Db, preset: NewPreset, now: number): Promise<void> {
  await trx.insertInto('mapping_presets').values({
    id: preset.id, org_id: preset.orgId, name: preset.name, mode: preset.mode, app_id: preset.appId, app_label: preset.appLabel,
    category: preset.category, created_by: preset.createdBy, created_by_user_id: preset.createdByUserId, is_default: preset.isDefault ? 1 : 0,
    created_at: now, updated_at: now,
  }).execute();
}

/** Renames a preset and sets whether it is its apps' default. */
export async function updatePreset(trx: Db, orgId: string, presetId: string, values: { name: string; isDefault: boolean }, now: number): Promise<void> {
  await trx.updateTable('mapping_presets')
    .set({ name: values.name, is_default: values.isDefault ? 1 : 0, updated_at: now })
    .where('id', '=', presetId).where('org_id', '=', orgId).execute();
}

/** Deletes a preset with its rows, apps and organisation list (its followers must be released first). */
export async function removePreset(trx: Db, orgId: string, presetId: string): Promise<void> {
  for (const table of ['mapping_preset_fields', 'mapping_preset_apps', 'mapping_preset_orgs'] as const) {
    await trx.deleteFrom(table).where('preset_id', '=', presetId).execute();
  }
  await trx.deleteFrom('mapping_presets').where('id', '=', presetId).where('org_id', '=', orgId).execute();
}

/** The apps a preset covers. */
export async function presetAppIds(db: Db, presetId: string): Promise<string[]> {
  const rows = await db.selectFrom('mapping_preset_apps').select('app_id').where('preset_id', '=', presetId).execute();
  return rows.map((a) => a.app_id);
}

/** A preset's rows per sub-category, in their stored order. */
export async function presetRowsOf(db: Db, presetId: string): Promise<PresetRows> {
  const rows = await db.selectFrom('mapping_preset_fields').selectAll().where('preset_id', '=', presetId)
    .orderBy('subcategory').orderBy('position').execute();
  const out: PresetRows = new Map();
  for (const r of rows) {
    const list = out.get(r.subcategory) ?? [];
    list.push({ fieldId: r.field_id, fieldFromApp: r.field_from_app, fieldToOrg: r.field_to_org ?? '', dataType: r.data_type, sampleData: r.sample_data, userAdded: r.user_added === 1 });
    out.set(r.subcategory, list);
  }
  return out;
}

/** Preset names are unique in the organisation, case-insensitive (409). */
export async function assertPresetNameFree(db: Db, orgId: string, name: string, exceptId?: string): Promise<void> {
  const clash = await db.selectFrom('mapping_presets').select('id').where('org_id', '=', orgId)
    .where(equalsIgnoringCase('name', name))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  if (clash) throw conflict(PRESET_NAME_TAKEN, 'presetName');
}

/**
 * The rows of a preset as the wizard sends them, checked like app.data.customFields/save per
 * sub-category: against the app's table for an app or account preset, among themselves for a
 * category preset (its rows are user-added, tied to no app). Errors name
 * `mappings.<i>.subCategoryId` or `mappings.<i>.mappings.<j>.<field>`.
 */
export async function checkPresetMappings(
  db: Db,
  groups: SchemaPresetSubCategoryMapping[],
  target: { appId: string } | { category: string },
): Promise<PresetRows> {
  const allowed = 'appId' in target
    ? await mappableSubcategories(db, target.appId)
    : new Set((await db.selectFrom('data_models').select('subcategory').distinct().where('category', '=', target.category).execute()).map((r) => r.subcategory));
  const out: PresetRows = new Map();
  for (const [i, group] of groups.entries()) {
    const field = `mappings.${i}.subCategoryId`;
    if (!allowed.has(group.subCategoryId)) throw badRequest(SUBCATEGORY_UNAVAILABLE, field);
    if (out.has(group.subCategoryId)) throw badRequest(SUBCATEGORY_TWICE, field);
    const table = 'appId' in target ? await appTable(db, target.appId, group.subCategoryId) : null;
    const rows = checkCustomRows(group.mappings, table, `mappings.${i}.mappings`);
    out.set(group.subCategoryId, 'appId' in target ? rows : rows.map((r) => ({ ...r, userAdded: true })));
  }
  return out;
}

export const countRows = (rows: PresetRows) => [...rows.values()].reduce((n, list) => n + list.length, 0);

/** Stores the rows of the given sub-categories (an empty list removes the sub-category). */
export async function writePresetRows(trx: Db, presetId: string, rows: PresetRows): Promise<void> {
  for (const [subcategory, list] of rows) {
    await trx.deleteFrom('mapping_preset_fields').where('preset_id', '=', presetId).where('subcategory', '=', subcategory).execute();
    if (list.length === 0) continue;
    await trx.insertInto('mapping_preset_fields').values(list.map((r, position) => ({
      preset_id: presetId, subcategory, field_id: r.fieldId, field_from_app: r.fieldFromApp, field_to_org: r.fieldToOrg,
      data_type: r.dataType, field_type: 'CUSTOM', sample_data: r.sampleData, user_added: r.userAdded ? 1 : 0, position,
    }))).execute();
  }
}

/** Replaces the apps a preset covers. */
export async function writePresetApps(trx: Db, presetId: string, apps: { id: string; label: string }[]): Promise<void> {
  await trx.deleteFrom('mapping_preset_apps').where('preset_id', '=', presetId).execute();
  if (apps.length > 0) await trx.insertInto('mapping_preset_apps').values(apps.map((a) => ({ preset_id: presetId, app_id: a.id, app_label: a.label }))).execute();
}

/** One default per app: other presets covering any of these apps lose isDefault. */
export async function clearOtherDefaults(trx: Db, orgId: string, presetId: string, appIds: string[], now: number): Promise<void> {
  if (appIds.length === 0) return;
  await trx.updateTable('mapping_presets').set({ is_default: 0, updated_at: now })
    .where('org_id', '=', orgId).where('id', '!=', presetId).where('is_default', '=', 1)
    .where('id', 'in', (q) => q.selectFrom('mapping_preset_apps').select('preset_id').where('app_id', 'in', appIds))
    .execute();
}

/**
 * The accounts a preset is to be applied to, as the wizard lists them: accounts of the caller's
 * organisation, of one of `appIds`, with an Edit mapping action (not Deactivated or Expired,
 * showCustomFields not 'false'). Anything else answers 400 on `integrationIds.<i>`.
 */
export async function checkFollowers(db: Db, orgId: string, integrationIds: string[], appIds: string[]): Promise<FollowerAccount[]> {
  const rows = integrationIds.length === 0 ? [] : await db.selectFrom('integrated_accounts')
    .select(['id', 'org_id', 'app_id', 'preset_id', 'integration_state', 'show_custom_fields'])
    .where('org_id', '=', orgId).where('id', 'in', integrationIds).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return integrationIds.map((id, i) => {
    const row = byId.get(id);
    if (!row || !appIds.includes(row.app_id)) throw badRequest('Not an integrated account of this app', `integrationIds.${i}`);
    if (isInactiveState(row.integration_state) || row.show_custom_fields !== 1) {
      throw badRequest('The mapping of this account cannot be edited', `integrationIds.${i}`);
    }
    return { id: row.id, org_id: row.org_id, app_id: row.app_id, preset_id: row.preset_id };
  });
}

/**
 * Applies a preset's rows to accounts (each covered sub-category's CUSTOM rows are replaced; the
 * sub-categories the account's app has no table for are skipped) and makes them follow it. Returns
 * the presets the accounts followed before, whose organisation lists change too.
 */
export async function applyPreset(trx: Db, presetId: string, accounts: FollowerAccount[], rows: PresetRows, now: number): Promise<string[]> {
  const mappable = new Map<string, Set<string>>();
  for (const account of accounts) {
    if (!mappable.has(account.app_id)) mappable.set(account.app_id, await mappableSubcategories(trx, account.app_id));
    for (const [subcategory, list] of rows) {
      if (mappable.get(account.app_id)!.has(subcategory)) await replaceAccountCustomRows(trx, account, subcategory, list, now);
    }
  }
  const moved = accounts.filter((a) => a.preset_id !== presetId);
  for (let i = 0; i < moved.length; i += 500) {
    await trx.updateTable('integrated_accounts').set({ preset_id: presetId, updated_at: now })
      .where('org_id', '=', accounts[0].org_id).where('id', 'in', moved.slice(i, i + 500).map((a) => a.id)).execute();
  }
  return [...new Set(moved.map((a) => a.preset_id).filter((p): p is string => p !== null))];
}

/** Accounts that follow a preset. */
export async function followersOf(db: Db, orgId: string, presetId: string): Promise<FollowerAccount[]> {
  return db.selectFrom('integrated_accounts').select(['id', 'org_id', 'app_id', 'preset_id'])
    .where('org_id', '=', orgId).where('preset_id', '=', presetId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Accounts that stop following a preset keep their rows (they are their own now). */
export async function releaseFollowers(trx: Db, orgId: string, presetId: string, keep: string[], now: number): Promise<void> {
  await trx.updateTable('integrated_accounts').set({ preset_id: null, updated_at: now })
    .where('org_id', '=', orgId).where('preset_id', '=', presetId)
    .$if(keep.length > 0, (q) => q.where('id', 'not in', keep))
    .execute();
}

/** mapping_preset_orgs is the distinct end-customer organisations of a preset's followers. */
export async function refreshPresetOrgs(trx: Db, orgId: string, presetIds: string[]): Promise<void> {
  for (const presetId of new Set(presetIds)) {
    await trx.deleteFrom('mapping_preset_orgs').where('preset_id', '=', presetId).execute();
    await trx.insertInto('mapping_preset_orgs').columns(['preset_id', 'origin_org_id', 'origin_org_name'])
      .expression(trx.selectFrom('integrated_accounts')
        .select([sql<string>`cast(${presetId} as text)`.as('preset_id'), 'origin_org_id', sql<string>`min(origin_org_name)`.as('origin_org_name')])
        .where('org_id', '=', orgId).where('preset_id', '=', presetId).groupBy('origin_org_id'))
      .execute();
  }
}

/**
 * A new account of an app follows the app's default preset (app or category preset with isDefault
 * covering the app), with its rows applied. For the code that creates integrated accounts; call it
 * in the creating transaction.
 */
export async function applyDefaultPreset(trx: Db, account: FollowerAccount, now: number): Promise<string | null> {
  const preset = await trx.selectFrom('mapping_presets as p').innerJoin('mapping_preset_apps as a', 'a.preset_id', 'p.id')
    .select('p.id').where('p.org_id', '=', account.org_id).where('p.is_default', '=', 1).where('a.app_id', '=', account.app_id)
    .orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').executeTakeFirst();
  if (!preset) return null;
  const previous = await applyPreset(trx, preset.id, [account], await presetRowsOf(trx, preset.id), now);
  await refreshPresetOrgs(trx, account.org_id, [preset.id, ...previous]);
  return preset.id;
}

/** The creator as the presets list shows them: their username, else their e-mail. */
export async function creatorName(db: Db, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select(['username', 'email']).where('id', '=', userId).executeTakeFirst();
  return user?.username?.trim() || user?.email || '';
}

/** The apps of a category preset: each must be an app of its category (400 on `appIds.<i>`). */
export async function checkPresetApps(db: Db, category: string, appIds: string[]): Promise<{ id: string; label: string }[]> {
  if (appIds.length === 0) throw badRequest('Please select at least one app', 'appIds');
  const rows = await db.selectFrom('apps').select(['id', 'label', 'category']).where('id', 'in', appIds).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return appIds.map((id, i) => {
    const app = byId.get(id);
    if (!app || app.category !== category) throw badRequest('Not an app of this category', `appIds.${i}`);
    return { id: app.id, label: app.label };
  });
}
