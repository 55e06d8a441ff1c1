import { defineHandler } from '../types.ts';
import { forbidden, unauthorized } from '../../errors.ts';
import { newId } from '../../db/ids.ts';
import { bearerToken } from '../../services/access.ts';
import { hashToken, randomToken } from '../../services/tokens.ts';

const SESSION_MINUTES = 30;

// A customer backend opens an auth session for one end-customer organisation and user with its
// API key (the sandbox key opens a sandbox session). The token goes to the knit-auth component;
// only its hash is stored.
export const authCreateSession = defineHandler('authCreateSession', async ({ body }, { db, clock, caller, request }) => {
  if (caller.kind !== 'apiKey') throw forbidden();
  const now = clock.now();
  const keyHash = hashToken(bearerToken(request) ?? '');
  const key = await db.selectFrom('api_keys').select('id').where('key_hash', '=', keyHash).where('revoked_at', 'is', null).executeTakeFirst();
  // The key was revoked between authorisation and here: answer as authorisation would have.
  if (!key) throw unauthorized('Invalid API key');
  const token = `as_${randomToken(32)}`;
  const expiresAt = now + SESSION_MINUTES * 60_000;
  await db.insertInto('auth_sessions').values({
    id: newId('aus'),
    token_hash: hashToken(token),
    org_id: caller.orgId,
    kind: 'session',
    origin_org_id: body.originOrgId,
    origin_org_name: body.originOrgName,
    origin_user_email: body.originUserEmail.toLowerCase(),
    origin_user_name: body.originUserName,
    test_account: caller.sandbox ? 1 : 0,
    sandbox: caller.sandbox ? 1 : 0,
    api_key_id: key.id,
    created_at: now,
    expires_at: expiresAt,
  }).execute();
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', key.id).execute();
  return { token, expiresAt: Math.floor(expiresAt / 1000), sandbox: caller.sandbox };
});
