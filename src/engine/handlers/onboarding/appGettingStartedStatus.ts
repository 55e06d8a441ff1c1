import { defineSessionHandler } from '../types.ts';
import { journeyStatus } from '../../services/journeyView.ts';
import { journeyCtx } from './context.ts';

export const appGettingStartedStatus = defineSessionHandler('appGettingStartedStatus', async (_input, context) => journeyStatus(journeyCtx(context)));
