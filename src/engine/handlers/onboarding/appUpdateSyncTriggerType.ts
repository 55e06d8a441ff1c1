import { defineSessionHandler } from '../types.ts';
import { modelsOfCategory } from '../../repositories/catalog.ts';
import { requireSyncing, saveSettings, settingsRow, syncSettings } from '../../repositories/categorySettings.ts';
import { journeyCtx } from './context.ts';

// Edit > Sync Start Mode: on API trigger (syncOnAPI) or automatic. Sending the current value
// changes nothing (not even the last-change time).
export const appUpdateSyncTriggerType = defineSessionHandler('appUpdateSyncTriggerType', async ({ body }, context) => {
  const ctx = journeyCtx(context);
  const { category, apiTrigger } = body;
  await requireSyncing(ctx.db, ctx.orgId, category);
  const row = await settingsRow(ctx.db, ctx.orgId, category);
  if ((row?.sync_on_api === 1) !== apiTrigger) await saveSettings(ctx.db, ctx.orgId, category, { syncOnApi: apiTrigger }, ctx.now);
  return syncSettings(ctx.db, ctx.config.publicUrl, ctx.orgId, category, await modelsOfCategory(ctx.db, category));
});
