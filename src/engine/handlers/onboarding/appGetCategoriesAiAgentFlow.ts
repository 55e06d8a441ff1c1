import { defineSessionHandler } from '../types.ts';
import { listSummaries } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

export const appGetCategoriesAiAgentFlow = defineSessionHandler('appGetCategoriesAiAgentFlow', async (_input, context) => listSummaries(journeyCtx(context), 'ai'));
