import { defineHandler } from '../types.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { createLinkSession } from '../../repositories/authSessions.ts';
import { INACTIVE_STATES, type IntegrationState } from '../../repositories/integratedAccounts.ts';

// Reintegrate: a magic link that reconnects the same account (same integrationId) to the same
// app. Only a Success account can be reintegrated; the link offers only the account's app.
export const appCreateReIntegrateMagicLink = defineHandler('appCreateReIntegrateMagicLink', async ({ body }, { db, caller, clock, config }) => {
  if (caller.kind !== 'session') throw forbidden();
  const rows = await db.selectFrom('integrated_accounts').selectAll()
    .where('org_id', '=', caller.orgId)
    .where('origin_org_id', '=', body.knitOriginOrgId)
    .where('app_id', '=', body.appId)
    .where('category', 'in', body.categories)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const account = rows.find((r) => r.integration_state === 'Success')
    ?? rows.find((r) => !INACTIVE_STATES.includes(r.integration_state as IntegrationState)) ?? rows[0];
  if (!account) throw notFound('Integrated account not found');
  if (account.integration_state !== 'Success') throw conflict('Only Success accounts can be reintegrated');
  // The link offers the account's own app only, whatever filters the row sent.
  const filters = [{ category: account.category, apps: [account.app_id] }];
  const created = await createLinkSession(db, config.publicUrl, {
    org_id: caller.orgId,
    kind: 'reintegrate',
    origin_org_id: account.origin_org_id,
    origin_org_name: body.originOrgName,
    origin_user_email: body.originUserEmail,
    origin_user_name: body.originUserName,
    test_account: (body.testAccount ?? account.test_account === 1) ? 1 : 0,
    sandbox: 0,
    show_custom_mapping: account.show_custom_fields,
    categories_json: JSON.stringify([account.category]),
    filters_json: JSON.stringify(filters),
    app_id: account.app_id,
    integration_id: account.id,
    created_by_user_id: caller.userId,
  }, clock.now());
  return { link: created.link, integrationId: created.integrationId };
});
