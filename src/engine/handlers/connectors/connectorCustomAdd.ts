import { defineHandler } from '../types.ts';
import { conflict } from '../../errors.ts';
import { newId } from '../../db/ids.ts';
import { customAppId, saveCustomApp } from '../../repositories/aiApps.ts';
import { appendMessages, createSession, titleOf, toSessionState } from '../../repositories/aiSessions.ts';
import { authFor, configJson, displayName, nameTaken, type StoredApp, toConnectorRow } from '../../repositories/connectors.ts';
import { aiCaller } from './context.ts';

const NAME_EXISTS = 'Connector name already exists';

// A connector for an app the catalog lacks: the app as the user described it, a draft connector
// on it and its building session, already past describe and select_apps.
export const connectorCustomAdd = defineHandler('connectorCustomAdd', async ({ body }, ctx) => {
  const { db, orgId, userId, now } = aiCaller(ctx);
  const createdBy = await displayName(db, userId);
  return db.transaction().execute(async (trx) => {
    if (await nameTaken(trx, orgId, body.name)) throw conflict(NAME_EXISTS, 'name');
    const app = { id: customAppId(body.appName), label: body.appName, baseUrl: body.baseUrl, docsUrl: body.docsUrl ?? null, category: body.category ?? null, authType: body.authType };
    await saveCustomApp(trx, orgId, userId, app, now);
    const stored: StoredApp = { id: app.id, label: app.label, logo: null, category: app.category };
    const connectorId = newId('con');
    await trx.insertInto('connectors').values({
      id: connectorId, org_id: orgId, name: body.name, created_by: createdBy, medium: body.medium, apps_json: JSON.stringify([stored]),
      status: 'draft', session_id: null, chat_step: null, config_json: configJson({ auth: authFor(body.authType) }),
      description: body.description ?? '', version: 1, published_at: null, created_at: now, updated_at: now, deactivated_at: null,
    }).execute();
    const session = await createSession(trx, {
      orgId, connectorId, userId, createdBy, title: titleOf(body.description || body.name), kind: 'build',
      flow: { chatStep: 'configure_auth', completed: ['describe', 'select_apps'] },
    }, now);
    await appendMessages(trx, session, 'configure_auth', [
      { role: 'system', text: `Custom app ${app.label} added (${app.baseUrl}).` },
      ...(body.description ? [{ role: 'user' as const, text: body.description }] : []),
    ], now);
    const connector = await trx.selectFrom('connectors').selectAll().where('id', '=', connectorId).executeTakeFirstOrThrow();
    const saved = await trx.selectFrom('ai_sessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    return { connector: toConnectorRow(connector, 0), session: toSessionState(saved, connector) };
  });
});
