import { defineSessionHandler } from '../types.ts';
import { pagePresetAccounts, presetNamesOf, toPresetAccountRow } from '../../repositories/presetViews.ts';

// The wizard's account pickers (select integration, confirm accounts): accounts with an Edit
// mapping action, newest first.
export const appMappingPresetsGetIntegratedAccounts = defineSessionHandler('appMappingPresetsGetIntegratedAccounts', async ({ query }, { db, caller }) => {
  const orgId = caller.orgId;
  const page = await pagePresetAccounts(db, orgId, { appId: query.appId, category: query.category, originOrgId: query.originOrgId, search: query.search }, query);
  const names = await presetNamesOf(db, orgId, page.items.map((a) => a.preset_id));
  return {
    accounts: page.items.map((a) => toPresetAccountRow(a, names)),
    accountCount: page.total,
    hasMoreRecords: page.hasMore,
    nextCursor: page.nextCursor,
  };
});
