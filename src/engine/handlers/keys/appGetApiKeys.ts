import { defineSessionHandler } from '../types.ts';
import { showApiKey } from '../../services/apiKeys.ts';
import { keysCtx } from './context.ts';

// Both API keys of the organisation: a key this call creates is in full (the only time it is
// shown); a key that already existed is masked, since the engine keeps only its hash and prefix.
export const appGetApiKeys = defineSessionHandler('appGetApiKeys', async (_input, context) => {
  const { db, orgId, now } = keysCtx(context);
  const prod = await showApiKey(db, orgId, 'prod', now);
  const sandbox = await showApiKey(db, orgId, 'sandbox', now);
  return { prodApiKey: prod.key, sandboxApiKey: sandbox.key, prodApiKeyMasked: prod.masked, sandboxApiKeyMasked: sandbox.masked };
});
