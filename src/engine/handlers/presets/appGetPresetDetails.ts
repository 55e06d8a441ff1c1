import { defineSessionHandler } from '../types.ts';
import { badRequest, notFound } from '../../errors.ts';
import { findPreset, PRESET_NOT_FOUND } from '../../repositories/mappingPresets.ts';
import { findPresetAccount, presetNamesOf, toPresetAccountRow, toPresetDetails } from '../../repositories/presetViews.ts';

// A preset for the wizard (by presetId), or the preset an account follows (by integrationId: the
// Edit mapping action goes to the preset, or to presets/create in account mode when there is none).
export const appGetPresetDetails = defineSessionHandler('appGetPresetDetails', async ({ query }, { db, caller }) => {
  const orgId = caller.orgId;
  const presetId = query.presetId || undefined;
  const integrationId = query.integrationId || undefined;
  if ((presetId === undefined) === (integrationId === undefined)) {
    throw badRequest('Send either presetId or integrationId', presetId === undefined ? 'presetId' : 'integrationId');
  }
  if (presetId !== undefined) {
    const preset = await findPreset(db, orgId, presetId);
    if (!preset) throw notFound(PRESET_NOT_FOUND);
    return { presetDetails: await toPresetDetails(db, orgId, preset) };
  }
  const account = await findPresetAccount(db, orgId, integrationId!);
  if (!account) throw notFound('Integrated account not found');
  const integration = toPresetAccountRow(account, await presetNamesOf(db, orgId, [account.preset_id]));
  const preset = account.preset_id ? await findPreset(db, orgId, account.preset_id) : undefined;
  if (!preset) return { presetDetails: { presetId: null, integration } };
  return { presetDetails: { ...(await toPresetDetails(db, orgId, preset)), integration } };
});
