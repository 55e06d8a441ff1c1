import { defineSessionHandler } from '../types.ts';
import { signingSecretOf } from '../../services/webhookSigningSecret.ts';
import { keysCtx } from './context.ts';

// The webhook signing secret as the API Keys & Webhooks page shows it: masked (created on first
// use); only a rotation shows a secret in full.
export const appGetWebhookSigningSecret = defineSessionHandler('appGetWebhookSigningSecret', async (_input, context) => {
  const { db, config, orgId, now } = keysCtx(context);
  const { masked, createdAt } = await signingSecretOf(db, config.signingSecret, orgId, now);
  return { maskedSecret: masked, createdAt };
});
