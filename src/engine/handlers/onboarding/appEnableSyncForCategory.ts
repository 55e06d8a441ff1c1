import { defineSessionHandler } from '../types.ts';
import { conflict } from '../../errors.ts';
import { categoryLabel, modelsOfCategory } from '../../repositories/catalog.ts';
import { applySelection, defaultSelection, NO_MODELS, saveSettings, syncSettings } from '../../repositories/categorySettings.ts';
import { requireEnabled } from '../../services/journey.ts';
import { journeyCtx } from './context.ts';

// Fetch Data: enables the category's syncs with the chosen models and start mode. Replaces any
// earlier settings; a subcategory left out gets its default models only.
export const appEnableSyncForCategory = defineSessionHandler('appEnableSyncForCategory', async ({ body }, context) => {
  const ctx = journeyCtx(context);
  const { category } = body;
  await requireEnabled(ctx.db, ctx.orgId, category);
  const models = await modelsOfCategory(ctx.db, category);
  if (models.length === 0) throw conflict(NO_MODELS);
  const selection = applySelection(models, defaultSelection(models), body.syncModels, await categoryLabel(ctx.db, category));
  await saveSettings(ctx.db, ctx.orgId, category, { syncEnabled: true, syncOnApi: body.apiTrigger, selection }, ctx.now);
  return syncSettings(ctx.db, ctx.config.publicUrl, ctx.orgId, category, models);
});
