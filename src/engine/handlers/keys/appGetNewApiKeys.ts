import { defineSessionHandler } from '../types.ts';
import { rotateApiKey } from '../../services/apiKeys.ts';
import { keysCtx } from './context.ts';

// Generate new API key: the old key of that kind answers 401 from now on; the other kind is kept.
// The new key is in this answer only (the engine keeps its hash and prefix).
export const appGetNewApiKeys = defineSessionHandler('appGetNewApiKeys', async ({ query }, context) => {
  const { db, orgId, now } = keysCtx(context);
  const sandbox = query.sandbox === true;
  const newApiKey = await rotateApiKey(db, orgId, sandbox ? 'sandbox' : 'prod', now);
  return { newApiKey, sandbox };
});
