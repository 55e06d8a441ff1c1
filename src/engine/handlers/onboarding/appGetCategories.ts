import { defineHandler } from '../types.ts';
import { listSummaries } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

export const appGetCategories = defineHandler('appGetCategories', async (_input, context) => listSummaries(journeyCtx(context), 'web'));
