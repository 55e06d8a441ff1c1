import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BodyOf } from '../contractTypes.ts';
import { badRequest, notFound } from '../errors.ts';
import { ID_PREFIX, newId } from '../db/ids.ts';
import { appsByIds } from '../repositories/appCatalog.ts';
import {
  applyPreset,
  assertPresetNameFree,
  checkFollowers,
  checkPresetApps,
  checkPresetMappings,
  clearOtherDefaults,
  countRows,
  creatorName,
  findPreset,
  followersOf,
  insertPreset,
  MAP_AT_LEAST_ONE,
  PRESET_NOT_FOUND,
  presetAppIds,
  presetRowsOf,
  refreshPresetOrgs,
  releaseFollowers,
  removePreset,
  updatePreset,
  writePresetApps,
  writePresetRows,
} from '../repositories/mappingPresets.ts';

// The preset wizard's writes. Each checks everything it was sent first (in the order the errors
// are answered) and then writes the preset, its rows and the accounts it changes in one
// transaction, so a failure leaves presets and accounts as they were.
interface SavedPreset {
  presetId: string;
  presetName: string;
  /** Accounts that follow the preset afterwards. */
  integrationCount: number;
}

const ONE_INTEGRATION = 'Select exactly one integration';
const ACCOUNT_NOT_DEFAULT = 'An account preset cannot be the default';

/**
 * App mode (app, rows, confirmed accounts) and account mode (one integration, rows): the preset is
 * applied to the accounts at once.
 */
export async function createAppMappingPreset(
  db: Kysely<Database>, orgId: string, userId: string, body: BodyOf<'appSaveCustomMappingPreset'>, now: number,
): Promise<SavedPreset> {
  const [app] = await appsByIds(db, [body.appId]);
  if (!app) throw notFound('App not found');
  if (body.category !== undefined && body.category !== app.category) throw badRequest('The app is not of this category', 'category');
  const isDefault = body.isDefault ?? false;
  const integrationIds = body.integrationIds ?? [];
  if (body.mode === 'account') {
    if (integrationIds.length !== 1) throw badRequest(ONE_INTEGRATION, 'integrationIds');
    if (isDefault) throw badRequest(ACCOUNT_NOT_DEFAULT, 'isDefault');
  }
  const rows = await checkPresetMappings(db, body.mappings, { appId: app.id });
  if (countRows(rows) === 0) throw badRequest(MAP_AT_LEAST_ONE, 'mappings');
  const accounts = await checkFollowers(db, orgId, integrationIds, [app.id]);
  const createdBy = await creatorName(db, userId);

  const presetId = newId(ID_PREFIX.mappingPreset);
  const integrationCount = await db.transaction().execute(async (trx) => {
    await assertPresetNameFree(trx, orgId, body.presetName);
    await insertPreset(trx, {
      id: presetId, orgId, name: body.presetName, mode: body.mode, appId: app.id, appLabel: app.label, category: app.category,
      createdBy, createdByUserId: userId, isDefault,
    }, now);
    await writePresetRows(trx, presetId, rows);
    await writePresetApps(trx, presetId, [{ id: app.id, label: app.label }]);
    if (isDefault) await clearOtherDefaults(trx, orgId, presetId, [app.id], now);
    const previous = await applyPreset(trx, presetId, accounts, rows, now);
    await refreshPresetOrgs(trx, orgId, [presetId, ...previous]);
    return accounts.length;
  });
  return { presetId, presetName: body.presetName, integrationCount };
}

/**
 * Category mode: user-added rows per sub-category of a category, for the selected apps. Existing
 * accounts are not changed; with isDefault new accounts of those apps get it.
 */
export async function createCategoryMappingPreset(
  db: Kysely<Database>, orgId: string, userId: string, body: BodyOf<'appSaveCategoryCustomMappingPreset'>, now: number,
): Promise<SavedPreset> {
  const rows = await checkPresetMappings(db, body.mappings, { category: body.category });
  if (countRows(rows) === 0) throw badRequest(MAP_AT_LEAST_ONE, 'mappings');
  const apps = await checkPresetApps(db, body.category, body.appIds);
  const isDefault = body.isDefault ?? false;
  const createdBy = await creatorName(db, userId);

  const presetId = newId(ID_PREFIX.categoryPreset);
  await db.transaction().execute(async (trx) => {
    await assertPresetNameFree(trx, orgId, body.presetName);
    await insertPreset(trx, {
      id: presetId, orgId, name: body.presetName, mode: 'category', appId: null, appLabel: null, category: body.category,
      createdBy, createdByUserId: userId, isDefault,
    }, now);
    await writePresetRows(trx, presetId, rows);
    await writePresetApps(trx, presetId, apps);
    if (isDefault) await clearOtherDefaults(trx, orgId, presetId, apps.map((a) => a.id), now);
  });
  return { presetId, presetName: body.presetName, integrationCount: 0 };
}

/**
 * The wizard opened on an existing preset. Omitted properties stay; a sent list replaces the stored
 * one (per sub-category for mappings). Changed rows are applied again to the accounts that follow
 * the preset, accounts added to it get all its rows, accounts removed keep theirs.
 */
export async function editMappingPreset(db: Kysely<Database>, orgId: string, body: BodyOf<'appEditMappingPresets'>, now: number): Promise<SavedPreset> {
  const preset = await findPreset(db, orgId, body.presetId);
  if (!preset) throw notFound(PRESET_NOT_FOUND);
  const isCategory = preset.mode === 'category';
  if (body.integrationIds !== undefined && isCategory) throw badRequest('Category presets are applied by app, not by account', 'integrationIds');
  if (body.appIds !== undefined && !isCategory) throw badRequest('Only category presets are applied by app', 'appIds');
  if (body.isDefault === true && preset.mode === 'account') throw badRequest(ACCOUNT_NOT_DEFAULT, 'isDefault');
  if (preset.mode === 'account' && body.integrationIds !== undefined && body.integrationIds.length !== 1) {
    throw badRequest(ONE_INTEGRATION, 'integrationIds');
  }

  const changed = body.mappings === undefined ? new Map()
    : await checkPresetMappings(db, body.mappings, isCategory ? { category: preset.category ?? '' } : { appId: preset.app_id ?? '' });
  const current = await presetRowsOf(db, preset.id);
  if (countRows(new Map([...current, ...changed])) === 0) throw badRequest(MAP_AT_LEAST_ONE, 'mappings');
  const apps = body.appIds === undefined ? undefined : await checkPresetApps(db, preset.category ?? '', body.appIds);
  const accounts = body.integrationIds === undefined ? undefined : await checkFollowers(db, orgId, body.integrationIds, [preset.app_id ?? '']);

  const integrationCount = await db.transaction().execute(async (trx) => {
    if (body.presetName !== undefined) await assertPresetNameFree(trx, orgId, body.presetName, preset.id);
    const isDefault = body.isDefault ?? preset.is_default === 1;
    await updatePreset(trx, orgId, preset.id, { name: body.presetName ?? preset.name, isDefault }, now);
    await writePresetRows(trx, preset.id, changed);
    if (apps) {
      await writePresetApps(trx, preset.id, apps);
      // Accounts of apps the preset no longer covers stop following it (they keep their rows).
      const followers = await followersOf(trx, orgId, preset.id);
      const keep = followers.filter((a) => apps.some((app) => app.id === a.app_id)).map((a) => a.id);
      if (keep.length < followers.length) await releaseFollowers(trx, orgId, preset.id, keep, now);
    }
    if (isDefault) await clearOtherDefaults(trx, orgId, preset.id, await presetAppIds(trx, preset.id), now);
    const before = await followersOf(trx, orgId, preset.id);
    const previous: string[] = [];
    if (accounts) {
      await releaseFollowers(trx, orgId, preset.id, accounts.map((a) => a.id), now);
      const joining = accounts.filter((a) => a.preset_id !== preset.id);
      previous.push(...await applyPreset(trx, preset.id, joining, await presetRowsOf(trx, preset.id), now));
    }
    const staying = before.filter((a) => !accounts || accounts.some((b) => b.id === a.id));
    if (changed.size > 0 && staying.length > 0) await applyPreset(trx, preset.id, staying, changed, now);
    await refreshPresetOrgs(trx, orgId, [preset.id, ...previous]);
    return (await followersOf(trx, orgId, preset.id)).length;
  });
  return { presetId: preset.id, presetName: body.presetName ?? preset.name, integrationCount };
}

/**
 * Deletes a preset: its followers keep the rows they have (now their own) and follow nothing; new
 * accounts no longer get it. Returns how many accounts followed it.
 */
export async function deleteMappingPreset(db: Kysely<Database>, orgId: string, presetId: string, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const preset = await findPreset(trx, orgId, presetId);
    if (!preset) throw notFound(PRESET_NOT_FOUND);
    const followers = await followersOf(trx, orgId, preset.id);
    await releaseFollowers(trx, orgId, preset.id, [], now);
    await removePreset(trx, orgId, preset.id);
    return followers.length;
  });
}
