import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { configJson, type StoredApp, type StoredConfig } from './connectors.ts';

// What the connector-building chat writes on its connector: the apps chosen at select_apps, the
// status moving from draft to testing to live, and the session a published connector points back
// at. Each runs in the transaction of the chat transition that causes it.
type Db = Kysely<Database> | Transaction<Database>;

/** A draft whose chat reached the test step is being tested. */
export async function markConnectorTesting(db: Db, connectorId: string, now: number): Promise<void> {
  await db.updateTable('connectors').set({ status: 'testing', updated_at: now }).where('id', '=', connectorId).execute();
}

/** Replaces the connector's apps and configuration: a saved change, so its version goes up. */
export async function setConnectorApps(db: Db, connectorId: string, apps: StoredApp[], config: StoredConfig, now: number): Promise<void> {
  await db.updateTable('connectors')
    .set((eb) => ({ apps_json: JSON.stringify(apps), config_json: configJson(config), version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', connectorId).execute();
}

export async function publishConnector(db: Db, connectorId: string, now: number): Promise<void> {
  await db.updateTable('connectors').set({ status: 'live', published_at: now, updated_at: now }).where('id', '=', connectorId).execute();
}

/** A published connector points at the session that published it, standing at live. */
export async function pointLiveConnectorAt(db: Db, connectorId: string, sessionId: string | null, now: number): Promise<void> {
  await db.updateTable('connectors').set({ session_id: sessionId, chat_step: 'live', updated_at: now })
    .where('id', '=', connectorId).execute();
}
