import { defineSessionHandler } from '../types.ts';
import { openJourney } from '../../services/journey.ts';
import { journeyView } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

// The AI flow's journey of a category: loading selects it; its final Embed SDK step completes
// from events, which completes the category and the AI flow.
export const appGettingStartedJourneyAiAgentFlow = defineSessionHandler('appGettingStartedJourneyAiAgentFlow', async ({ query }, context) => {
  const ctx = journeyCtx(context);
  const journey = await openJourney(ctx, 'ai', query.category, false, { reset: query.reset === true });
  return journeyView(ctx, journey);
});
