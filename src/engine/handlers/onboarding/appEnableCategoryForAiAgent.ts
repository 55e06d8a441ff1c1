import { defineSessionHandler } from '../types.ts';
import { categoryLabel } from '../../repositories/catalog.ts';
import { openJourney } from '../../services/journey.ts';
import { categorySummary, journeyView } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

// Enables the category in the AI Agents Toolkit flow (idempotent) and selects it in the AI journey.
export const appEnableCategoryForAiAgent = defineSessionHandler('appEnableCategoryForAiAgent', async ({ body }, context) => {
  const ctx = journeyCtx(context);
  const journey = await openJourney(ctx, 'ai', body.category, false, { enable: true });
  const label = await categoryLabel(ctx.db, body.category);
  return { message: `${label} enabled successfully`, category: categorySummary(journey, label), journey: await journeyView(ctx, journey) };
});
