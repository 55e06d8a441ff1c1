import { defineHandler } from '../types.ts';
import { liveApiKey } from '../../repositories/apiKeys.ts';
import { keysCtx } from './context.ts';

// Both API keys of the organisation, created on first use.
export const appGetApiKeys = defineHandler('appGetApiKeys', async (_input, context) => {
  const { db, config, orgId, now } = keysCtx(context);
  const prodApiKey = await liveApiKey(db, config.signingSecret, orgId, 'prod', now);
  const sandboxApiKey = await liveApiKey(db, config.signingSecret, orgId, 'sandbox', now);
  return { prodApiKey, sandboxApiKey };
});
