import { defineSessionHandler } from '../types.ts';
import { ApiFailure } from '../../errors.ts';
import { categoryLabel } from '../../repositories/catalog.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { categoriesWithModels, completeStep, readJourney, STEP_LOCKED, type Flow } from '../../services/journey.ts';
import { categorySummary, journeyStatus } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

// Finish Onboarding. Web flow: completes Fetch data once every earlier step is complete, which
// onboards the category and completes the flow and the organisation's onboarding. AI flow: its
// final step completes from events, so this only answers the dialog once that has happened.
export const appCompleteGettingStarted = defineSessionHandler('appCompleteGettingStarted', async ({ body }, context) => {
  const ctx = journeyCtx(context);
  const { category } = body;
  const flowName = body.flow ?? 'webapp';
  const flow: Flow = flowName === 'aiAgent' ? 'ai' : 'web';
  const hasModels = flow === 'web' && (await categoriesWithModels(ctx.db)).has(category);
  let journey = await readJourney(ctx, flow, category, hasModels);
  const final = journey.steps[journey.steps.length - 1];
  if (!journey.row || (flow === 'ai' ? !final.stepStatus : final.locked)) throw new ApiFailure(409, 'STEP_LOCKED', STEP_LOCKED);
  if (flow === 'web') journey = await completeStep(ctx, flow, category, hasModels, final.stepId, { requireUnlocked: true });
  const org = await findOrganisation(ctx.db, ctx.orgId);
  return {
    message: 'Onboarding completed successfully !' as const,
    flow: flowName,
    category: categorySummary(journey, await categoryLabel(ctx.db, category)),
    status: await journeyStatus(ctx),
    defaultIntegrationType: org?.default_integration_type === 'production' ? 'production' as const : 'test' as const,
  };
});
