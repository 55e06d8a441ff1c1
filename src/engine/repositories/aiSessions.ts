import { type Kysely, sql, type Transaction } from 'kysely';
import type { components } from '../../generated/api/ai.ts';
import { newId } from '../db/ids.ts';
import { anyMatchesIgnoringCase, containsPattern } from '../db/dialect.ts';
import type { Database, Row } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { type ChatStep, type FlowState, inFlowOrder, isChatStep, isPast } from '../services/chatFlow.ts';
import { parseJson } from './catalog.ts';
import { cursorList, type PageRequest } from './listPaging.ts';
import { givenValues } from '../db/compiledOnce.ts';
import { statusOf } from './connectors.ts';

// Connector-building chat sessions and their messages. A session row carries what the history
// panel shows (title, counters, last message preview) so the panel is one index range scan; every
// message goes through appendMessages, which keeps those counters true.
type Db = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
export type SessionState = Schemas['SessionState'];
type SessionSummary = Schemas['SessionSummary'];
export type ChatMessage = Schemas['ChatMessage'];
type SessionStatus = Schemas['SessionStatus'];
type ChatRole = Schemas['ChatRole'];

const SESSION_NOT_FOUND = 'Session not found';
const SESSION_INACTIVE = 'This session is no longer active';
/** What a new session's title is cut to, and the history's preview of the last message. */
const TITLE_LENGTH = 80;
const PREVIEW_LENGTH = 120;
/** Messages session.initialize returns (older ones come from session.messages). */
const NEWEST_MESSAGES = 50;

const messageId = (id: number) => `msg_${id}`;
export const titleOf = (text: string) => text.trim().replace(/\s+/g, ' ').slice(0, TITLE_LENGTH);

export function flowOf(session: Row<'ai_sessions'>): FlowState {
  return {
    chatStep: isChatStep(session.chat_step) ? session.chat_step : 'describe',
    completed: inFlowOrder(parseJson<unknown[]>(session.completed_steps_json, [])),
  };
}

const sessionStatus = (value: string): SessionStatus => (value === 'completed' || value === 'discarded' ? value : 'active');

export function toSessionState(session: Row<'ai_sessions'>, connector: Pick<Row<'connectors'>, 'name' | 'status'>): SessionState {
  const flow = flowOf(session);
  return {
    sessionId: session.id,
    connectorId: session.connector_id,
    connectorName: connector.name,
    connectorStatus: statusOf(connector),
    status: sessionStatus(session.status),
    chatStep: flow.chatStep,
    completedSteps: flow.completed,
    updatedAt: session.updated_at,
  };
}

function toSessionSummary(session: Row<'ai_sessions'>, connectorName: string): SessionSummary {
  return {
    sessionId: session.id,
    connectorId: session.connector_id,
    connectorName,
    title: session.title,
    createdBy: session.created_by,
    createdAt: session.created_at,
    updatedAt: session.updated_at,
    status: sessionStatus(session.status),
    chatStep: flowOf(session).chatStep,
    messageCount: session.message_count,
    lastMessagePreview: session.last_message_preview,
  };
}

interface StoredContent {
  text?: string;
  actions?: ChatMessage['actions'];
  attachments?: ChatMessage['attachments'];
  clientMessageId?: string | null;
}

function toChatMessage(row: Row<'ai_session_messages'>): ChatMessage {
  const content = parseJson<StoredContent>(row.content_json, {});
  const role: ChatRole = row.role === 'user' || row.role === 'assistant' ? row.role : 'system';
  return {
    messageId: messageId(row.id),
    sessionId: row.session_id,
    role,
    content: typeof content.text === 'string' ? content.text : '',
    createdAt: row.created_at,
    chatStep: isChatStep(row.chat_step) ? row.chat_step : 'describe',
    actions: role === 'assistant' && Array.isArray(content.actions) ? content.actions : [],
    attachments: Array.isArray(content.attachments) ? content.attachments : [],
    clientMessageId: role === 'user' ? (content.clientMessageId ?? null) : null,
  };
}

/** A session of the organisation; 404 for unknown ids, other organisations' and deleted connectors' sessions. */
export async function requireSession(db: Db, orgId: string, sessionId: string): Promise<{ session: Row<'ai_sessions'>; connector: Row<'connectors'> }> {
  const session = await db.selectFrom('ai_sessions').selectAll().where('org_id', '=', orgId).where('id', '=', sessionId).executeTakeFirst();
  const connector = session && await db.selectFrom('connectors').selectAll()
    .where('id', '=', session.connector_id).where('status', '!=', 'deactivated').executeTakeFirst();
  if (!session || !connector) throw notFound(SESSION_NOT_FOUND);
  return { session, connector };
}

export function assertActive(session: Row<'ai_sessions'>): void {
  if (session.status !== 'active') throw conflict(SESSION_INACTIVE);
}

export async function activeSessionOf(db: Db, connectorId: string): Promise<Row<'ai_sessions'> | undefined> {
  return db.selectFrom('ai_sessions').selectAll().where('connector_id', '=', connectorId).where('status', '=', 'active').executeTakeFirst();
}

interface NewSession {
  orgId: string;
  connectorId: string;
  userId: string;
  createdBy: string;
  title: string;
  kind: 'build' | 'edit';
  flow: FlowState;
}

/** A new active session; the connector points at it and mirrors its step. */
export async function createSession(db: Db, values: NewSession, now: number): Promise<Row<'ai_sessions'>> {
  const row = {
    id: newId('ais'), org_id: values.orgId, connector_id: values.connectorId, created_by_user_id: values.userId, created_by: values.createdBy,
    title: values.title, kind: values.kind, status: 'active', chat_step: values.flow.chatStep, completed_steps_json: JSON.stringify(values.flow.completed),
    message_count: 0, last_message_preview: '', created_at: now, updated_at: now,
  };
  await db.insertInto('ai_sessions').values(row).execute();
  await db.updateTable('connectors').set({ session_id: row.id, chat_step: row.chat_step, updated_at: now }).where('id', '=', values.connectorId).execute();
  return row;
}

/** Saves a session's new step (and status); the connector mirrors the step of its current session. */
export async function saveFlow(db: Db, session: Row<'ai_sessions'>, flow: FlowState, now: number, status: SessionStatus = 'active'): Promise<Row<'ai_sessions'>> {
  const values = { chat_step: flow.chatStep, completed_steps_json: JSON.stringify(flow.completed), status, updated_at: now };
  await db.updateTable('ai_sessions').set(values).where('id', '=', session.id).execute();
  await db.updateTable('connectors').set({ chat_step: flow.chatStep, updated_at: now })
    .where('id', '=', session.connector_id).where('session_id', '=', session.id).execute();
  return { ...session, ...values };
}

export interface NewMessage {
  role: ChatRole;
  text: string;
  actions?: ChatMessage['actions'];
  attachments?: ChatMessage['attachments'];
  clientMessageId?: string;
}

/** Stores messages in order at the session's step and keeps the session's counters and preview. */
export async function appendMessages(db: Db, session: Row<'ai_sessions'>, chatStep: ChatStep, messages: NewMessage[], now: number): Promise<ChatMessage[]> {
  const stored: ChatMessage[] = [];
  for (const m of messages) {
    const content: StoredContent = { text: m.text, actions: m.actions ?? [], attachments: m.attachments ?? [], clientMessageId: m.clientMessageId ?? null };
    const row = await db.insertInto('ai_session_messages').values({
      org_id: session.org_id, session_id: session.id, connector_id: session.connector_id, role: m.role,
      content_json: JSON.stringify(content), chat_step: chatStep, created_at: now,
    }).returningAll().executeTakeFirstOrThrow();
    stored.push(toChatMessage(row));
  }
  const last = messages[messages.length - 1];
  if (last) {
    await db.updateTable('ai_sessions').set({
      message_count: sql<number>`message_count + ${messages.length}`,
      last_message_preview: last.text.trim().replace(/\s+/g, ' ').slice(0, PREVIEW_LENGTH),
      updated_at: now,
    }).where('id', '=', session.id).execute();
  }
  return stored;
}

/** The newest messages of a session, oldest first (what the chat view opens on). */
export async function newestMessages(db: Db, sessionId: string, limit = NEWEST_MESSAGES): Promise<ChatMessage[]> {
  const rows = await db.selectFrom('ai_session_messages').selectAll().where('session_id', '=', sessionId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.reverse().map(toChatMessage);
}

/** Discards the connector's active sessions (it was deleted). */
export async function discardSessionsOf(db: Db, connectorId: string, now: number): Promise<void> {
  await db.updateTable('ai_sessions').set({ status: 'discarded', updated_at: now })
    .where('connector_id', '=', connectorId).where('status', '=', 'active').execute();
}

/** configure_auth is done: the connector is past draft, or its building session has done the step. */
export async function authConfigured(db: Db, connector: Pick<Row<'connectors'>, 'id' | 'status'>): Promise<boolean> {
  if (statusOf(connector) !== 'draft') return true;
  const session = await activeSessionOf(db, connector.id);
  if (!session) return false;
  const flow = flowOf(session);
  return isPast(flow.chatStep, flow.completed, 'configure_auth');
}

/** A connector's name and status as its sessions show them, deleted (deactivated) or not. */
export async function connectorNameAndStatus(db: Db, connectorId: string): Promise<Pick<Row<'connectors'>, 'name' | 'status'>> {
  return db.selectFrom('connectors').select(['name', 'status']).where('id', '=', connectorId).executeTakeFirstOrThrow();
}

/** A session just written, read back with its connector. */
export async function sessionStateOf(db: Db, sessionId: string): Promise<SessionState> {
  const session = await db.selectFrom('ai_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
  return toSessionState(session, await connectorNameAndStatus(db, session.connector_id));
}

/** The connector's session that last completed (published it), if any. */
export async function lastCompletedSessionId(db: Db, connectorId: string): Promise<string | undefined> {
  const row = await db.selectFrom('ai_sessions').select('id').where('connector_id', '=', connectorId).where('status', '=', 'completed')
    .orderBy('updated_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return row?.id;
}

interface SessionHistoryFilters { connectorId?: string; status?: string; search?: string }

const sessionHistoryPage = cursorList({
  shapeOf: (v: { orgId: string; connectorId?: string; status?: string; pattern?: string }) => givenValues(v),
  build: (db, v, given) => db.selectFrom('ai_sessions as s').innerJoin('connectors as c', 'c.id', 's.connector_id')
    .selectAll('s').select('c.name as connector_name')
    .where('s.org_id', '=', v.orgId).where('c.status', '!=', 'deactivated')
    .$if(given.connectorId, (q) => q.where('s.connector_id', '=', v.connectorId!))
    .$if(given.status, (q) => q.where('s.status', '=', v.status!))
    .$if(given.pattern, (q) => q.where(anyMatchesIgnoringCase(['s.title', 'c.name'], v.pattern!))),
}, { ts: 's.updated_at', id: 's.id', idKind: 'text' });

const sessionMessagesPage = cursorList({
  shapeOf: () => ({}),
  build: (db, v: { sessionId: string }) => db.selectFrom('ai_session_messages').selectAll().where('session_id', '=', v.sessionId),
}, { ts: 'created_at', id: 'id', idKind: 'integer' });

/**
 * One page of the history panel: the organisation's sessions, latest activity first, on the
 * (org_id[, status], updated_at, id) indexes. Sessions of deleted connectors are gone with them.
 */
export async function pageSessionHistory(db: Db, orgId: string, filters: SessionHistoryFilters, page: Pick<PageRequest, 'limit' | 'cursor'>): Promise<{ sessions: SessionSummary[]; nextCursor: string | null }> {
  const values = { orgId, connectorId: filters.connectorId || undefined, status: filters.status || undefined, pattern: containsPattern(filters.search) };
  const found = await sessionHistoryPage(db, values, page);
  return { sessions: found.items.map(({ connector_name, ...s }) => toSessionSummary(s, connector_name)), nextCursor: found.nextCursor };
}

/** One page of a session's messages, newest first, on the (session_id, created_at, id) index. */
export async function pageSessionMessages(db: Db, sessionId: string, page: Pick<PageRequest, 'limit' | 'cursor'>): Promise<{ messages: ChatMessage[]; nextCursor: string | null }> {
  const found = await sessionMessagesPage(db, { sessionId }, page);
  return { messages: found.items.map(toChatMessage), nextCursor: found.nextCursor };
}
