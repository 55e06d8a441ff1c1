import { defineHandler } from '../types.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findPreset, followersOf, PRESET_NOT_FOUND, releaseFollowers } from '../../repositories/mappingPresets.ts';

// Deleting a preset: its followers keep the rows they have (now their own) and follow nothing;
// new accounts no longer get it. One transaction, so a failure leaves the preset whole.
export const appDeleteMappingPreset = defineHandler('appDeleteMappingPreset', async ({ body }, { db, caller, clock }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const orgId = caller.orgId;
  const count = await db.transaction().execute(async (trx) => {
    const preset = await findPreset(trx, orgId, body.presetId);
    if (!preset) throw notFound(PRESET_NOT_FOUND);
    const followers = await followersOf(trx, orgId, preset.id);
    await releaseFollowers(trx, orgId, preset.id, [], now);
    for (const table of ['mapping_preset_fields', 'mapping_preset_apps', 'mapping_preset_orgs'] as const) {
      await trx.deleteFrom(table).where('preset_id', '=', preset.id).execute();
    }
    await trx.deleteFrom('mapping_presets').where('id', '=', preset.id).where('org_id', '=', orgId).execute();
    return followers.length;
  });
  return { presetId: body.presetId, integrationCount: count };
});
