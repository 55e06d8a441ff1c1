import type { Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { BodyOf } from '../contractTypes.ts';
import { conflict } from '../errors.ts';
import { customAppId, saveCustomApp } from '../repositories/aiApps.ts';
import { appendMessages, createSession, requireSession, titleOf } from '../repositories/aiSessions.ts';
import { deactivateConnector } from '../repositories/connectorLifecycle.ts';
import { authFor, displayName, insertDraftConnector, nameTaken, type StoredApp } from '../repositories/connectors.ts';

// Changes to a connector that write several tables: each runs in one transaction, so a failure
// (or a concurrent change that wins) leaves nothing half done.
const NAME_EXISTS = 'Connector name already exists';

/**
 * Deletes a connector for the user: it and everything that still runs or offers it stop together.
 * Returns how many accounts were deactivated with it; undefined when it is unknown or already gone.
 */
export async function deleteConnector(db: Kysely<Database>, orgId: string, connectorId: string, now: number): Promise<number | undefined> {
  return db.transaction().execute((trx) => deactivateConnector(trx, orgId, connectorId, now));
}

/**
 * A connector for an app the catalog lacks: the app as the user described it, a draft connector
 * on it and its building session, already past describe and select_apps. The name is checked in
 * the same transaction that takes it.
 */
export async function addCustomConnector(
  db: Kysely<Database>,
  who: { orgId: string; userId: string; now: number },
  body: BodyOf<'connectorCustomAdd'>,
): Promise<{ connector: Row<'connectors'>; session: Row<'ai_sessions'> }> {
  const { orgId, userId, now } = who;
  const createdBy = await displayName(db, userId);
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, orgId, body.name)) throw conflict(NAME_EXISTS, 'name');
    const app = { id: customAppId(body.appName), label: body.appName, baseUrl: body.baseUrl, docsUrl: body.docsUrl ?? null, category: body.category ?? null, authType: body.authType };
    await saveCustomApp(trx, orgId, userId, app, now);
    const stored: StoredApp = { id: app.id, label: app.label, logo: null, category: app.category };
    const connectorId = await insertDraftConnector(trx, {
      orgId, name: body.name, createdBy, medium: body.medium, apps: [stored], config: { auth: authFor(body.authType) }, description: body.description ?? '',
    }, now);
    const session = await createSession(trx, {
      orgId, connectorId, userId, createdBy, title: titleOf(body.description || body.name), kind: 'build',
      flow: { chatStep: 'configure_auth', completed: ['describe', 'select_apps'] },
    }, now);
    await appendMessages(trx, session, 'configure_auth', [
      { role: 'system', text: `Custom app ${app.label} added (${app.baseUrl}).` },
      ...(body.description ? [{ role: 'user' as const, text: body.description }] : []),
    ], now);
    // Read back as stored: the session's counters and both rows' updated_at moved with the writes.
    const saved = await requireSession(trx, orgId, session.id);
    return { connector: saved.connector, session: saved.session };
  });
}
