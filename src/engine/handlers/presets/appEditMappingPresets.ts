import { defineHandler } from '../types.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import {
  applyPreset,
  assertPresetNameFree,
  checkFollowers,
  checkPresetApps,
  checkPresetMappings,
  clearOtherDefaults,
  countRows,
  findPreset,
  followersOf,
  MAP_AT_LEAST_ONE,
  PRESET_NOT_FOUND,
  presetRowsOf,
  refreshPresetOrgs,
  releaseFollowers,
  writePresetApps,
  writePresetRows,
} from '../../repositories/mappingPresets.ts';

// The wizard opened on an existing preset. Omitted properties stay; a sent list replaces the stored
// one (per sub-category for mappings). Changed rows are applied again to the accounts that follow
// the preset, accounts added to it get all its rows, accounts removed keep theirs. Everything is
// checked first and written in one transaction.
export const appEditMappingPresets = defineHandler('appEditMappingPresets', async ({ body }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const orgId = caller.orgId;
  const now = clock.now();
  const preset = await findPreset(db, orgId, body.presetId);
  if (!preset) throw notFound(PRESET_NOT_FOUND);
  const isCategory = preset.mode === 'category';
  if (body.integrationIds !== undefined && isCategory) throw badRequest('Category presets are applied by app, not by account', 'integrationIds');
  if (body.appIds !== undefined && !isCategory) throw badRequest('Only category presets are applied by app', 'appIds');
  if (body.isDefault === true && preset.mode === 'account') throw badRequest('An account preset cannot be the default', 'isDefault');
  if (preset.mode === 'account' && body.integrationIds !== undefined && body.integrationIds.length !== 1) {
    throw badRequest('Select exactly one integration', 'integrationIds');
  }

  const changed = body.mappings === undefined ? new Map()
    : await checkPresetMappings(db, body.mappings, isCategory ? { category: preset.category ?? '' } : { appId: preset.app_id ?? '' });
  const current = await presetRowsOf(db, preset.id);
  if (countRows(new Map([...current, ...changed])) === 0) throw badRequest(MAP_AT_LEAST_ONE, 'mappings');
  const apps = body.appIds === undefined ? undefined : await checkPresetApps(db, preset.category ?? '', body.appIds);
  const accounts = body.integrationIds === undefined ? undefined : await checkFollowers(db, orgId, body.integrationIds, [preset.app_id ?? '']);

  const count = await db.transaction().execute(async (trx) => {
    if (body.presetName !== undefined) await assertPresetNameFree(trx, orgId, body.presetName, preset.id);
    const isDefault = body.isDefault ?? preset.is_default === 1;
    await trx.updateTable('mapping_presets')
      .set({ name: body.presetName ?? preset.name, is_default: isDefault ? 1 : 0, updated_at: now })
      .where('id', '=', preset.id).where('org_id', '=', orgId).execute();
    await writePresetRows(trx, preset.id, changed);
    if (apps) {
      await writePresetApps(trx, preset.id, apps);
      // Accounts of apps the preset no longer covers stop following it (they keep their rows).
      const followers = await followersOf(trx, orgId, preset.id);
      const keep = followers.filter((a) => apps.some((app) => app.id === a.app_id)).map((a) => a.id);
      if (keep.length < followers.length) await releaseFollowers(trx, orgId, preset.id, keep, now);
    }
    if (isDefault) {
      const covered = await trx.selectFrom('mapping_preset_apps').select('app_id').where('preset_id', '=', preset.id).execute();
      await clearOtherDefaults(trx, orgId, preset.id, covered.map((a) => a.app_id), now);
    }
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
  return { presetId: preset.id, presetName: body.presetName ?? preset.name, integrationCount: count };
});
