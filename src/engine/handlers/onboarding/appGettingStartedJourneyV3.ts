import { defineSessionHandler } from '../types.ts';
import { categoriesWithModels, openJourney } from '../../services/journey.ts';
import { journeyView } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

// Loading a category's web journey selects it (selectCategory complete, in progress unless
// finished); reset=true restarts it. Steps come back with their lock state and initial data.
export const appGettingStartedJourneyV3 = defineSessionHandler('appGettingStartedJourneyV3', async ({ query }, context) => {
  const ctx = journeyCtx(context);
  const hasModels = (await categoriesWithModels(ctx.db)).has(query.category);
  const journey = await openJourney(ctx, 'web', query.category, hasModels, { reset: query.reset === true });
  return journeyView(ctx, journey);
});
