import { defineSessionHandler } from '../types.ts';
import { deleteMappingPreset } from '../../services/mappingPresets.ts';

// Deleting a preset: its followers keep the rows they have (now their own) and follow nothing;
// new accounts no longer get it. One transaction, so a failure leaves the preset whole.
export const appDeleteMappingPreset = defineSessionHandler('appDeleteMappingPreset', async ({ body }, { db, caller, clock }) => {
  const integrationCount = await deleteMappingPreset(db, caller.orgId, body.presetId, clock.now());
  return { presetId: body.presetId, integrationCount };
});
