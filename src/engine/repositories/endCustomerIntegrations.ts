import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { INACTIVE_STATES } from '../../shared/integrationStates.ts';

// The integrations an auth session's end customer has with the organisation: the accounts of the
// session's originOrgId, of the session's kind (a test or sandbox session sees the test accounts,
// any other session the production ones). The knit-auth component lists the active ones and
// deactivates one; nothing outside this set is reachable through a session.
type Db = Kysely<Database> | Transaction<Database>;
type SessionRow = Pick<Row<'auth_sessions'>, 'org_id' | 'origin_org_id' | 'test_account'>;

/** How many integrations connect.getSession lists (the contract's maxItems). */
export const LISTED_INTEGRATIONS = 50;

const INTEGRATION_COLUMNS = ['id', 'app_id', 'app_label', 'category', 'integration_state', 'created_at'] as const;
export type EndCustomerIntegration = Pick<Row<'integrated_accounts'>, (typeof INTEGRATION_COLUMNS)[number]>;

function ofEndCustomer(db: Db, session: SessionRow) {
  return db.selectFrom('integrated_accounts')
    .where('org_id', '=', session.org_id)
    .where('origin_org_id', '=', session.origin_org_id)
    .where('test_account', '=', session.test_account);
}

/** The end customer's active integrations, newest first (the org_id, origin_org_id, created_at index). */
export function activeIntegrationsOf(db: Db, session: SessionRow): Promise<EndCustomerIntegration[]> {
  return ofEndCustomer(db, session)
    .select(INTEGRATION_COLUMNS)
    .where('integration_state', 'not in', INACTIVE_STATES)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LISTED_INTEGRATIONS)
    .execute();
}

/** One integration of the end customer by id, whatever its state; undefined for anyone else's. */
export function findEndCustomerIntegration(db: Db, session: SessionRow, integrationId: string): Promise<EndCustomerIntegration | undefined> {
  return ofEndCustomer(db, session).select(INTEGRATION_COLUMNS).where('id', '=', integrationId).executeTakeFirst();
}
