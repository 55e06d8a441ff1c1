import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { parseJson } from './catalog.ts';
import { discardSessionsOf } from './aiSessions.ts';
import { INACTIVE_STATES } from '../../shared/integrationStates.ts';

// Deleting a connector (connector.deactivate, or discarding the session of a connector that was
// never published). It cannot be undone, so everything that still offers or runs the connector
// stops in the same transaction: its accounts, their sync jobs, its chat sessions and the
// magic links that name it.
type Db = Kysely<Database> | Transaction<Database>;

/**
 * Deactivates the connector and returns how many of its accounts were deactivated with it;
 * undefined when it is unknown or already deactivated (a concurrent delete won).
 */
export async function deactivateConnector(db: Db, orgId: string, connectorId: string, now: number): Promise<number | undefined> {
  const deleted = await db.updateTable('connectors').set({ status: 'deactivated', deactivated_at: now, updated_at: now })
    .where('org_id', '=', orgId).where('id', '=', connectorId).where('status', '!=', 'deactivated').executeTakeFirst();
  if (Number(deleted.numUpdatedRows) === 0) return undefined;

  // Accounts still active stop: API calls answer 403 and no webhook is delivered for a Deactivated account.
  const accounts = await db.updateTable('integrated_accounts')
    .set({ integration_state: 'Deactivated', deactivated_at: now, updated_at: now })
    .where('org_id', '=', orgId).where('connector_id', '=', connectorId).where('integration_state', 'not in', INACTIVE_STATES)
    .executeTakeFirst();
  await db.updateTable('sync_jobs').set({ status: 'stopped', next_run_at: null, locked_until: null, locked_by: null, updated_at: now })
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([
      eb('connector_id', '=', connectorId),
      eb('integration_id', 'in', eb.selectFrom('integrated_accounts').select('id').where('org_id', '=', orgId).where('connector_id', '=', connectorId)),
    ]))
    .where('status', '!=', 'stopped')
    .execute();

  await discardSessionsOf(db, connectorId, now);
  await dropFromMagicLinks(db, orgId, connectorId);
  return Number(accounts.numUpdatedRows);
}

/** Active magic links that offer the connector stop offering it. */
async function dropFromMagicLinks(db: Db, orgId: string, connectorId: string): Promise<void> {
  const links = await db.selectFrom('auth_sessions').select(['id', 'connector_ids_json'])
    .where('org_id', '=', orgId).where('state', '=', 'active')
    .where(sql<boolean>`connector_ids_json like ${`%"${connectorId}"%`}`)
    .execute();
  for (const link of links) {
    const ids = parseJson<string[]>(link.connector_ids_json, []).filter((id) => id !== connectorId);
    await db.updateTable('auth_sessions').set({ connector_ids_json: JSON.stringify(ids) }).where('id', '=', link.id).execute();
  }
}
