import { defineSessionHandler } from '../types.ts';
import { listPresets, toPresetRows } from '../../repositories/presetViews.ts';

// /dashboard/presets: the organisation's presets newest first (a handful per organisation, so no
// paging). search matches the preset's name, an app label it covers or an organisation following it.
export const appListMappingPresets = defineSessionHandler('appListMappingPresets', async ({ query }, { db, caller }) => {
  const mode = query.mode && query.mode !== 'all' ? query.mode : undefined;
  const presets = await listPresets(db, caller.orgId, { mode, appId: query.appId, search: query.search });
  return { presets: await toPresetRows(db, caller.orgId, presets), presetCount: presets.length };
});
