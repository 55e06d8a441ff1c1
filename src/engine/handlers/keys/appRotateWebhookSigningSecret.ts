import { defineSessionHandler } from '../types.ts';
import { rotateSigningSecret } from '../../services/webhookSigningSecret.ts';
import { keysCtx } from './context.ts';

// Rotate: a new secret signs every webhook from now on; this answer is the only one that shows it.
export const appRotateWebhookSigningSecret = defineSessionHandler('appRotateWebhookSigningSecret', async (_input, context) => {
  const { db, config, orgId, now } = keysCtx(context);
  const { secret, masked, createdAt } = await rotateSigningSecret(db, config.signingSecret, orgId, now);
  return { secret, maskedSecret: masked, createdAt };
});
