import { defineHandler } from '../types.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { ID_PREFIX, newId } from '../../db/ids.ts';
import {
  applyPreset,
  assertPresetNameFree,
  checkFollowers,
  checkPresetMappings,
  clearOtherDefaults,
  countRows,
  creatorName,
  MAP_AT_LEAST_ONE,
  refreshPresetOrgs,
  writePresetApps,
  writePresetRows,
} from '../../repositories/mappingPresets.ts';

// The wizard's last step in app mode (app, rows, confirmed accounts) and account mode (one
// integration, rows). Everything is checked before anything is written, and the preset, its
// rows and the accounts it is applied to are written in one transaction.
export const appSaveCustomMappingPreset = defineHandler('appSaveCustomMappingPreset', async ({ body }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const orgId = caller.orgId;
  const now = clock.now();
  const app = await db.selectFrom('apps').select(['id', 'label', 'category']).where('id', '=', body.appId).executeTakeFirst();
  if (!app) throw notFound('App not found');
  if (body.category !== undefined && body.category !== app.category) throw badRequest('The app is not of this category', 'category');
  const isDefault = body.isDefault ?? false;
  const integrationIds = body.integrationIds ?? [];
  if (body.mode === 'account') {
    if (integrationIds.length !== 1) throw badRequest('Select exactly one integration', 'integrationIds');
    if (isDefault) throw badRequest('An account preset cannot be the default', 'isDefault');
  }
  const rows = await checkPresetMappings(db, body.mappings, { appId: app.id });
  if (countRows(rows) === 0) throw badRequest(MAP_AT_LEAST_ONE, 'mappings');
  const accounts = await checkFollowers(db, orgId, integrationIds, [app.id]);
  const createdBy = await creatorName(db, caller.userId);

  const presetId = newId(ID_PREFIX.mappingPreset);
  const count = await db.transaction().execute(async (trx) => {
    await assertPresetNameFree(trx, orgId, body.presetName);
    await trx.insertInto('mapping_presets').values({
      id: presetId, org_id: orgId, name: body.presetName, mode: body.mode, app_id: app.id, app_label: app.label, category: app.category,
      created_by: createdBy, created_by_user_id: caller.userId, is_default: isDefault ? 1 : 0, created_at: now, updated_at: now,
    }).execute();
    await writePresetRows(trx, presetId, rows);
    await writePresetApps(trx, presetId, [{ id: app.id, label: app.label }]);
    if (isDefault) await clearOtherDefaults(trx, orgId, presetId, [app.id], now);
    const previous = await applyPreset(trx, presetId, accounts, rows, now);
    await refreshPresetOrgs(trx, orgId, [presetId, ...previous]);
    return accounts.length;
  });
  return { presetId, presetName: body.presetName, integrationCount: count };
});
