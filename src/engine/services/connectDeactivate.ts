import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { MsgOf } from '../contractTypes.ts';
import { conflict, notFound } from '../errors.ts';
import { deactivateAccountInState } from '../repositories/accountChanges.ts';
import { usableSession } from '../repositories/authSessions.ts';
import { findEndCustomerIntegration } from '../repositories/endCustomerIntegrations.ts';
import { stopAccountJobs } from '../repositories/syncs.ts';
import type { Category } from '../../shared/categories.ts';
import { isInactiveState } from '../../shared/integrationStates.ts';

// The end customer deactivates one of their integrations from the knit-auth component. The session
// reaches only its own end customer's accounts of its own kind (endCustomerIntegrations.ts), so a
// token cannot touch another customer's or another organisation's account; deactivation changes
// what the dashboard's deactivate action changes, in one transaction, and only an account that is
// still in the state just read (a concurrent change answers 409 instead of being overwritten).
type IntegrationDetails = MsgOf<'connectDeactivate'>;

const ACCOUNT_NOT_FOUND = 'Integrated account not found';
const NO_LONGER_ACTIVE = 'This integration is no longer active';

export async function deactivateEndCustomerIntegration(
  db: Kysely<Database>,
  request: { authSessionToken: string; integrationId: string },
  now: number,
): Promise<IntegrationDetails> {
  const session = await usableSession(db, request.authSessionToken, now);
  const account = await findEndCustomerIntegration(db, session, request.integrationId);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  if (isInactiveState(account.integration_state)) throw conflict(NO_LONGER_ACTIVE);
  await db.transaction().execute(async (trx) => {
    if (!(await deactivateAccountInState(trx, session.org_id, account.id, account.integration_state, now))) throw conflict(NO_LONGER_ACTIVE);
    await stopAccountJobs(trx, account.id, now);
  });
  return {
    integrationId: account.id,
    appId: account.app_id,
    categoryId: account.category as Category,
    originOrgId: session.origin_org_id,
    success: true,
    errors: [],
    isDeactivated: true,
  };
}
