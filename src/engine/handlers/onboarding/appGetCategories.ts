import { defineSessionHandler } from '../types.ts';
import { listSummaries } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

export const appGetCategories = defineSessionHandler('appGetCategories', async (_input, context) => listSummaries(journeyCtx(context), 'web'));
