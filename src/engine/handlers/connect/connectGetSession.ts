import { defineHandler } from '../types.ts';
import { usableSession } from '../../repositories/authSessions.ts';
import { connectOffer } from '../../repositories/connectOffer.ts';
import { findOrganisation } from '../../repositories/organisations.ts';

// The connect screen's read of a magic link: who asks, for whom, and which apps it may connect.
// Public; the token in the body is the credential.
export const connectGetSession = defineHandler('connectGetSession', async ({ body }, { db, clock, config }) => {
  const session = await usableSession(db, body.authSessionToken, clock.now());
  const [org, categories] = await Promise.all([findOrganisation(db, session.org_id), connectOffer(db, session, { oauthAvailable: config.sandboxEnabled })]);
  return {
    integrationId: session.integration_id,
    companyName: org?.name ?? '',
    originOrgId: session.origin_org_id,
    originOrgName: session.origin_org_name,
    originUserName: session.origin_user_name,
    originUserEmail: session.origin_user_email,
    language: session.language,
    testAccount: session.test_account === 1,
    sandbox: session.sandbox === 1,
    reintegrate: session.kind === 'reintegrate',
    expiresAt: Math.floor(session.expires_at / 1000),
    categories,
  };
});
