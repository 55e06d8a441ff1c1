import { defineSessionHandler } from '../types.ts';
import { categoryLabel, modelsOfCategory } from '../../repositories/catalog.ts';
import { applySelection, requireSyncing, saveSettings, settingsRow, storedSelection, syncSettings } from '../../repositories/categorySettings.ts';
import { journeyCtx } from './context.ts';

// Edit > Data Models: replaces the listed subcategories' models, keeps the others. Accounts that
// are already connected keep their own subscription.
export const appUpdateSyncModels = defineSessionHandler('appUpdateSyncModels', async ({ body }, context) => {
  const ctx = journeyCtx(context);
  const { category } = body;
  await requireSyncing(ctx.db, ctx.orgId, category);
  const models = await modelsOfCategory(ctx.db, category);
  const current = storedSelection(models, (await settingsRow(ctx.db, ctx.orgId, category))?.sync_models_json);
  const selection = applySelection(models, current, body.syncModels, await categoryLabel(ctx.db, category));
  await saveSettings(ctx.db, ctx.orgId, category, { selection }, ctx.now);
  return syncSettings(ctx.db, ctx.config.publicUrl, ctx.orgId, category, models);
});
