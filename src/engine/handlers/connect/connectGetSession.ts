import { defineHandler } from '../types.ts';
import { usableSession } from '../../repositories/authSessions.ts';
import { connectOffer } from '../../repositories/connectOffer.ts';
import { activeIntegrationsOf } from '../../repositories/endCustomerIntegrations.ts';
import { catalogLabels, logoUrl } from '../../repositories/integratedAccounts.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { connectBranding } from '../../repositories/personalisation.ts';
import { notFound } from '../../errors.ts';
import type { Category } from '../../../shared/categories.ts';
import type { IntegrationState } from '../../../shared/integrationStates.ts';

// The connect screen's read of a magic link or auth session: who asks, for whom, which apps it may
// connect, how the organisation presents itself (Personalize) and the end customer's integrations.
// Public; the token in the body is the credential.
export const connectGetSession = defineHandler('connectGetSession', async ({ body }, { db, clock, config }) => {
  const session = await usableSession(db, body.authSessionToken, clock.now());
  const org = await findOrganisation(db, session.org_id);
  // A session of an organisation that no longer exists is as dead as an expired one.
  if (!org) throw notFound('This link is invalid or has expired');
  const [categories, branding, integrations, labels] = await Promise.all([
    connectOffer(db, session, { oauthAvailable: config.sandboxEnabled }),
    connectBranding(db, org, config.publicUrl),
    activeIntegrationsOf(db, session),
    catalogLabels(db),
  ]);
  return {
    integrationId: session.integration_id,
    companyName: org.name,
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
    branding,
    integrations: integrations.map((account) => ({
      integrationId: account.id,
      appId: account.app_id,
      appLabel: account.app_label,
      logo: logoUrl(labels.appLogos.get(account.app_id)) ?? null,
      category: account.category as Category,
      integrationState: account.integration_state as IntegrationState,
      createdAt: account.created_at,
    })),
  };
});
