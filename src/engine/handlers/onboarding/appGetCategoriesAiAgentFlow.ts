import { defineHandler } from '../types.ts';
import { listSummaries } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

export const appGetCategoriesAiAgentFlow = defineHandler('appGetCategoriesAiAgentFlow', async (_input, context) => listSummaries(journeyCtx(context), 'ai'));
