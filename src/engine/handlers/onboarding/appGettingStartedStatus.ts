import { defineHandler } from '../types.ts';
import { journeyStatus } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

export const appGettingStartedStatus = defineHandler('appGettingStartedStatus', async (_input, context) => journeyStatus(journeyCtx(context)));
