import { defineHandler } from '../types.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { ID_PREFIX, newId } from '../../db/ids.ts';
import {
  assertPresetNameFree,
  checkPresetApps,
  checkPresetMappings,
  clearOtherDefaults,
  countRows,
  creatorName,
  MAP_AT_LEAST_ONE,
  writePresetApps,
  writePresetRows,
} from '../../repositories/mappingPresets.ts';

// The wizard's category mode: user-added rows per sub-category of a category, for the selected
// apps. Existing accounts are not changed; with isDefault new accounts of those apps get it.
export const appSaveCategoryCustomMappingPreset = defineHandler('appSaveCategoryCustomMappingPreset', async ({ body }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const orgId = caller.orgId;
  const now = clock.now();
  const rows = await checkPresetMappings(db, body.mappings, { category: body.category });
  if (countRows(rows) === 0) throw badRequest(MAP_AT_LEAST_ONE, 'mappings');
  const apps = await checkPresetApps(db, body.category, body.appIds);
  const isDefault = body.isDefault ?? false;
  const createdBy = await creatorName(db, caller.userId);

  const presetId = newId(ID_PREFIX.categoryPreset);
  await db.transaction().execute(async (trx) => {
    await assertPresetNameFree(trx, orgId, body.presetName);
    await trx.insertInto('mapping_presets').values({
      id: presetId, org_id: orgId, name: body.presetName, mode: 'category', app_id: null, app_label: null, category: body.category,
      created_by: createdBy, created_by_user_id: caller.userId, is_default: isDefault ? 1 : 0, created_at: now, updated_at: now,
    }).execute();
    await writePresetRows(trx, presetId, rows);
    await writePresetApps(trx, presetId, apps);
    if (isDefault) await clearOtherDefaults(trx, orgId, presetId, apps.map((a) => a.id), now);
  });
  return { presetId, presetName: body.presetName, integrationCount: 0 };
});
