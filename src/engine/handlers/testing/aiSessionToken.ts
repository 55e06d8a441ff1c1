import { defineSessionHandler } from '../types.ts';
import { conflict } from '../../errors.ts';
import { authConfigured } from '../../repositories/aiSessions.ts';
import { createTokenSession } from '../../repositories/authSessions.ts';
import { requireConnector } from '../../repositories/connectors.ts';
import { aiCaller } from '../connectors/context.ts';

// An auth session, as auth.createSession opens for a customer backend, that the dashboard user
// opens to connect a test account of their own to one AI connector in the auth component. Only
// the token's hash is stored; the token is shown once.
export const aiSessionToken = defineSessionHandler('aiSessionToken', async ({ body }, ctx) => {
  const { db, orgId, userId, now } = aiCaller(ctx);
  const connector = await requireConnector(db, orgId, body.connectorId);
  if (!(await authConfigured(db, connector))) throw conflict('Configure the auth of this connector first');
  return createTokenSession(db, {
    org_id: orgId,
    origin_org_id: body.originOrgId,
    origin_org_name: body.originOrgName,
    origin_user_email: body.originUserEmail.toLowerCase(),
    origin_user_name: body.originUserName,
    test_account: body.testAccount === false ? 0 : 1,
    sandbox: 0,
    connector_type: 'ai-connectors',
    connector_ids_json: JSON.stringify([connector.id]),
    created_by_user_id: userId,
  }, now);
});
