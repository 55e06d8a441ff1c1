import type { Transaction } from 'kysely';
import { defineHandler, type BodyOf } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { newId } from '../../db/ids.ts';
import type { Database, Row } from '../../db/schema.ts';
import { resolveApps } from '../../repositories/aiApps.ts';
import {
  activeSessionOf, appendMessages, createSession, type NewMessage, newestMessages, titleOf, toSessionState,
} from '../../repositories/aiSessions.ts';
import { authFor, chatStepOf, configJson, displayName, requireConnector, statusOf } from '../../repositories/connectors.ts';
import { type ChatStep, stepsBefore } from '../../services/chatFlow.ts';
import { aiCaller } from '../connectors/context.ts';

type Body = BodyOf<'sessionInitialize'>;
type Trx = Transaction<Database>;
interface Who { orgId: string; userId: string; createdBy: string; now: number }

export const UNTITLED = 'Untitled connector';
export const WELCOME = 'Hi! Tell me what your connector should do.';
const NOT_WHEN_RESUMING = 'Not allowed when resuming a draft connector';
const CHANGED_IN_CHAT = 'Change this in the chat of the connector';

// The new-connector flow's entry: a new draft connector and its building session, or the
// session of an existing connector (resumed when active, else opened). No assistant answers here:
// the assistant speaks through session.chat.
export const sessionInitialize = defineHandler('sessionInitialize', async ({ body }, ctx) => {
  const { db, orgId, userId, now } = aiCaller(ctx);
  const prompt = body.prompt?.trim() ? body.prompt.trim() : undefined;
  const who: Who = { orgId, userId, now, createdBy: await displayName(db, userId) };
  const sessionId = await db.transaction().execute(async (trx) => {
    if (!body.connectorId) return startConnector(trx, who, body, prompt);
    const connector = await requireConnector(trx, orgId, body.connectorId);
    return statusOf(connector) === 'draft' ? resumeDraft(trx, who, connector, body, prompt) : openEdit(trx, who, connector, body, prompt);
  });
  const session = await db.selectFrom('ai_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
  const connector = await db.selectFrom('connectors').selectAll().where('id', '=', session.connector_id).executeTakeFirstOrThrow();
  return { session: toSessionState(session, connector), messages: await newestMessages(db, session.id) };
});

/** A draft connector named 'Untitled connector' and its session at describe. */
async function startConnector(trx: Trx, who: Who, body: Body, prompt: string | undefined): Promise<string> {
  const { apps, authType } = await resolveApps(trx, who.orgId, body.appIds ?? []);
  const connectorId = newId('con');
  await trx.insertInto('connectors').values({
    id: connectorId, org_id: who.orgId, name: UNTITLED, created_by: who.createdBy, medium: body.medium ?? 'sync', apps_json: JSON.stringify(apps),
    status: 'draft', session_id: null, chat_step: null, config_json: configJson(authType ? { auth: authFor(authType) } : {}),
    description: prompt ?? '', version: 1, published_at: null, created_at: who.now, updated_at: who.now, deactivated_at: null,
  }).execute();
  const session = await createSession(trx, {
    orgId: who.orgId, connectorId, userId: who.userId, createdBy: who.createdBy, title: prompt ? titleOf(prompt) : UNTITLED, kind: 'build',
    flow: { chatStep: 'describe', completed: apps.length > 0 ? ['select_apps'] : [] },
  }, who.now);
  const messages: NewMessage[] = [{ role: 'assistant', text: WELCOME }];
  if (apps.length > 0) messages.push({ role: 'system', text: `Apps selected: ${apps.map((a) => a.label).join(', ')}.` });
  if (prompt) messages.push({ role: 'user', text: prompt });
  await appendMessages(trx, session, 'describe', messages, who.now);
  return session.id;
}

/** A draft reopens its building session where it stands (a new one at its step if it has none). */
async function resumeDraft(trx: Trx, who: Who, connector: Row<'connectors'>, body: Body, prompt: string | undefined): Promise<string> {
  if (prompt !== undefined) throw badRequest(NOT_WHEN_RESUMING, 'prompt');
  if (body.appIds !== undefined) throw badRequest(NOT_WHEN_RESUMING, 'appIds');
  if (body.medium !== undefined) throw badRequest(NOT_WHEN_RESUMING, 'medium');
  const active = await activeSessionOf(trx, connector.id);
  if (active) return active.id;
  const step: ChatStep = chatStepOf(connector) ?? 'describe';
  const session = await createSession(trx, {
    orgId: who.orgId, connectorId: connector.id, userId: who.userId, createdBy: who.createdBy, title: titleOf(connector.name), kind: 'build',
    flow: { chatStep: step, completed: stepsBefore(step) },
  }, who.now);
  await appendMessages(trx, session, step, [{ role: 'system', text: `Session opened at step ${step}.` }], who.now);
  return session.id;
}

/** A testing or live connector: its active session, else a new editing session at review. */
async function openEdit(trx: Trx, who: Who, connector: Row<'connectors'>, body: Body, prompt: string | undefined): Promise<string> {
  if (body.appIds !== undefined) throw badRequest(CHANGED_IN_CHAT, 'appIds');
  if (body.medium !== undefined) throw badRequest(CHANGED_IN_CHAT, 'medium');
  let session = await activeSessionOf(trx, connector.id);
  const messages: NewMessage[] = [];
  if (!session) {
    session = await createSession(trx, {
      orgId: who.orgId, connectorId: connector.id, userId: who.userId, createdBy: who.createdBy,
      title: titleOf(prompt ?? `Edit ${connector.name}`), kind: 'edit', flow: { chatStep: 'review', completed: stepsBefore('review') },
    }, who.now);
    messages.push({ role: 'system', text: `Editing ${connector.name} (version ${connector.version}).` });
  }
  if (prompt) messages.push({ role: 'user', text: prompt });
  if (messages.length > 0) await appendMessages(trx, session, chatStepOf({ chat_step: session.chat_step }) ?? 'review', messages, who.now);
  return session.id;
}
