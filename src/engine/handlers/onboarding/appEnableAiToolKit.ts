import { defineSessionHandler } from '../types.ts';
import { ApiFailure } from '../../errors.ts';
import { categoryLabel } from '../../repositories/catalog.ts';
import { enableAiToolkit } from '../../repositories/categorySettings.ts';
import { completeStep, isCategoryEnabled, STEP_LOCKED } from '../../services/journey.ts';
import { categorySummary, journeyView } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

// Use toolkit with LLMs: turns the category's toolkit on and completes the step. Locked until the
// category is enabled for AI agents. A repeat call only changes the recorded framework.
export const appEnableAiToolKit = defineSessionHandler('appEnableAiToolKit', async ({ body }, context) => {
  const ctx = journeyCtx(context);
  const { category } = body;
  if (!(await isCategoryEnabled(ctx.db, ctx.orgId, 'ai', category))) throw new ApiFailure(409, 'STEP_LOCKED', STEP_LOCKED);
  await enableAiToolkit(ctx.db, ctx.orgId, category, ctx.now);
  const journey = await completeStep(ctx, 'ai', category, false, 'useToolkit', { requireUnlocked: true, ...(body.framework ? { framework: body.framework } : {}) });
  return {
    category: categorySummary(journey, await categoryLabel(ctx.db, category)),
    framework: (journey.framework ?? null) as 'langgraph' | 'langchain' | 'openai' | null,
    journey: await journeyView(ctx, journey),
  };
});
