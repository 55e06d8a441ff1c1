import { defineSessionHandler } from '../types.ts';
import { categoryLabel } from '../../repositories/catalog.ts';
import { categoriesWithModels, enableWebCategory } from '../../services/journey.ts';
import { categorySummary, journeyView } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

// Enables the category for unified APIs and syncs (idempotent) and selects it in the web journey;
// as Next of Register webhook URL it also completes that step once the category's webhook is saved.
export const appEnableCategory = defineSessionHandler('appEnableCategory', async ({ body }, context) => {
  const ctx = journeyCtx(context);
  const hasModels = (await categoriesWithModels(ctx.db)).has(body.category);
  const journey = await enableWebCategory(ctx, body.category, hasModels);
  const label = await categoryLabel(ctx.db, body.category);
  return { message: `${label} enabled successfully`, category: categorySummary(journey, label), journey: await journeyView(ctx, journey) };
});
