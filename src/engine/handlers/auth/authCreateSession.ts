import { defineHandler } from '../types.ts';
import { forbidden, unauthorized } from '../../errors.ts';
import { bearerToken } from '../../services/access.ts';
import { hashToken } from '../../services/tokens.ts';
import { findActiveApiKey, markApiKeyUsed } from '../../repositories/apiKeys.ts';
import { createTokenSession } from '../../repositories/authSessions.ts';

// A customer backend opens an auth session for one end-customer organisation and user with its
// API key (the sandbox key opens a sandbox session). The token goes to the knit-auth component;
// only its hash is stored.
export const authCreateSession = defineHandler('authCreateSession', async ({ body }, { db, clock, caller, request }) => {
  if (caller.kind !== 'apiKey') throw forbidden();
  const now = clock.now();
  const key = await findActiveApiKey(db, hashToken(bearerToken(request) ?? ''));
  // The key was revoked between authorisation and here: answer as authorisation would have.
  if (!key) throw unauthorized('Invalid API key');
  const { token, expiresAt } = await createTokenSession(db, {
    org_id: caller.orgId,
    origin_org_id: body.originOrgId,
    origin_org_name: body.originOrgName,
    origin_user_email: body.originUserEmail.toLowerCase(),
    origin_user_name: body.originUserName,
    test_account: caller.sandbox ? 1 : 0,
    sandbox: caller.sandbox ? 1 : 0,
    api_key_id: key.id,
  }, now);
  await markApiKeyUsed(db, key.id, now);
  return { token, expiresAt: Math.floor(expiresAt / 1000), sandbox: caller.sandbox };
});
