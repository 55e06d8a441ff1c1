import { defineSessionHandler } from '../types.ts';
import { webhookMap } from '../../repositories/webhooks.ts';
import { keysCtx } from './context.ts';

export const appGetWebhookUrlsV3 = defineSessionHandler('appGetWebhookUrlsV3', async (_input, context) => {
  const { db, orgId } = keysCtx(context);
  return webhookMap(db, orgId);
});
